//! Storage setup for the photo library service.

use std::str::FromStr;

use rusqlite::{Connection, Result};
use sqlx::sqlite::{SqliteAutoVacuum, SqliteConnectOptions, SqliteJournalMode};

/// Runs before the first CREATE TABLE.
pub fn create_schema(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "auto_vacuum", "INCREMENTAL")?;
    conn.execute_batch("CREATE TABLE photo (id INTEGER PRIMARY KEY, path TEXT NOT NULL);")
}

/// Switches an existing file to incremental mode: one VACUUM applies it.
pub fn migrate_to_incremental(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "PRAGMA auto_vacuum = 2;
         VACUUM;",
    )
}

/// Frees at most 100 pages, when the app decides to.
pub fn trim(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA incremental_vacuum(100);")
}

/// Reading the mode is a query, not a setting.
pub fn auto_vacuum_mode(conn: &Connection) -> Result<i64> {
    conn.query_row("PRAGMA auto_vacuum", [], |row| row.get(0))
}

/// A cache that is rebuilt rather than shrunk.
pub fn configure_cache(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA auto_vacuum = NONE;")
}

pub fn library_options(url: &str) -> sqlx::Result<SqliteConnectOptions> {
    Ok(SqliteConnectOptions::from_str(url)?
        .journal_mode(SqliteJournalMode::Wal)
        .auto_vacuum(SqliteAutoVacuum::Incremental))
}
