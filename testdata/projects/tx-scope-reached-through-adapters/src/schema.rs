use rusqlite::{Connection, Transaction};

// Every step of an upgrade runs in the transaction its caller began.
pub fn upgrade(tx: &Transaction<'_>, from: u32) -> rusqlite::Result<()> {
    if from < 3 {
        purge_tables(tx)?;
        tx.execute_batch("ALTER TABLE names ADD COLUMN added INTEGER")?;
    }
    Ok(())
}

fn purge_tables(db: &Connection) -> rusqlite::Result<()> {
    for table in ["names", "labels", "name_labels", "label_colors", "history"] {
        db.execute(&format!("DELETE FROM {table}"), ())?;
    }
    Ok(())
}

// Called on its own, outside any transaction.
pub fn clear_caches(db: &Connection) -> rusqlite::Result<()> {
    for table in ["name_cache", "label_cache", "search_cache", "icon_cache", "page_cache"] {
        db.execute(&format!("DELETE FROM {table}"), ())?;
    }
    Ok(())
}
