use rusqlite::Connection;

/// The cache crate's own `prepare`: it enables WAL on the connection it is
/// given. `conn.prepare(..)` on a rusqlite connection is not this function.
pub struct Cache;

impl Cache {
    pub fn prepare(&self, conn: &Connection) -> rusqlite::Result<()> {
        conn.pragma_update(None, "journal_mode", "WAL")
    }
}
