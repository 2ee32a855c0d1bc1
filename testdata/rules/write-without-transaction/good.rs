use rusqlite::{params, Connection, Transaction};
use sqlx::SqlitePool;

// One transaction around the loop.
pub fn save_all(conn: &mut Connection, notes: &[Note]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    for note in notes {
        tx.execute("INSERT INTO notes (id, body) VALUES (?1, ?2)", params![note.id, note.body])?;
    }
    tx.commit()
}

// BEGIN and COMMIT in SQL around the loop.
pub fn mark_seen(conn: &Connection, ids: &[i64]) -> rusqlite::Result<()> {
    conn.execute_batch("BEGIN IMMEDIATE")?;
    for id in ids {
        conn.execute("UPDATE notes SET seen = 1 WHERE id = ?1", [id])?;
    }
    conn.execute_batch("COMMIT")
}

// Only reads in the loop.
pub fn titles(conn: &Connection, ids: &[i64]) -> rusqlite::Result<Vec<String>> {
    ids.iter()
        .map(|id| conn.query_row("SELECT title FROM notes WHERE id = ?1", [id], |r| r.get(0)))
        .collect()
}

// The helper loops without a transaction, but its only caller holds one.
fn insert_each(tx: &Transaction, notes: &[Note]) -> rusqlite::Result<()> {
    for note in notes {
        tx.execute("INSERT INTO notes (id, body) VALUES (?1, ?2)", params![note.id, note.body])?;
    }
    Ok(())
}

pub fn replace_all(conn: &mut Connection, notes: &[Note]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    tx.execute("DELETE FROM notes", [])?;
    insert_each(&tx, notes)?;
    tx.commit()
}

// sqlx: one transaction from the pool around the loop.
pub async fn store(pool: &SqlitePool, notes: &[Note]) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    for note in notes {
        sqlx::query("INSERT INTO notes (id) VALUES (?)")
            .bind(note.id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

// Not a database: `insert` on a vector.
pub fn collect(names: &mut Vec<String>, notes: &[Note]) {
    for note in notes {
        names.insert(0, note.title.clone());
    }
}

pub struct Importer {
    conn: Connection,
}

impl Importer {
    // Returns the transaction the import runs in.
    fn begin_import(&mut self) -> rusqlite::Result<rusqlite::Transaction<'_>> {
        self.conn.execute("CREATE TABLE IF NOT EXISTS rows (value TEXT)", [])?;
        self.conn.transaction()
    }
}

// The transaction comes from a helper and is committed after the loop.
pub fn import_rows(importer: &mut Importer, values: &[String]) -> rusqlite::Result<()> {
    let tx = importer.begin_import()?;
    for value in values {
        tx.execute("INSERT INTO rows (value) VALUES (?1)", [value])?;
    }
    tx.commit()
}

// Prepared on the transaction and unwrapped: every execution joins it.
pub fn retemplate(conn: &mut Connection, rows: Vec<(i64, String)>) {
    let tx = conn.transaction().expect("begin");
    {
        let mut update = tx
            .prepare("UPDATE commands SET template = :template WHERE id = :id")
            .unwrap_or_else(|err| panic!("cannot prepare: {err}"));
        for (id, command) in rows {
            update
                .execute(rusqlite::named_params! { ":template": &command, ":id": &id })
                .expect("update");
        }
    }
    tx.commit().expect("commit");
}

// Prepared and unwrapped, but executed once: no loop repeats it.
pub fn touch(conn: &Connection, id: i64) {
    let mut update = conn.prepare("UPDATE commands SET used = 1 WHERE id = ?1").unwrap();
    update.execute([id]).unwrap();
}

// A TEMP table lives in the connection's temporary database: nothing is
// journalled to disk or synced, however many rows the loop writes.
pub fn stage_outgoing(conn: &Connection, ids: &[i64]) -> rusqlite::Result<()> {
    conn.execute(
        "CREATE TEMP TABLE IF NOT EXISTS outgoing_ids (id INTEGER PRIMARY KEY)",
        [],
    )?;
    let stage = "INSERT INTO outgoing_ids (id) VALUES (?1)";
    for id in ids {
        conn.execute(stage, [id])?;
    }
    Ok(())
}

// Rebuilt per query from the durable table, ranked in place.
pub fn rank(conn: &Connection, dirs: &[String]) -> rusqlite::Result<()> {
    for dir in dirs {
        conn.execute("DROP TABLE IF EXISTS temp.ranked", [])?;
        conn.execute(
            "CREATE TEMPORARY TABLE ranked AS SELECT id, cmd FROM commands WHERE dir = ?1",
            [dir],
        )?;
        conn.execute("UPDATE ranked SET cmd = lower(cmd)", [])?;
    }
    Ok(())
}
