use rusqlite::Connection;

/// Runs on a pooled connection when the store starts.
pub fn init(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch("PRAGMA journal_mode = wal;")
}
