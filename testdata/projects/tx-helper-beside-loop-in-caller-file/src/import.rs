use rusqlite::Connection;

use crate::tags::insert_tag;

pub struct Importer {
    conn: Connection,
}

impl Importer {
    // Every row in the one transaction the helper below holds.
    pub fn import(&mut self, tags: &[String]) -> rusqlite::Result<()> {
        self.in_transaction(|conn| {
            for tag in tags {
                insert_tag(conn, tag)?;
            }
            Ok(())
        })
    }

    // Each row commits alone.
    pub fn import_each(&mut self, tags: &[String]) -> rusqlite::Result<()> {
        for tag in tags {
            insert_tag(&self.conn, tag)?;
        }
        Ok(())
    }

    fn in_transaction(
        &mut self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<()>,
    ) -> rusqlite::Result<()> {
        let tx = self.conn.transaction()?;
        work(&tx)?;
        tx.commit()
    }
}
