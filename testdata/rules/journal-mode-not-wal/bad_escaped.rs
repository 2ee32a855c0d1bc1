//! Journal settings written with escapes, raw strings and line breaks: a
//! fix edits the bytes that spell the value, or none.

use rusqlite::Connection;

/// Escapes before the value shift it in the string, not in the file.
pub fn tab_separated(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch("PRAGMA\tcache_size = -2000;\nPRAGMA\tjournal_mode = 'DELETE';") // ~ journal-mode-not-wal
}

/// A raw string spanning lines.
pub fn raw(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        r#"PRAGMA foreign_keys = ON;
           PRAGMA journal_mode = 'TRUNCATE'; -- ~ journal-mode-not-wal
        "#,
    )
}

/// A line continuation inside the string.
pub fn continued(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        "PRAGMA cache_size = -2000; \
         PRAGMA journal_mode = PERSIST;", // ~ journal-mode-not-wal
    )
}

/// The value itself written with an escape: no fix.
pub fn escaped_value(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch("PRAGMA journal_mode = \x44ELETE;") // ~ journal-mode-not-wal
}
