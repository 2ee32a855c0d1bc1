//! Connection setup for the sync server's SQLite stores.

use rusqlite::{Connection, OpenFlags, Result};

pub fn open_store(path: &str) -> Result<Connection> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?; // ~ journal-mode-not-wal
    Ok(conn)
}

pub fn open_scratch(path: &str) -> Result<Connection> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "wal")?; // ~ journal-mode-not-wal
    Ok(conn)
}

pub fn open_import(path: &str) -> Result<Connection> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
    let mode: String =
        conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?; // ~ journal-mode-not-wal
    log::debug!("journal mode is now {mode}");
    Ok(conn)
}

pub fn configure_bulk_load(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "PRAGMA synchronous = OFF;
         PRAGMA main.journal_mode = 'wal'; -- ~ journal-mode-not-wal
         PRAGMA cache_size = -20000;",
    )
}

pub fn configure_legacy(conn: &Connection) -> Result<()> {
    conn.execute_batch(r#"PRAGMA journal_mode("WAL");"#) // ~ journal-mode-not-wal
}

pub fn configure_attached(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "ATTACH DATABASE 'archive.db' AS archive;
         pragma archive.journal_mode(wal); -- ~ journal-mode-not-wal
        ",
    )
}

pub fn configure_both(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA temp.journal_mode=WAL;") // ~ journal-mode-not-wal ~ journal-mode-not-wal
}
