use std::path::Path;

use rusqlite::Connection;

// Opens once and keeps the connection in the struct.
pub struct NoteStore {
    conn: Connection,
}

impl NoteStore {
    pub fn open(path: &Path) -> rusqlite::Result<Self> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        Ok(Self { conn })
    }

    pub fn title(&self, id: i64) -> rusqlite::Result<String> {
        self.conn
            .query_row("SELECT title FROM notes WHERE id = ?1", [id], |r| r.get(0))
    }
}

pub fn app(path: &Path) -> rusqlite::Result<NoteStore> {
    NoteStore::open(path)
}

pub fn worker(path: &Path) -> rusqlite::Result<NoteStore> {
    NoteStore::open(path)
}

// Hands the connection out as its tail expression.
fn connect(path: &Path) -> Connection {
    let conn = Connection::open(path).expect("open");
    conn.pragma_update(None, "journal_mode", "WAL").expect("wal");
    conn
}

pub fn reader(path: &Path) -> Connection {
    connect(path)
}

pub fn writer(path: &Path) -> Connection {
    connect(path)
}

// A different database on each iteration.
pub fn count_all(paths: &[&Path]) -> rusqlite::Result<i64> {
    let mut total = 0;
    for path in paths {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        total += conn.query_row("SELECT count(*) FROM notes", [], |r| r.get::<_, i64>(0))?;
    }
    Ok(total)
}

// One-shot jobs and `main` open once.
pub fn backup_notes(path: &Path) -> rusqlite::Result<()> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.execute_batch("VACUUM INTO 'backup.db'")
}

fn main() -> rusqlite::Result<()> {
    backup_notes(Path::new("a.db"))?;
    backup_notes(Path::new("b.db"))
}

// Tests may open as often as they like.
#[test]
fn reopens() {
    for _ in 0..3 {
        let conn = Connection::open("t.db").unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    }
}

// A constructor that keeps the pool it opens in the instance opens once per
// instance, however many places construct one (a CLI command each).
pub struct History {
    pool: sqlx::SqlitePool,
}

impl History {
    pub async fn new(path: &str) -> Result<Self, sqlx::Error> {
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(path)
            .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal);
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .connect_with(options)
            .await?;
        Ok(Self { pool })
    }

    pub async fn count(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT count(*) FROM history")
            .fetch_one(&self.pool)
            .await
    }
}

pub async fn search_command(path: &str) -> Result<i64, sqlx::Error> {
    History::new(path).await?.count().await
}

pub async fn stats_command(path: &str) -> Result<i64, sqlx::Error> {
    History::new(path).await?.count().await
}
