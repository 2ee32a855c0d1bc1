use rusqlite::Connection;

use crate::store::{self, Note};

// Holds a transaction around the call.
pub fn apply(conn: &mut Connection, notes: &[Note]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    store::insert_all(&tx, notes)?;
    tx.commit()
}
