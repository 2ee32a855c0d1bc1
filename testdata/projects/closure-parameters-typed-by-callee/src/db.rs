use rusqlite::{Connection, Result};
use std::sync::Mutex;

pub struct CatalogDb {
    conn: Mutex<Connection>,
}

impl CatalogDb {
    /// Runs `work` in one transaction.
    pub fn in_write<T>(&self, work: impl FnOnce(&mut CatalogDao) -> Result<T>) -> Result<T> {
        let mut conn = self.conn.lock().expect("poisoned");
        let tx = conn.transaction()?;
        let mut dao = CatalogDao { conn: &tx };
        let value = work(&mut dao)?;
        tx.commit()?;
        Ok(value)
    }

    /// Hands the bare connection over: every statement commits alone.
    pub fn unbatched<T, F>(&self, work: F) -> Result<T>
    where
        F: FnOnce(&mut CatalogDao) -> Result<T>,
    {
        let conn = self.conn.lock().expect("poisoned");
        let mut dao = CatalogDao { conn: &conn };
        work(&mut dao)
    }
}

pub struct CatalogDao<'a> {
    pub conn: &'a Connection,
}

impl CatalogDao<'_> {
    pub fn save_titles(&mut self, titles: &[String]) -> Result<()> {
        for title in titles {
            self.conn
                .execute("INSERT INTO titles(name) VALUES (?1)", [title])?;
        }
        Ok(())
    }

    pub fn save_authors(&mut self, authors: &[String]) -> Result<()> {
        for author in authors {
            self.conn
                .execute("INSERT INTO authors(name) VALUES (?1)", [author])?;
        }
        Ok(())
    }
}
