//! A storage library whose `vacuum()` nobody in this project calls: the
//! library's contract, not its bug. A VACUUM in a function that does more
//! than vacuum is still reported where it is written.

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

    pub fn vacuum(&self) -> rusqlite::Result<()> {
        self.conn.execute_batch("VACUUM")
    }

    pub fn vacuum_after_purge(&self) -> rusqlite::Result<()> {
        self.conn.execute("DELETE FROM messages WHERE expired = 1", [])?;
        self.conn.execute_batch("VACUUM")
    }
}
