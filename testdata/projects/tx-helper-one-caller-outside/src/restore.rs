use rusqlite::Connection;

use crate::store::{self, Note};

// Calls the helper with no transaction around it: every row commits alone.
pub fn load_samples(conn: &Connection, notes: &[Note]) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM notes", [])?;
    store::insert_all(conn, notes)
}
