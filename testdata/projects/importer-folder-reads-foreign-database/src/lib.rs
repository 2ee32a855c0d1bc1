pub mod import;

use rusqlite::Connection;

/// The app's own history database: opened without WAL.
pub fn open_history(path: &str) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.execute_batch("CREATE TABLE IF NOT EXISTS history (command TEXT)")?;
    Ok(conn)
}
