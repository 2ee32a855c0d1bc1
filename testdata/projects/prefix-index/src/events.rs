//! Reads the event log. The caller owns the connection.

use rusqlite::{params, Connection, Result};

const BY_KIND: &str = "SELECT count(*) FROM events WHERE kind = ?1";

pub fn count_of_kind(conn: &Connection, kind: &str) -> Result<i64> {
    conn.query_row(BY_KIND, params![kind], |row| row.get(0))
}

pub fn recent_of_kind(conn: &Connection, kind: &str, since: i64) -> Result<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT payload FROM events WHERE kind = ?1 AND created_at >= ?2 ORDER BY created_at",
    )?;
    let rows = stmt.query_map(params![kind, since], |row| row.get(0))?;
    rows.collect()
}
