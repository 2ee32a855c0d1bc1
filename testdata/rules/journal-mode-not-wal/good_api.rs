//! Journal settings that keep every store in WAL mode.

use rusqlite::{Connection, Result};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};

const STORE_JOURNAL: &str = "PRAGMA journal_mode = WAL;";

pub fn prepare_store(conn: &Connection) -> Result<()> {
    conn.execute_batch(STORE_JOURNAL)
}

pub fn current_mode(conn: &Connection) -> Result<String> {
    // The query form only reads the mode.
    let sql = "PRAGMA journal_mode";
    conn.query_row(sql, [], |row| row.get(0))
}

pub fn with_wal(options: SqliteConnectOptions) -> SqliteConnectOptions {
    options
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
}
