use rusqlite::Connection;

#[test]
fn vacuums_a_scratch_copy() {
    let conn = Connection::open("copy.db").unwrap();
    conn.execute_batch("VACUUM").unwrap();
    for path in ["a.db", "b.db"] {
        let f = std::fs::File::open(path).unwrap();
        f.sync_all().unwrap();
    }
}
