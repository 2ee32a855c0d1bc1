use rusqlite::Connection;

// A generic open helper hands every connection to the component's
// initializer, whose implementations switch it to WAL: the trait call,
// through a generic bound, a where clause or a trait object, reaches them.
pub trait Initializer {
    fn prepare(&self, conn: &Connection) -> rusqlite::Result<()>;
}

pub struct HistoryInitializer;

impl Initializer for HistoryInitializer {
    fn prepare(&self, conn: &Connection) -> rusqlite::Result<()> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        Ok(())
    }
}

pub fn open_bounded<I: Initializer>(path: &str, init: &I) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    init.prepare(&conn)?;
    Ok(conn)
}

pub fn open_where<I>(path: &str, init: &I) -> rusqlite::Result<Connection>
where
    I: Initializer,
{
    let conn = Connection::open(path)?;
    init.prepare(&conn)?;
    Ok(conn)
}

pub fn open_dyn(path: &str, init: &dyn Initializer) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    init.prepare(&conn)?;
    Ok(conn)
}
