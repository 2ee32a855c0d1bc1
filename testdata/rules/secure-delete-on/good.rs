//! Privacy settings for the end-to-end encrypted message store.

use rusqlite::{Connection, Result};

/// FAST zeroes deleted content on pages that are written anyway.
pub fn harden(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "secure_delete", "FAST")?;
    Ok(())
}

/// Re-downloadable attachments need no zeroing at all.
pub fn relax_attachments(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "ATTACH DATABASE 'attachments.db' AS attachments;
         PRAGMA attachments.secure_delete = OFF;
         PRAGMA temp.secure_delete(0);",
    )
}

/// Reading the setting is a query, not a setting.
pub fn secure_delete_level(conn: &Connection) -> Result<i64> {
    // The older build ran PRAGMA secure_delete = ON here.
    conn.query_row("PRAGMA secure_delete", [], |row| row.get(0))
}

pub fn log_settings() {
    log::info!("secure_delete=ON replaced by FAST");
}
