//! Maintenance jobs for the trail cache database.

use rusqlite::{Connection, Result};

/// Compacts the database after the nightly purge.
pub fn purge_expired(conn: &Connection, cutoff: i64) -> Result<usize> {
    let removed = conn.execute("DELETE FROM tile WHERE fetched_at < ?1", [cutoff])?;
    conn.execute("VACUUM", [])?; // ~ full-vacuum
    Ok(removed)
}

pub fn compact(conn: &Connection) -> Result<()> {
    conn.execute_batch("vacuum main;") // ~ full-vacuum
}

pub fn optimize_and_compact(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "PRAGMA optimize;
         VACUUM; -- ~ full-vacuum
         ANALYZE;",
    )
}

pub fn compact_raw(conn: &Connection) -> Result<()> {
    conn.execute_batch(r#"
        DELETE FROM "tile" WHERE "expired" = 1;
        Vacuum; -- ~ full-vacuum
    "#)
}

pub fn compact_prepared(conn: &Connection) -> Result<()> {
    let mut stmt = conn.prepare("VACUUM")?; // ~ full-vacuum
    stmt.execute([])?;
    Ok(())
}

pub fn compact_cached(conn: &Connection) -> Result<()> {
    let mut stmt = conn.prepare_cached("VACUUM main")?; // ~ full-vacuum
    stmt.execute([])?;
    Ok(())
}

pub struct Cache {
    conn: Connection,
}

impl Cache {
    pub fn shrink(&self) -> Result<()> {
        // Two statements on one line: the second one is the full VACUUM.
        self.conn.execute_batch("DELETE FROM tile WHERE pinned = 0; VACUUM;") // ~ full-vacuum
    }
}
