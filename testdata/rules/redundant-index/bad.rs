//! Schema of the metrics store. The caller owns the connection.

use rusqlite::{Connection, Result};

const SAMPLE_TABLE: &str = "CREATE TABLE IF NOT EXISTS sample (
    series_id INTEGER NOT NULL,
    ts INTEGER NOT NULL,
    value REAL NOT NULL,
    PRIMARY KEY (series_id, ts)
) WITHOUT ROWID";

pub fn create_schema(conn: &Connection) -> Result<()> {
    conn.execute_batch(SAMPLE_TABLE)?;
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS series (
            id INTEGER PRIMARY KEY,
            host TEXT NOT NULL,
            metric TEXT NOT NULL,
            UNIQUE (host, metric)
        );
        CREATE INDEX IF NOT EXISTS series_host ON series (host); -- ~ redundant-index
        CREATE INDEX IF NOT EXISTS series_metric_host ON series (metric, host);
        CREATE INDEX IF NOT EXISTS series_metric ON series (metric); -- ~ redundant-index
        ",
    )?;
    conn.execute("CREATE INDEX sample_series ON sample (series_id)", [])?; // ~ redundant-index
    conn.execute("CREATE INDEX sample_series_ts ON sample (series_id, ts)", [])?; // ~ redundant-index
    Ok(())
}
