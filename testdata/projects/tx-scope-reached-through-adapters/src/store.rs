use std::cell::OnceCell;
use std::sync::Mutex;

use rusqlite::{params, Connection};

pub struct Dao<'a> {
    conn: &'a Connection,
}

impl<'a> Dao<'a> {
    pub fn save_names(&mut self, names: &[String]) -> rusqlite::Result<()> {
        let mut insert = self.conn.prepare_cached("INSERT INTO names (name) VALUES (?1)")?;
        for name in names {
            insert.execute(params![name])?;
        }
        Ok(())
    }

    pub fn save_labels(&mut self, labels: &[String]) -> rusqlite::Result<()> {
        for label in labels {
            self.conn
                .execute("INSERT INTO labels (label) VALUES (?1)", params![label])?;
        }
        Ok(())
    }
}

pub struct Writer {
    conn: Mutex<Connection>,
}

impl Writer {
    pub fn scope(&self) -> rusqlite::Result<Scope<'_>> {
        Ok(Scope {
            conn: self.conn.lock().expect("poisoned"),
        })
    }

    // Lends the connection as it is: each statement commits alone.
    pub fn lend<T>(&self, op: impl FnOnce(&mut Dao) -> rusqlite::Result<T>) -> rusqlite::Result<T> {
        let conn = self.conn.lock().expect("poisoned");
        let mut dao = Dao { conn: &conn };
        op(&mut dao)
    }
}

pub struct Scope<'a> {
    conn: std::sync::MutexGuard<'a, Connection>,
}

impl Scope<'_> {
    // Runs the caller's work in one transaction.
    pub fn write<T>(&mut self, op: impl FnOnce(&mut Dao) -> rusqlite::Result<T>) -> rusqlite::Result<T> {
        let tx = self.conn.transaction()?;
        let mut dao = Dao { conn: &tx };
        let result = op(&mut dao)?;
        tx.commit()?;
        Ok(result)
    }
}

pub struct Stores {
    pub writer: Writer,
}

pub struct Service {
    stores: OnceCell<Stores>,
}

impl Service {
    fn stores(&self) -> rusqlite::Result<&Stores> {
        self.stores.get_or_try_init(open_stores)
    }

    // The receiver's type is followed through `unwrap()` and `?`.
    pub fn import(&self, batches: &[Vec<String>]) -> rusqlite::Result<()> {
        let writer = &self.stores().unwrap().writer;
        let mut scope = writer.scope()?;
        for batch in batches {
            scope.write(|dao| dao.save_names(batch))?;
        }
        Ok(())
    }

    pub fn tag(&self, labels: &[String]) -> rusqlite::Result<()> {
        self.stores().expect("opened").writer.lend(|dao| dao.save_labels(labels))
    }
}

fn open_stores() -> rusqlite::Result<Stores> {
    let conn = Connection::open("app.db")?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    Ok(Stores {
        writer: Writer {
            conn: Mutex::new(conn),
        },
    })
}
