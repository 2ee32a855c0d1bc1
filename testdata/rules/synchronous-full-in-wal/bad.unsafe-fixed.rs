//! Connection tuning for the offline tile cache: WAL, but with the slowest sync level.

use std::str::FromStr;

use rusqlite::{Connection, Result};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};

/// Both pragmas in one batch.
pub fn tune(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;") // ~ synchronous-full-in-wal
}

/// The same through rusqlite's pragma API.
pub fn tune_with_api(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?; // ~ synchronous-full-in-wal
    Ok(())
}

/// Numeric levels: 2 is FULL, 3 is EXTRA.
pub fn tune_numeric(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "PRAGMA journal_mode=wal;
         PRAGMA main.synchronous = 1; -- ~ synchronous-full-in-wal
        ",
    )
}

fn enable_wal(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "journal_mode", "WAL")
}

/// WAL comes from a helper this function calls.
pub fn tune_durable(conn: &Connection) -> Result<()> {
    enable_wal(conn)?;
    conn.execute_batch("pragma synchronous(normal);") // ~ synchronous-full-in-wal
}

/// A constant defined in this file.
const LEDGER_PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = 1;"; // ~ synchronous-full-in-wal

pub fn tune_ledger(conn: &Connection) -> Result<()> {
    conn.execute_batch(LEDGER_PRAGMAS)
}

/// sqlx: the typed options.
pub fn cache_options(url: &str) -> sqlx::Result<SqliteConnectOptions> {
    Ok(SqliteConnectOptions::from_str(url)?
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)) // ~ synchronous-full-in-wal
}
