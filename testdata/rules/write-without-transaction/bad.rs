use rusqlite::{params, Connection};
use sqlx::SqlitePool;

pub fn save_all(conn: &Connection, notes: &[Note]) -> rusqlite::Result<()> {
    for note in notes {
        conn.execute("INSERT INTO notes (id, body) VALUES (?1, ?2)", params![note.id, note.body])?; // ~ write-without-transaction
    }
    Ok(())
}

// A transaction begun and committed inside each iteration is one per row.
pub fn mark_seen(conn: &mut Connection, ids: &[i64]) -> rusqlite::Result<()> {
    for id in ids {
        let tx = conn.transaction()?;
        tx.execute("UPDATE notes SET seen = 1 WHERE id = ?1", [id])?; // ~ write-without-transaction
        tx.commit()?;
    }
    Ok(())
}

pub fn delete_all(conn: &Connection, ids: &[i64]) -> rusqlite::Result<()> {
    ids.iter().try_for_each(|id| {
        conn.execute("DELETE FROM notes WHERE id = ?1", [id])?; // ~ write-without-transaction
        Ok(())
    })
}

pub async fn store(pool: &SqlitePool, notes: &[Note]) -> sqlx::Result<()> {
    for note in notes {
        sqlx::query("INSERT INTO notes (id) VALUES (?)") // ~ write-without-transaction
            .bind(note.id)
            .execute(pool)
            .await?;
    }
    Ok(())
}

// Committed before the loop: the rows after it run one transaction each.
pub fn import_then_touch(conn: &mut Connection, values: &[String]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    tx.execute("DELETE FROM rows", [])?;
    tx.commit()?;
    for value in values {
        conn.execute("INSERT INTO rows (value) VALUES (?1)", [value])?; // ~ write-without-transaction?
    }
    Ok(())
}

// A statement prepared once and unwrapped still commits once per execution.
pub fn retemplate(conn: &Connection, rows: Vec<(i64, String)>) {
    let mut update = conn
        .prepare("UPDATE commands SET template = :template WHERE id = :id") // ~ write-without-transaction
        .unwrap_or_else(|err| panic!("cannot prepare: {err}"));
    for (id, command) in rows {
        update
            .execute(rusqlite::named_params! { ":template": &command, ":id": &id })
            .expect("update");
    }
}

// Named like a scratch table, but created without TEMP: a durable table.
pub fn stage_outgoing(conn: &Connection, ids: &[i64]) -> rusqlite::Result<()> {
    conn.execute(
        "CREATE TABLE IF NOT EXISTS temp_outgoing_ids (id INTEGER PRIMARY KEY)",
        [],
    )?;
    let stage = "INSERT INTO temp_outgoing_ids (id) VALUES (?1)"; // ~ write-without-transaction
    for id in ids {
        conn.execute(stage, [id])?;
    }
    Ok(())
}

// tokio-rusqlite's `call` hands its closure the connection outside any
// transaction: each insert commits on its own.
pub async fn save_people(db: &tokio_rusqlite::Connection, names: Vec<String>) -> tokio_rusqlite::Result<()> {
    db.call(move |conn| {
        for name in &names {
            conn.execute("INSERT INTO people (name) VALUES (?1)", [name])?; // ~ write-without-transaction
        }
        Ok(())
    })
    .await
}
