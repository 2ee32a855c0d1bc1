import Foundation
import SQLite3
import FMDB
import GRDB

final class JournalDatabase {
    private var db: OpaquePointer?

    /// WAL plus synchronous=NORMAL, the recommended pair.
    func open(at path: String) -> Bool {
        guard sqlite3_open(path, &db) == SQLITE_OK else { return false }
        sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", nil, nil, nil)
        return true
    }

    /// Reading the current mode is a query, not a setting.
    func currentMode() -> String? {
        var stmt: OpaquePointer?
        defer { sqlite3_finalize(stmt) }
        guard sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &stmt, nil) == SQLITE_OK,
              sqlite3_step(stmt) == SQLITE_ROW,
              let text = sqlite3_column_text(stmt, 0) else { return nil }
        return String(cString: text)
    }

    /// The value is interpolated at run time: nothing to check statically.
    func apply(mode: String) {
        sqlite3_exec(db, "PRAGMA journal_mode = \(mode)", nil, nil, nil)
    }
}

func configure(_ db: FMDatabase) {
    db.executeStatements("pragma main.journal_mode = 'wal';")
    // An old build used PRAGMA journal_mode = DELETE here; WAL replaced it.
    print("journal_mode set to WAL (was DELETE)")
}

func removeStaleRows(_ db: FMDatabase) {
    // DELETE as a statement is unrelated to the journal mode.
    db.executeUpdate("DELETE FROM draft WHERE updated_at < ?", withArgumentsIn: [Date().addingTimeInterval(-86_400)])
}

func makePool(path: String) throws -> DatabasePool {
    // DatabasePool always runs in WAL mode.
    return try DatabasePool(path: path)
}
