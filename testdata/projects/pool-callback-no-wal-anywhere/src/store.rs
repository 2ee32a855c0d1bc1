use rusqlite::Connection;

/// Runs on a pooled connection when the store starts; no journal mode is chosen anywhere.
pub fn init(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch("PRAGMA foreign_keys = ON;")
}
