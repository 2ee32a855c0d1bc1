use rusqlite::Connection;

pub fn label() -> &'static str {
    "tests below open scratch databases"
}

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    #[test]
    fn opens_scratch() {
        let conn = Connection::open("scratch.db").unwrap();
        conn.execute_batch("CREATE TABLE t (x)").unwrap();
    }
}

#[cfg(all(test, feature = "slow"))]
fn slow_fixture() -> Connection {
    Connection::open("slow.db").unwrap()
}
