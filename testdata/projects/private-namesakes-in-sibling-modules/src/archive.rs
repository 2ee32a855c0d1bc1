use rusqlite::Connection;

/// Archives old notes: one connection for the whole pass, opened here once.
pub fn archive_old_notes(dir: &str) -> rusqlite::Result<()> {
    mark(dir)
}

fn mark(dir: &str) -> rusqlite::Result<()> {
    let conn = Connection::open(format!("{dir}/archive.db"))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.execute("UPDATE notes SET archived = 1 WHERE created < 0", [])?;
    Ok(())
}
