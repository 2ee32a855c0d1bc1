use rusqlite::Connection;

#[derive(Debug)]
pub struct StoreError(String);

/// The open's error is mapped to the store's own: a pragma after it would
/// need a message of its own, so no fix.
pub fn open_ledger(path: &str) -> Result<Connection, StoreError> {
    let conn = Connection::open(path).map_err(|e| StoreError(e.to_string()))?; // ~ missing-wal
    Ok(conn)
}

/// `.unwrap()` on the open: the pragma unwraps as well.
pub fn open_scratch(path: &str) -> Connection {
    let mut conn = Connection::open(path).unwrap(); // ~ missing-wal
    conn.set_prepared_statement_cache_capacity(64);
    conn
}

pub struct Journal {
    conn: Option<Connection>,
    archive: Connection,
}

impl Journal {
    /// Reopened into a field: the pragma goes through the same field.
    pub fn reopen(&mut self, path: &str) -> rusqlite::Result<()> {
        self.archive = Connection::open(path)?; // ~ missing-wal
        self.conn = None;
        Ok(())
    }
}
