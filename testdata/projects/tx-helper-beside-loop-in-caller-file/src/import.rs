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
        // One transaction for the whole of `work`: its rows share one
        // journal write and one sync at the commit. Dropped without a
        // commit (an error in `work`), the transaction rolls back, and
        // none of the rows stays.
        let tx = self.conn.transaction()?;
        work(&tx)?;
        tx.commit()
    }
}
