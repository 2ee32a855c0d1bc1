//! Stores of the sync server, each switched to WAL where its connection is set up.

use std::path::Path;
use std::str::FromStr;

use rusqlite::{Connection, Result};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqliteSynchronous};

/// WAL right after the open, in the same function.
pub fn open_devices(path: &Path) -> Result<Connection> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(conn)
}

/// Shared setup: every connection handed to it gets WAL.
fn apply_pragmas(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "PRAGMA journal_mode = WAL;
         PRAGMA synchronous = NORMAL;
         PRAGMA foreign_keys = ON;",
    )
}

/// The open passes its connection to the shared setup.
pub fn open_audit(path: &Path) -> Result<Connection> {
    let conn = rusqlite::Connection::open(path)?;
    apply_pragmas(&conn)?;
    Ok(conn)
}

/// Opens the file and hands the connection back; its caller below turns WAL on.
fn open_file(path: &Path) -> Result<Connection> {
    Connection::open(path)
}

pub fn open_catalog(path: &Path) -> Result<Connection> {
    let conn = open_file(path)?;
    conn.pragma_update(None, "journal_mode", "wal")?;
    Ok(conn)
}

/// An in-memory database has no journal file to choose.
pub fn scratch() -> Result<Connection> {
    let conn = Connection::open_in_memory()?;
    conn.execute_batch("CREATE TABLE pending (id INTEGER PRIMARY KEY, body BLOB NOT NULL);")?;
    Ok(conn)
}

/// sqlx: the journal mode is part of the options.
pub async fn job_pool(url: &str) -> sqlx::Result<SqlitePool> {
    let options = SqliteConnectOptions::from_str(url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal);
    SqlitePool::connect_with(options).await
}

pub fn log_startup(path: &Path) {
    // Connection::open is called once per store, in the functions above.
    log::info!("Connection::open({}) done, sqlite3_open succeeded", path.display());
}

/// A read-only connection cannot choose its journal mode.
pub fn open_bundled_atlas(path: &Path) -> Result<Connection> {
    Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
}
