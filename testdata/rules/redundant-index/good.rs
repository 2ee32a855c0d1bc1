//! Schema of the metrics store: each index serves its own lookups.

use rusqlite::{Connection, Result};

pub fn create_schema(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS sample (
            series_id INTEGER NOT NULL,
            ts INTEGER NOT NULL,
            value REAL NOT NULL,
            PRIMARY KEY (series_id, ts)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS series (
            id INTEGER PRIMARY KEY,
            host TEXT NOT NULL,
            metric TEXT NOT NULL,
            UNIQUE (host, metric)
        );
        CREATE TABLE IF NOT EXISTS alert (
            id INTEGER PRIMARY KEY,
            series_id INTEGER NOT NULL,
            ts INTEGER NOT NULL,
            metric TEXT NOT NULL
        );
        -- metric alone does not lead (host, metric).
        CREATE INDEX IF NOT EXISTS series_metric ON series (metric);
        -- ts alone does not lead the PRIMARY KEY (series_id, ts).
        CREATE INDEX IF NOT EXISTS sample_ts ON sample (ts);
        -- The key of sample, but on the alert table.
        CREATE INDEX IF NOT EXISTS alert_series_ts ON alert (series_id, ts);
        -- Same column as series_metric, another table.
        CREATE INDEX IF NOT EXISTS alert_metric ON alert (metric);",
    )?;
    // UNIQUE enforces one open alert per series; the longer index does not.
    conn.execute("CREATE UNIQUE INDEX alert_once ON alert (series_id)", [])?;
    conn.execute("CREATE INDEX alert_series_metric ON alert (series_id, metric)", [])?;
    Ok(())
}

pub fn latest(conn: &Connection, series: i64) -> Result<f64> {
    conn.query_row(
        "SELECT value FROM sample WHERE series_id = ?1 ORDER BY ts DESC LIMIT 1",
        [series],
        |row| row.get(0),
    )
}
