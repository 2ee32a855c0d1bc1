use rusqlite::{params, Connection, OptionalExtension};

pub struct Db {
    conn: Connection,
}

impl Db {
    pub fn open() -> Db {
        let conn = Connection::open("notes.db").expect("notes.db opens");
        conn.pragma_update(None, "journal_mode", "WAL").expect("WAL is set");
        Db { conn }
    }

    pub fn tag(&self, name: &str) -> Option<String> {
        self.conn
            .query_row("SELECT id FROM tags WHERE name = ?1", params![name], |row| row.get(0))
            .optional()
            .ok()
            .flatten()
    }

    pub fn set_tag(&self, note: i64, tag: Option<String>) {
        let _ = self.conn.execute("UPDATE notes SET tag = ?1 WHERE id = ?2", params![tag, note]);
    }
}
