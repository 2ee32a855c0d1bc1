//! Stores of the sync server. Each one opens its own SQLite file; only the
//! session store switches it to WAL.

use std::path::Path;
use std::str::FromStr;

use rusqlite::{Connection, OpenFlags, Result};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqliteSynchronous};

/// Opens the device registry, marks it seen and reads it: the journal
/// mode is never set.
pub fn device_names(path: &Path) -> Result<Vec<String>> {
    let conn = Connection::open(path)?; // ~ missing-wal
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.execute("UPDATE registry SET last_read = unixepoch()", [])?;
    let mut stmt = conn.prepare("SELECT name FROM device ORDER BY name")?;
    let names = stmt.query_map([], |row| row.get(0))?;
    names.collect()
}

/// The audit log is written all day long, still with a rollback journal.
pub struct AuditLog {
    conn: Connection,
}

impl AuditLog {
    pub fn create(path: &Path) -> Result<AuditLog> {
        let conn = rusqlite::Connection::open_with_flags( // ~ missing-wal
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
        )?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS audit (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, line TEXT NOT NULL);",
        )?;
        Ok(AuditLog { conn })
    }

    pub fn append(&self, at: i64, line: &str) -> Result<()> {
        self.conn
            .execute("INSERT INTO audit (at, line) VALUES (?1, ?2)", (at, line))?;
        Ok(())
    }
}

/// WAL right after the open: this one is fine, and it does not count for the
/// other stores of this file.
pub fn open_sessions(path: &Path) -> Result<Connection> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    Ok(conn)
}

/// The job queue's pool, straight from a URL: sqlx leaves the journal mode alone.
pub async fn job_pool(url: &str) -> sqlx::Result<SqlitePool> {
    SqlitePool::connect(url).await // ~ missing-wal
}

/// Options built by hand, tuned, but still without `.journal_mode(...)`.
pub async fn metrics_pool(path: &Path) -> sqlx::Result<SqlitePool> {
    let options = SqliteConnectOptions::new() // ~ missing-wal
        .filename(path)
        .create_if_missing(true)
        .synchronous(SqliteSynchronous::Normal);
    SqlitePool::connect_with(options).await
}

/// The same from a URL string.
pub async fn blob_index_pool(url: &str) -> sqlx::Result<SqlitePool> {
    let options = SqliteConnectOptions::from_str(url)?.create_if_missing(true); // ~ missing-wal
    SqlitePool::connect_with(options).await
}
