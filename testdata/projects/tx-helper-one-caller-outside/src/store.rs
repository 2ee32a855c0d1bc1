use rusqlite::{params, Connection};

pub struct Note {
    pub id: i64,
    pub body: String,
}

// Loops over the notes without a transaction of its own.
pub fn insert_all(conn: &Connection, notes: &[Note]) -> rusqlite::Result<()> {
    for note in notes {
        conn.execute(
            "INSERT INTO notes (id, body) VALUES (?1, ?2)",
            params![note.id, note.body],
        )?;
    }
    Ok(())
}
