import Foundation
import SQLite3
import FMDB
import GRDB

final class JournalDatabase {
    private var db: OpaquePointer?

    func open(at path: String) -> Bool {
        guard sqlite3_open(path, &db) == SQLITE_OK else { return false }
        sqlite3_exec(db, "PRAGMA journal_mode = WAL", nil, nil, nil) // ~ journal-mode-not-wal
        return true
    }

    func configureForImport() {
        var stmt: OpaquePointer?
        sqlite3_prepare_v2(db, "PRAGMA journal_mode(WAL)", -1, &stmt, nil) // ~ journal-mode-not-wal
        sqlite3_step(stmt)
        sqlite3_finalize(stmt)
    }

    func configureScratch() {
        sqlite3_exec(db, """
            PRAGMA cache_size = -8000;
            PRAGMA main.journal_mode = 'wal'; -- ~ journal-mode-not-wal
            """, nil, nil, nil)
    }
}

func configureLegacy(_ db: FMDatabase) {
    db.executeStatements("pragma journal_mode = wal;") // ~ journal-mode-not-wal
    if let rs = db.executeQuery("PRAGMA journal_mode=WAL", withArgumentsIn: []) { // ~ journal-mode-not-wal
        rs.close()
    }
}

func configureAttached(_ db: FMDatabase) {
    db.executeUpdate("PRAGMA archive.journal_mode = \"TRUNCATE\"", withArgumentsIn: []) // ~ journal-mode-not-wal
}

func prepareExport(_ dbQueue: DatabaseQueue) throws {
    try dbQueue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA journal_mode = WAL") // ~ journal-mode-not-wal
    }
}
