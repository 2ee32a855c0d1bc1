//! Job queue of the sync daemon. The caller owns the connection.

use rusqlite::{params, Connection, Result};

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS job (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending',
        run_at INTEGER NOT NULL,
        failed_at INTEGER,
        payload BLOB
    );
    CREATE INDEX IF NOT EXISTS idx_job_state ON job (state, run_at); -- ~ non-partial-index
    CREATE INDEX IF NOT EXISTS idx_job_failed ON job (failed_at); -- ~ non-partial-index
";

const PENDING: &str = "SELECT id, kind, payload FROM job WHERE state = 'pending' AND run_at <= ?1";

pub fn create_schema(conn: &Connection) -> Result<()> {
    conn.execute_batch(SCHEMA)
}

pub fn due_jobs(conn: &Connection, now: i64) -> Result<Vec<i64>> {
    let mut stmt = conn.prepare(PENDING)?;
    let ids = stmt.query_map(params![now], |row| row.get(0))?;
    ids.collect()
}

pub fn pending_count(conn: &Connection) -> Result<i64> {
    conn.query_row(
        "SELECT count(*) FROM job j WHERE j.state = 'pending' AND j.failed_at IS NOT NULL",
        [],
        |row| row.get(0),
    )
}

pub fn retry_failed(conn: &Connection, id: i64, now: i64) -> Result<usize> {
    conn.execute(
        &format!("UPDATE job SET run_at = {now} WHERE failed_at IS NOT NULL AND id = ?1"),
        params![id],
    )
}
