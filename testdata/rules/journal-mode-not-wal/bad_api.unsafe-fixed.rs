//! Journal settings of the export tool, through constants and sqlx options.

use rusqlite::{Connection, Result};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};

/// The pragma lives in a constant; the finding is where its text is.
const EXPORT_JOURNAL: &str = "PRAGMA journal_mode = WAL;"; // ~ journal-mode-not-wal

pub fn prepare_export(conn: &Connection) -> Result<()> {
    conn.execute_batch(EXPORT_JOURNAL)
}

/// A local holding the SQL, defined before the call.
pub fn prepare_archive(conn: &Connection) -> Result<String> {
    let sql = "PRAGMA journal_mode = WAL"; // ~ journal-mode-not-wal
    conn.query_row(sql, [], |row| row.get(0))
}

/// sqlx: the typed option, on options built elsewhere.
pub fn with_rollback_journal(options: SqliteConnectOptions) -> SqliteConnectOptions {
    options.journal_mode(SqliteJournalMode::Wal) // ~ journal-mode-not-wal
}
