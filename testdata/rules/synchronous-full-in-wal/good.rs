//! Connection tuning that pairs WAL with synchronous=NORMAL.

use std::str::FromStr;

use rusqlite::{Connection, Result};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};

pub fn tune(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
}

pub fn tune_with_api(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "1")?;
    Ok(())
}

/// A throwaway cache: OFF is risky, but not this rule's business.
pub fn tune_scratch(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;")
}

/// FULL on a connection that never gets WAL in this file.
pub fn tune_export(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA synchronous = FULL;")
}

/// Reading the level is a query, not a setting.
pub fn sync_level(conn: &Connection) -> Result<i64> {
    conn.query_row("PRAGMA synchronous", [], |row| row.get(0))
}

pub fn cache_options(url: &str) -> sqlx::Result<SqliteConnectOptions> {
    Ok(SqliteConnectOptions::from_str(url)?
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal))
}
