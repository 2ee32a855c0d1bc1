import Foundation
import SQLite3
import FMDB
import GRDB

final class PhotoLibrary {
    private var db: OpaquePointer?
    static let schemaPragmas = "PRAGMA auto_vacuum = INCREMENTAL" // ~ auto-vacuum-full

    init(db: OpaquePointer?) {
        self.db = db
        sqlite3_exec(db, Self.schemaPragmas, nil, nil, nil)
        sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS photo (id INTEGER PRIMARY KEY, path TEXT NOT NULL)", nil, nil, nil)
    }

    /// Switches an existing file; the VACUUM applies the mode.
    func migrateToAutoVacuum() {
        sqlite3_exec(db, """
            PRAGMA auto_vacuum = 2; -- ~ auto-vacuum-full
            VACUUM;
            """, nil, nil, nil)
    }
}

func createAlbums(_ db: FMDatabase) {
    db.executeStatements("pragma auto_vacuum(incremental); CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT);") // ~ auto-vacuum-full
}

func createTags(_ dbQueue: DatabaseQueue) throws {
    try dbQueue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA main.auto_vacuum = 'INCREMENTAL'") // ~ auto-vacuum-full
    }
}
