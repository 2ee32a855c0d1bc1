use rusqlite::Connection;

/// The statement is prepared once, but each execution still commits alone.
pub fn save_all(conn: &Connection, names: &[String]) -> rusqlite::Result<()> {
    let mut insert = conn.prepare("INSERT INTO tags (name) VALUES (?1)")?;
    for name in names {
        insert.execute([name])?;
    }
    Ok(())
}
