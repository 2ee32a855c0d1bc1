//! Schema that relies on rowids instead of AUTOINCREMENT.

use rusqlite::{Connection, Result};

/// INTEGER PRIMARY KEY alone already assigns a unique rowid on insert.
pub fn create_schema(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS account (
            id INTEGER PRIMARY KEY,
            email TEXT NOT NULL UNIQUE
        );
        -- No AUTOINCREMENT: ids of deleted devices may be reused, which is fine here.
        CREATE TABLE IF NOT EXISTS device (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES account (id),
            name TEXT
        );",
    )
}

/// A text key, no rowid alias at all.
pub fn create_settings(conn: &Connection) -> Result<()> {
    conn.execute(
        "CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        [],
    )?;
    Ok(())
}

/// The word in a log message or a plain string is not SQL.
pub fn describe() -> String {
    // AUTOINCREMENT was dropped in schema version 4.
    log::info!("schema v4: AUTOINCREMENT removed");
    String::from("id INTEGER PRIMARY KEY AUTOINCREMENT")
}

/// Reading sqlite_sequence is a query, not a table definition.
pub fn legacy_sequence(conn: &Connection) -> Result<i64> {
    conn.query_row(
        "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'",
        [],
        |r| r.get(0),
    )
}
