import Foundation
import SQLite3
import FMDB
import GRDB

final class JournalStore {
    private var db: OpaquePointer?

    init?(path: String) {
        guard sqlite3_open(path, &db) == SQLITE_OK else { return nil }
        sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", nil, nil, nil)
    }

    /// Reading the level is a query, not a setting.
    func syncLevel() -> Int32 {
        var stmt: OpaquePointer?
        defer { sqlite3_finalize(stmt) }
        guard sqlite3_prepare_v2(db, "PRAGMA synchronous", -1, &stmt, nil) == SQLITE_OK,
              sqlite3_step(stmt) == SQLITE_ROW else { return -1 }
        return sqlite3_column_int(stmt, 0)
    }
}

/// FULL on a connection nothing in this file switches to WAL.
func configureExport(_ db: FMDatabase) {
    db.executeStatements("PRAGMA synchronous = FULL;")
}

/// GRDB: a DatabasePool is WAL, and NORMAL is what it should be paired with.
func makeOrdersPool(at url: URL) throws -> DatabasePool {
    var config = Configuration()
    config.prepareDatabase { db in
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
    return try DatabasePool(path: url.path, configuration: config)
}

func logSettings() {
    print("journal_mode=WAL, synchronous=FULL was replaced by NORMAL")
}
