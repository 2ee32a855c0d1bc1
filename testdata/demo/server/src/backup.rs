//! Nightly snapshots of the store, and restore from a snapshot.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, Result};

/// Writes a compacted copy of the live database. VACUUM INTO leaves the live
/// file alone, so this is cheap for the running server.
pub fn snapshot(conn: &Connection, dir: &Path) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let stamp = SystemTime::now().duration_since(UNIX_EPOCH)?.as_secs();
    let target = dir.join(format!("trailmark-{stamp}.db"));
    conn.execute("VACUUM INTO ?1", [target.to_string_lossy()])?;
    Ok(target)
}

/// Copies a snapshot back into place and reopens it.
pub fn restore(snapshot: &Path, live: &Path) -> Result<Connection> {
    std::fs::copy(snapshot, live).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
    let conn = Connection::open(live)?;
    conn.execute_batch(
        "PRAGMA journal_mode = MEMORY;
         PRAGMA foreign_key_check;",
    )?;
    Ok(conn)
}

/// Old snapshots beyond `keep` are removed, newest first kept.
pub fn prune(dir: &Path, keep: usize) -> std::io::Result<usize> {
    let mut snapshots: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "db"))
        .collect();
    snapshots.sort();
    let excess = snapshots.len().saturating_sub(keep);
    for old in &snapshots[..excess] {
        std::fs::remove_file(old)?;
    }
    Ok(excess)
}
