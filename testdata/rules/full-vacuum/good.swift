import Foundation
import os
import SQLite3
import GRDB

private let logger = Logger(subsystem: "com.example.photos", category: "db")

final class PhotoLibraryStore {
    private var db: OpaquePointer?

    /// Frees at most 64 pages instead of rewriting the whole database.
    func removePhoto(id: Int64) {
        sqlite3_exec(db, "DELETE FROM photo WHERE id = \(id)", nil, nil, nil)
        sqlite3_exec(db, "PRAGMA incremental_vacuum(64)", nil, nil, nil)
    }

    /// One-time migration: switching auto_vacuum on an existing database needs
    /// one VACUUM directly after the pragma.
    func migrateToIncrementalVacuum() {
        sqlite3_exec(db, "PRAGMA auto_vacuum = INCREMENTAL", nil, nil, nil)
        sqlite3_exec(db, "VACUUM", nil, nil, nil)
    }

    /// The same migration as one multi-statement string.
    func migrateInOneStatementList() {
        sqlite3_exec(db, """
            PRAGMA auto_vacuum = INCREMENTAL;
            VACUUM;
            """, nil, nil, nil)
    }

    /// VACUUM INTO writes a compacted backup copy and leaves the live file alone.
    func backup(to url: URL) {
        sqlite3_exec(db, "VACUUM INTO '\(url.path)'", nil, nil, nil)
    }

    func reportFreePages() {
        // Full VACUUM is too expensive on device; we rely on incremental_vacuum.
        logger.info("Skipping VACUUM, auto_vacuum is incremental")
        print("VACUUM disabled")
    }
}

func backupWithGRDB(dbQueue: DatabaseQueue) throws {
    try dbQueue.writeWithoutTransaction { db in
        try db.execute(sql: "VACUUM INTO 'backup.sqlite'")
    }
}
