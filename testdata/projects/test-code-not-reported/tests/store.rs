use rusqlite::Connection;

#[test]
fn vacuums_a_scratch_copy() {
    let conn = Connection::open("copy.db").unwrap();
    conn.execute_batch("VACUUM").unwrap();
    let f = std::fs::File::open("copy.db").unwrap();
    for _ in 0..3 {
        f.sync_all().unwrap();
    }
}
