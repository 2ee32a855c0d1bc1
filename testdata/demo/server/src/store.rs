//! The server's SQLite store. One connection per worker, opened at start-up.

use std::path::Path;

use rusqlite::{params, Connection, OptionalExtension, Result};

pub struct Store {
    conn: Connection,
}

impl Store {
    pub fn open(path: &Path) -> Result<Self> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let store = Store { conn };
        store.migrate()?;
        Ok(store)
    }

    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    fn migrate(&self) -> Result<()> {
        self.conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS account (
                id INTEGER PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                created_at INTEGER NOT NULL
            );
            CREATE TABLE IF NOT EXISTS entry (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES account (id),
                hike_uuid TEXT NOT NULL,
                body TEXT NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX IF NOT EXISTS entry_live
                ON entry (account_id, updated_at) WHERE deleted_at IS NULL;",
        )
    }

    pub fn account_count(&self) -> Result<i64> {
        self.conn.query_row("SELECT count(*) FROM account", [], |r| r.get(0))
    }

    pub fn upsert_entries(&mut self, account_id: i64, entries: &[(String, String, i64)]) -> Result<()> {
        let tx = self.conn.transaction()?;
        {
            let mut stmt = tx.prepare_cached(
                "INSERT INTO entry (account_id, hike_uuid, body, updated_at) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (hike, body, updated_at) in entries {
                stmt.execute(params![account_id, hike, body, updated_at])?;
            }
        }
        tx.commit()
    }

    pub fn latest_update(&self, account_id: i64) -> Result<Option<i64>> {
        self.conn
            .query_row(
                "SELECT max(updated_at) FROM entry WHERE account_id = ?1 AND deleted_at IS NULL",
                [account_id],
                |r| r.get(0),
            )
            .optional()
            .map(Option::flatten)
    }

    /// Removes soft-deleted entries older than `cutoff` and compacts the file.
    pub fn purge_deleted(&self, cutoff: i64) -> Result<usize> {
        let removed = self.conn.execute(
            "DELETE FROM entry WHERE deleted_at IS NOT NULL AND deleted_at < ?1",
            [cutoff],
        )?;
        self.conn.execute_batch("VACUUM;")?;
        Ok(removed)
    }
}
