use rusqlite::{Connection, OpenFlags};

/// A shared in-memory database, named through a constant.
const SHARED_MEMORY: &str = "file:cache?mode=memory&cache=shared";

pub fn shared_cache() -> rusqlite::Result<Connection> {
    Connection::open_with_flags(SHARED_MEMORY, OpenFlags::default())
}

pub fn scratch() -> rusqlite::Result<Connection> {
    Connection::open(":memory:")
}
