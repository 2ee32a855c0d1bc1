use rusqlite::Connection;

// Statements of unknown text may write.
pub fn run_script(path: &str, script: &str) -> rusqlite::Result<()> {
    let conn = Connection::open(path)?; // ~ missing-wal
    conn.execute_batch(script)?;
    Ok(())
}
