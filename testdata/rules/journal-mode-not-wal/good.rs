//! Connection setup that keeps every store in WAL mode.

use rusqlite::{Connection, Result};

/// WAL plus synchronous=NORMAL: the recommended pair.
pub fn open_store(path: &str) -> Result<Connection> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(conn)
}

/// Setting WAL through SQL, in both spellings.
pub fn configure(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA journal_mode = WAL;")?;
    conn.execute_batch("pragma main.journal_mode('wal');")
}

/// Reading the current mode is a query, not a setting.
pub fn current_mode(conn: &Connection) -> Result<String> {
    conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))
}

/// The mode comes from configuration at run time: nothing to check statically.
pub fn apply_configured_mode(conn: &Connection, mode: &str) -> Result<()> {
    conn.pragma_update(None, "journal_mode", mode)?;
    Ok(())
}

/// DELETE as a value of another pragma, and as a statement, is unrelated.
pub fn housekeeping(conn: &Connection) -> Result<()> {
    // secure_delete is not journal_mode; DELETE FROM is a statement.
    conn.pragma_update(None, "secure_delete", "FAST")?;
    conn.execute("DELETE FROM session WHERE expires_at < unixepoch()", [])?;
    log::info!("journal_mode=DELETE is only used for the read-only export");
    Ok(())
}
