use rusqlite::{Connection, OpenFlags};

// Read-only connections cannot switch the journal mode.
pub fn open_reference(path: &str) -> rusqlite::Result<Connection> {
    Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
}

pub fn open_snapshot(path: &str) -> rusqlite::Result<Connection> {
    Connection::open_with_flags(
        format!("file:{path}?mode=ro"),
        OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
}
