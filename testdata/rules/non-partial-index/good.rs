//! Job queue of the sync daemon, with indexes that fit their queries.

use rusqlite::{params, Connection, Result};

pub fn create_schema(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS job (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'pending',
            run_at INTEGER NOT NULL,
            failed_at INTEGER,
            owner TEXT,
            dedup_key TEXT
        );
        -- Already partial: the scheduler only reads pending jobs.
        CREATE INDEX IF NOT EXISTS idx_job_due ON job (run_at) WHERE state = 'pending';
        -- Looked up by whatever kind the caller asks for.
        CREATE INDEX IF NOT EXISTS idx_job_kind ON job (kind);
        -- Tested against a NULL and against a range.
        CREATE INDEX IF NOT EXISTS idx_job_failed ON job (failed_at);
        -- Compared with several constants.
        CREATE INDEX IF NOT EXISTS idx_job_owner ON job (owner);
        -- UNIQUE: enforces one job per key.
        CREATE UNIQUE INDEX IF NOT EXISTS idx_job_dedup ON job (dedup_key);",
    )
}

pub fn due_jobs(conn: &Connection, now: i64) -> Result<Vec<i64>> {
    let mut stmt = conn.prepare(
        "SELECT id FROM job WHERE state = 'pending' AND run_at <= ?1 ORDER BY run_at",
    )?;
    let ids = stmt.query_map(params![now], |row| row.get(0))?;
    ids.collect()
}

pub fn jobs_of_kind(conn: &Connection, kind: &str) -> Result<i64> {
    conn.query_row(
        "SELECT count(*) FROM job WHERE kind = :kind",
        &[(":kind", kind)],
        |row| row.get(0),
    )
}

pub fn purge_failed(conn: &Connection, before: i64) -> Result<usize> {
    conn.execute("DELETE FROM job WHERE failed_at < ?1", params![before])?;
    conn.execute("UPDATE job SET owner = NULL WHERE failed_at IS NULL AND owner = 'sync'", [])
}

pub fn orphaned(conn: &Connection) -> Result<i64> {
    conn.query_row(
        "SELECT count(*) FROM job WHERE owner = 'import' OR owner IS NULL",
        [],
        |row| row.get(0),
    )
}

pub fn dedup_probe(conn: &Connection) -> Result<i64> {
    conn.query_row("SELECT count(*) FROM job WHERE dedup_key IS NOT NULL", [], |row| row.get(0))
}
