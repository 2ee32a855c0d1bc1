use rusqlite::Connection;

// `cfg(not(test))` is production code.
#[cfg(not(test))]
pub fn open_store(path: &str) -> rusqlite::Result<Connection> {
    Connection::open(path) // ~ missing-wal
}
