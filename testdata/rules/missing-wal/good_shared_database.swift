import FMDB

// WAL is stored in the database file: a second connection to the database
// the app puts in WAL is in WAL too (outside Android).
enum Paths {
    static func database() -> String { NSHomeDirectory() + "/Library/app.db" }
}

final class MainStore {
    let queue: FMDatabaseQueue?

    init() {
        queue = FMDatabaseQueue(path: Paths.database())
        queue?.inDatabase { db in
            db.executeStatements("PRAGMA journal_mode=WAL")
        }
    }
}

final class WidgetReader {
    func count() -> Int32 {
        let db = FMDatabase(path: Paths.database())
        guard db.open() else { return 0 }
        defer { db.close() }
        return db.intForQuery("SELECT count(*) FROM items") ?? 0
    }
}
