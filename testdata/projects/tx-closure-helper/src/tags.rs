use rusqlite::params;

use crate::db::{Db, RunInTransaction};

// The helper holds one transaction around the whole loop.
pub fn save_tags(db: &mut Db, tags: Vec<String>) -> rusqlite::Result<()> {
    db.in_transaction(move |tx| {
        for tag in &tags {
            tx.execute("INSERT INTO tags (name) VALUES (?1)", params![tag])?;
        }
        Ok(())
    })
}

// This helper only lends the connection: every row commits alone.
pub fn save_tags_slowly(db: &mut Db, tags: Vec<String>) -> rusqlite::Result<()> {
    db.with_connection(move |conn| {
        for tag in &tags {
            conn.execute("INSERT INTO tags (name) VALUES (?1)", params![tag])?;
        }
        Ok(())
    })
}
