use std::path::PathBuf;

use rusqlite::{params, Connection};

/// A one-shot command: opens the database once, loads every row in one
/// transaction, and exits.
pub struct CsvImporter {
    pub db_path: PathBuf,
    pub csv_path: PathBuf,
}

impl CsvImporter {
    pub fn run(&self) -> rusqlite::Result<()> {
        let mut conn = Connection::open(&self.db_path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        let text = std::fs::read_to_string(&self.csv_path).unwrap_or_default();
        let tx = conn.transaction()?;
        for line in text.lines() {
            tx.execute("INSERT INTO notes (body) VALUES (?1)", params![line])?;
        }
        tx.commit()
    }
}
