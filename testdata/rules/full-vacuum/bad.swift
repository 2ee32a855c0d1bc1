import Foundation
import SQLite3
import FMDB
import GRDB

final class PhotoLibraryStore {
    private var db: OpaquePointer?

    func removePhoto(id: Int64) {
        sqlite3_exec(db, "DELETE FROM photo WHERE id = \(id)", nil, nil, nil)
        sqlite3_exec(db, "VACUUM", nil, nil, nil) // ~ full-vacuum
    }

    func compactNow() {
        var stmt: OpaquePointer?
        if sqlite3_prepare_v2(db, "vacuum main", -1, &stmt, nil) == SQLITE_OK { // ~ full-vacuum
            sqlite3_step(stmt)
        }
        sqlite3_finalize(stmt)
    }

    func nightlyMaintenance() {
        sqlite3_exec(db, """
            DELETE FROM thumbnail WHERE orphaned = 1;
            VACUUM; -- ~ full-vacuum
            ANALYZE;
            """, nil, nil, nil)
    }
}

func clearHistory(queue: FMDatabaseQueue) {
    queue.inDatabase { db in
        db.executeUpdate("DELETE FROM history", withArgumentsIn: [])
        db.executeUpdate("VACUUM", withArgumentsIn: []) // ~ full-vacuum
    }
}

func shrink(db: FMDatabase) -> Bool {
    return db.executeStatements("DELETE FROM cache; Vacuum;") // ~ full-vacuum
}

func compact(dbQueue: DatabaseQueue) throws {
    try dbQueue.writeWithoutTransaction { db in
        try db.execute(sql: "VACUUM") // ~ full-vacuum
    }
}
