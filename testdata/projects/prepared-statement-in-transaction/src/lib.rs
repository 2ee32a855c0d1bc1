use rusqlite::Connection;

/// Prepared once inside one transaction: every execution shares its commit.
pub fn save_all(conn: &mut Connection, names: &[String]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    {
        let mut insert = tx.prepare("INSERT INTO tags (name) VALUES (?1)")?;
        for name in names {
            insert.execute([name])?;
        }
    }
    tx.commit()
}
