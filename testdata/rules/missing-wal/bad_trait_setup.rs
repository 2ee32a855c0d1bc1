use rusqlite::Connection;

// The initializer the helper hands its connection to sets a busy timeout
// only: no implementation chooses WAL.
pub trait Configure {
    fn configure(&self, conn: &Connection) -> rusqlite::Result<()>;
}

pub struct CacheConfigure;

impl Configure for CacheConfigure {
    fn configure(&self, conn: &Connection) -> rusqlite::Result<()> {
        conn.busy_timeout(std::time::Duration::from_secs(5))
    }
}

pub fn open_cache<C: Configure>(path: &str, configure: &C) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?; // ~ missing-wal
    configure.configure(&conn)?;
    Ok(conn)
}
