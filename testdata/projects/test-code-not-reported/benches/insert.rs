use rusqlite::Connection;

fn main() {
    let conn = Connection::open("bench.db").unwrap();
    for i in 0..1000 {
        conn.execute("INSERT INTO tags (name) VALUES (?1)", [i]).unwrap();
    }
}
