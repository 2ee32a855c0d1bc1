use rusqlite::Connection;

/// The same shape outside a one-shot job: a sync pass opens the database
/// once per table, on every sync.
pub fn sync_all(dir: &str, names: &[String]) -> rusqlite::Result<()> {
    for name in names {
        touch_table(dir, name)?;
    }
    Ok(())
}

fn touch_table(dir: &str, name: &str) -> rusqlite::Result<()> {
    let conn = Connection::open(format!("{dir}/app.db"))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.execute_batch(&format!("UPDATE {name} SET synced = 1"))?;
    drop(conn);
    Ok(())
}
