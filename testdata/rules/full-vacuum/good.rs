//! Maintenance jobs that keep the database small without a full VACUUM.

use rusqlite::{Connection, Result};

/// Switches an existing database to incremental auto-vacuum. The VACUUM right
/// after the pragma is the documented way to make the new mode take effect.
pub fn enable_incremental_vacuum(conn: &Connection) -> Result<()> {
    conn.execute_batch("PRAGMA auto_vacuum = INCREMENTAL;")?;
    conn.execute_batch("VACUUM;")?;
    Ok(())
}

/// Same migration in a single string: still fine.
pub fn enable_incremental_vacuum_batch(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "PRAGMA auto_vacuum = INCREMENTAL;
         VACUUM;",
    )
}

/// Frees a bounded number of pages instead of rewriting the whole file.
pub fn purge_expired(conn: &Connection, cutoff: i64) -> Result<usize> {
    let removed = conn.execute("DELETE FROM tile WHERE fetched_at < ?1", [cutoff])?;
    conn.execute_batch("PRAGMA incremental_vacuum(128);")?;
    Ok(removed)
}

/// VACUUM INTO writes a compacted backup copy; the live database is untouched.
pub fn backup(conn: &Connection) -> Result<()> {
    conn.execute("VACUUM INTO '/var/backups/trail-cache.db'", [])?;
    Ok(())
}

pub fn backup_schema_qualified(conn: &Connection) -> Result<()> {
    conn.execute_batch("VACUUM main INTO 'snapshot.db';")
}

/// Mentions of VACUUM in comments, log messages and plain strings are not SQL.
pub fn report(conn: &Connection) -> Result<()> {
    // We used to run VACUUM here after every purge; see incremental_vacuum above.
    let free: i64 = conn.query_row("PRAGMA freelist_count", [], |r| r.get(0))?;
    log::info!("freelist has {free} pages, VACUUM not needed");
    let label = "VACUUM";
    println!("{label} is disabled in this build");
    Ok(())
}
