use rusqlite::Connection;

/// Reads another shell's history database, once per import: its journal
/// mode is that shell's business.
pub struct OtherShell {
    pub path: String,
}

impl OtherShell {
    pub fn commands(&self) -> rusqlite::Result<Vec<String>> {
        let conn = Connection::open(&self.path)?;
        let mut statement = conn.prepare("SELECT command FROM history")?;
        let rows = statement.query_map([], |row| row.get(0))?;
        rows.collect()
    }
}
