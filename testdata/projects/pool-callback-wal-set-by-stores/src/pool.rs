use rusqlite::Connection;

/// The pool library calls `create` for each new connection and hands it to
/// the stores, which switch the database to WAL once (it stays on the file).
pub struct Manager {
    path: String,
}

impl pool_lib::Manage for Manager {
    type Item = Connection;

    fn create(&self) -> rusqlite::Result<Connection> {
        Connection::open(&self.path)
    }
}
