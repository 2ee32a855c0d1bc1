//! Opening the server's database.

use std::path::Path;

use rusqlite::{Connection, Result};

use crate::schema::{CREATE_TABLES, PRAGMAS};

pub fn open(path: &Path) -> Result<Connection> {
    let conn = Connection::open(path)?;
    conn.execute_batch(PRAGMAS)?;
    conn.execute_batch(CREATE_TABLES)?;
    Ok(conn)
}
