use rusqlite::Connection;

// Run once when a store upgrades to version 12: the database is rewritten
// once, after the media table it held is dropped. A hint.
pub fn migrate_to_v12(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch("DROP TABLE media;")?;
    conn.execute_batch("VACUUM")?; // ~ full-vacuum?
    Ok(())
}

// The same statement after every cleanup of old rows is a warning.
pub fn remove_old_events(conn: &Connection, cutoff: i64) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM events WHERE ts < ?1", [cutoff])?;
    conn.execute_batch("VACUUM")?; // ~ full-vacuum
    Ok(())
}
