//! A small store. Its tests call the per-row helper from a loop and open
//! their own scratch databases; none of that is reported, nor is it evidence
//! against the production code.

use std::fs::File;

use rusqlite::{params, Connection};

pub struct Store {
    conn: Connection,
}

impl Store {
    pub fn open(path: &str) -> rusqlite::Result<Store> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        Ok(Store { conn })
    }

    /// One row; production code calls it once per user action.
    pub fn add_tag(&self, name: &str) -> rusqlite::Result<usize> {
        self.conn.execute("INSERT INTO tags (name) VALUES (?1)", params![name])
    }
}

pub fn append_all(log: &mut File, batches: &[Vec<u8>]) -> std::io::Result<()> {
    use std::io::Write;
    for batch in batches {
        log.write_all(batch)?;
        log.sync_all()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch() -> Connection {
        Connection::open("scratch.db").unwrap()
    }

    #[test]
    fn adds_many_tags() {
        let store = Store { conn: scratch() };
        for name in ["a", "b", "c"] {
            store.add_tag(name).unwrap();
        }
    }
}
