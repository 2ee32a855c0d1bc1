import Foundation
import SQLite3
import FMDB
import GRDB

final class PhotoLibrary {
    private var db: OpaquePointer?
    static let schemaPragmas = "PRAGMA auto_vacuum = INCREMENTAL"

    init(db: OpaquePointer?) {
        self.db = db
        sqlite3_exec(db, Self.schemaPragmas, nil, nil, nil)
        sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS photo (id INTEGER PRIMARY KEY, path TEXT NOT NULL)", nil, nil, nil)
    }

    /// Switches an existing file to incremental mode; one VACUUM applies it.
    func migrateToIncremental() {
        sqlite3_exec(db, """
            PRAGMA auto_vacuum = 2;
            VACUUM;
            """, nil, nil, nil)
    }

    /// Frees at most 100 pages, when the app chooses to.
    func trim() {
        sqlite3_exec(db, "PRAGMA incremental_vacuum(100)", nil, nil, nil)
    }
}

/// Reading the mode is a query, not a setting.
func autoVacuumMode(_ db: FMDatabase) -> Int32? {
    guard let rs = db.executeQuery("PRAGMA auto_vacuum", withArgumentsIn: []), rs.next() else { return nil }
    defer { rs.close() }
    return rs.int(forColumnIndex: 0)
}

func configureCache(_ dbQueue: DatabaseQueue) throws {
    try dbQueue.writeWithoutTransaction { db in
        // auto_vacuum = FULL would move pages on every commit; the cache is rebuilt instead.
        try db.execute(sql: "PRAGMA auto_vacuum = NONE")
    }
}
