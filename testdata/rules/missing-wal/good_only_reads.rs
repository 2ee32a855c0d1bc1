use rusqlite::Connection;

// Reading another application's database: only SELECTs run
// on the connection, which is dropped at the end of the function.
pub fn recent_commands(path: &str) -> rusqlite::Result<Vec<String>> {
    let foreign = Connection::open(path)?;
    let mut statement = foreign.prepare("SELECT command FROM history ORDER BY ts")?;
    let rows = statement.query_map([], |row| row.get(0))?;
    rows.collect()
}
