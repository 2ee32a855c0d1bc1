use rusqlite::Connection;

/// Opens the store and checks it answers; nothing here chooses a journal mode.
pub fn open_store(path: &str) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.prepare("SELECT count(*) FROM notes")?;
    Ok(conn)
}
