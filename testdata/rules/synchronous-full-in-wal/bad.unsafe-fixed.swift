import Foundation
import SQLite3
import FMDB
import GRDB

final class JournalStore {
    private var db: OpaquePointer?
    static let durability = "PRAGMA synchronous = NORMAL" // ~ synchronous-full-in-wal

    init?(path: String) {
        guard sqlite3_open(path, &db) == SQLITE_OK else { return nil }
        sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", nil, nil, nil) // ~ synchronous-full-in-wal
    }

    /// Another method of the same class: the connection is already in WAL.
    func makeDurable() {
        sqlite3_exec(db, Self.durability, nil, nil, nil)
    }
}

/// FMDB, both pragmas in one batch, EXTRA spelled in lower case.
func configureLedger(_ db: FMDatabase) {
    db.executeStatements("""
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = normal; -- ~ synchronous-full-in-wal
        """)
}

/// GRDB: a WAL queue whose connections are set back to FULL.
func makeOrdersQueue(at url: URL) throws -> DatabaseQueue {
    var config = Configuration()
    config.journalMode = .wal
    config.prepareDatabase { db in
        try db.execute(sql: "PRAGMA synchronous = 1") // ~ synchronous-full-in-wal
    }
    return try DatabaseQueue(path: url.path, configuration: config)
}
