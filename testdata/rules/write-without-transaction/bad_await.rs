//! Awaits that do not stand between every iteration's writes.

use rusqlite::{params, Connection};

pub struct Api;

impl Api {
    pub async fn report(&self, _count: usize) {}
}

/// The request runs only for some rows: the others commit back to back.
pub async fn import(conn: &Connection, api: &Api, rows: &[(i64, String)]) -> rusqlite::Result<()> {
    for (index, (id, body)) in rows.iter().enumerate() {
        conn.execute("INSERT INTO notes (id, body) VALUES (?1, ?2)", params![id, body])?; // ~ write-without-transaction?
        if index % 100 == 0 {
            api.report(index).await;
        }
    }
    Ok(())
}

/// The awaited call is the project's own storage helper, not a request.
pub async fn copy_all(conn: &Connection, ids: &[i64]) -> rusqlite::Result<()> {
    for id in ids {
        load_row(conn, *id).await?;
        conn.execute("UPDATE notes SET copied = 1 WHERE id = ?1", [id])?; // ~ write-without-transaction
    }
    Ok(())
}

async fn load_row(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.execute("INSERT INTO copies SELECT * FROM notes WHERE id = ?1", [id])?;
    Ok(())
}
