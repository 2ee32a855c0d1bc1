use rusqlite::{params, Connection};

// One row per call: its callers decide whether rows share a transaction.
pub fn insert_tag(conn: &Connection, tag: &str) -> rusqlite::Result<()> {
    conn.execute("INSERT INTO tags (name) VALUES (?1)", params![tag])?;
    Ok(())
}
