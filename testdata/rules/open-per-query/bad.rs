use std::path::{Path, PathBuf};

use rusqlite::Connection;

pub struct NoteStore {
    path: PathBuf,
}

impl NoteStore {
    // The connection is dropped, and so closed, at the end of every call.
    pub fn title(&self, id: i64) -> rusqlite::Result<String> {
        let conn = Connection::open(&self.path)?; // ~ open-per-query
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.query_row("SELECT title FROM notes WHERE id = ?1", [id], |r| r.get(0))
    }
}

pub fn touch_all(path: &Path, ids: &[i64]) -> rusqlite::Result<()> {
    for id in ids {
        let conn = Connection::open(path)?; // ~ open-per-query
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.query_row("SELECT 1 FROM notes WHERE id = ?1", [id], |_| Ok(()))?;
    }
    Ok(())
}

// Opens and drops on every call, and is called from two places.
fn note_count(path: &Path) -> rusqlite::Result<i64> {
    let conn = Connection::open(path)?; // ~ open-per-query
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.query_row("SELECT count(*) FROM notes", [], |r| r.get(0))
}

pub fn badge(path: &Path) -> rusqlite::Result<String> {
    Ok(note_count(path)?.to_string())
}

pub fn summary(path: &Path) -> rusqlite::Result<String> {
    Ok(format!("{} notes", note_count(path)?))
}

// A method of the same type that opens with options of its own, per call.
pub struct Journal {
    path: String,
}

impl Journal {
    pub async fn entries(&self) -> Result<i64, sqlx::Error> {
        let options = sqlx::sqlite::SqliteConnectOptions::new() // ~ open-per-query
            .filename(&self.path)
            .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal);
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .connect_with(options)
            .await?;
        let count = sqlx::query_scalar("SELECT count(*) FROM entries")
            .fetch_one(&pool)
            .await;
        pool.close().await;
        count
    }
}

pub async fn show(journal: &Journal) -> Result<i64, sqlx::Error> {
    journal.entries().await
}
