//! Each iteration waits on the network between its writes: one transaction
//! around the loop would hold the write lock across every request.

use rusqlite::{params, Connection};

pub struct Api;

pub struct Page {
    pub id: i64,
    pub body: String,
}

impl Api {
    pub async fn fetch_page(&self, _id: i64) -> Option<Page> {
        None
    }
}

pub async fn mirror(conn: &Connection, api: &Api, ids: &[i64]) -> rusqlite::Result<()> {
    for id in ids {
        let Some(page) = api.fetch_page(*id).await else {
            continue;
        };
        conn.execute(
            "INSERT INTO pages (id, body) VALUES (?1, ?2)",
            params![page.id, page.body],
        )?;
    }
    Ok(())
}
