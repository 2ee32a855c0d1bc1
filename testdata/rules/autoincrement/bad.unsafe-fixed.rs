//! Schema for the sync server's store.

use rusqlite::{Connection, Result};

pub fn create_schema(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS account (
            id INTEGER PRIMARY KEY, -- ~ autoincrement
            email TEXT NOT NULL UNIQUE
        );
        CREATE TABLE IF NOT EXISTS device (
            id integer primary key, -- ~ autoincrement
            account_id INTEGER NOT NULL REFERENCES account (id),
            name TEXT
        );",
    )
}

pub fn create_changes(conn: &Connection) -> Result<()> {
    conn.execute(
        "CREATE TABLE change_log (seq INTEGER PRIMARY KEY, payload BLOB NOT NULL)", // ~ autoincrement
        [],
    )?;
    Ok(())
}

pub fn create_uploads(conn: &Connection) -> Result<()> {
    conn.execute_batch(r#"
        CREATE TABLE "upload" (
            "id" INTEGER NOT NULL PRIMARY KEY, -- ~ autoincrement
            "path" TEXT NOT NULL,
            "size" INTEGER NOT NULL DEFAULT 0
        );
    "#)
}

pub fn create_temp_table(conn: &Connection) -> Result<()> {
    let mut stmt = conn.prepare("CREATE TEMP TABLE staging (id INTEGER PRIMARY KEY, line TEXT)")?; // ~ autoincrement
    stmt.execute([])?;
    Ok(())
}

pub fn create_audit(conn: &Connection) -> Result<()> {
    conn.execute_batch("CREATE TABLE main.audit (id INTEGER PRIMARY KEY, note TEXT); CREATE TABLE main.audit_tag (id INTEGER PRIMARY KEY, tag TEXT);") // ~ autoincrement ~ autoincrement
}
