//! Privacy settings for the end-to-end encrypted message store.

use rusqlite::{Connection, Result};

pub fn harden(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "secure_delete", "FAST")?; // ~ secure-delete-on
    Ok(())
}

pub fn harden_attachments(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "ATTACH DATABASE 'attachments.db' AS attachments;
         PRAGMA attachments.secure_delete = fast; -- ~ secure-delete-on
        ",
    )
}

pub fn harden_in_batch(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA secure_delete(FAST);") // ~ secure-delete-on
}

/// Returns the new setting, like every PRAGMA that sets a value.
pub fn harden_checked(conn: &Connection) -> Result<i64> {
    conn.query_row("PRAGMA main.secure_delete = fast", [], |row| row.get(0)) // ~ secure-delete-on
}

const PRIVACY_PRAGMAS: &str = "PRAGMA secure_delete = FAST;"; // ~ secure-delete-on

pub fn apply_privacy(conn: &Connection) -> Result<()> {
    conn.execute_batch(PRIVACY_PRAGMAS)
}
