//! A storage library: `vacuum()` is its public API, and running it is the
//! caller's choice, so the finding belongs where the app calls it.

use rusqlite::Connection;

pub struct Store {
    conn: Connection,
}

impl Store {
    pub fn open(path: &str) -> rusqlite::Result<Store> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        Ok(Store { conn })
    }

    pub fn delete_message(&self, id: i64) -> rusqlite::Result<usize> {
        self.conn.execute("DELETE FROM messages WHERE id = ?1", [id])
    }

    /// Reclaims free pages.
    pub fn vacuum(&self) -> rusqlite::Result<()> {
        self.conn.execute_batch("VACUUM")
    }

    /// The database's own maintenance entry point: still only a wrapper.
    pub fn run_vacuum(&self) -> rusqlite::Result<()> {
        self.vacuum()
    }
}
