use rusqlite::{Connection, Transaction};

pub struct Db {
    conn: Connection,
}

pub trait RunInTransaction {
    fn in_transaction<T>(
        &mut self,
        work: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T>;

    fn with_connection<T>(
        &mut self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T>;
}

impl RunInTransaction for Db {
    // Opens the transaction, runs the caller's work in it, commits.
    fn in_transaction<T>(
        &mut self,
        work: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T> {
        let tx = self.conn.transaction()?;
        let result = work(&tx)?;
        tx.commit()?;
        Ok(result)
    }

    // Hands out the connection as it is: no transaction.
    fn with_connection<T>(
        &mut self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T> {
        work(&self.conn)
    }
}
