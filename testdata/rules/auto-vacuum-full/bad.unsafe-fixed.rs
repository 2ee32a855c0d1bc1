//! Storage setup for the photo library service.

use std::str::FromStr;

use rusqlite::{Connection, Result};
use sqlx::sqlite::{SqliteAutoVacuum, SqliteConnectOptions, SqliteJournalMode};

/// Runs before the first CREATE TABLE.
pub fn create_schema(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "auto_vacuum", "INCREMENTAL")?; // ~ auto-vacuum-full
    conn.execute_batch("CREATE TABLE photo (id INTEGER PRIMARY KEY, path TEXT NOT NULL);")
}

/// Switches an existing file: the VACUUM applies the mode.
pub fn migrate_to_auto_vacuum(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "PRAGMA auto_vacuum = 2; -- ~ auto-vacuum-full
         VACUUM;",
    )
}

const SCHEMA_PRAGMAS: &str = "PRAGMA page_size = 4096; PRAGMA auto_vacuum = incremental;"; // ~ auto-vacuum-full

pub fn apply_schema_pragmas(conn: &Connection) -> Result<()> {
    conn.execute_batch(SCHEMA_PRAGMAS)
}

/// sqlx: the typed option.
pub fn library_options(url: &str) -> sqlx::Result<SqliteConnectOptions> {
    Ok(SqliteConnectOptions::from_str(url)?
        .journal_mode(SqliteJournalMode::Wal)
        .auto_vacuum(SqliteAutoVacuum::Incremental)) // ~ auto-vacuum-full
}
