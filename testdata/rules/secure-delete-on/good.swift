import Foundation
import SQLite3
import FMDB
import GRDB

final class MessageStore {
    private var db: OpaquePointer?
    static let privacyPragmas = "PRAGMA secure_delete = FAST"

    init(db: OpaquePointer?) {
        self.db = db
        sqlite3_exec(db, Self.privacyPragmas, nil, nil, nil)
    }

    /// Re-downloadable attachments need no zeroing at all.
    func relaxAttachments() {
        sqlite3_exec(db, """
            ATTACH DATABASE 'attachments.db' AS attachments;
            PRAGMA attachments.secure_delete = OFF;
            """, nil, nil, nil)
    }
}

/// Reading the setting is a query, not a setting.
func secureDeleteLevel(_ db: FMDatabase) -> Int32? {
    guard let rs = db.executeQuery("PRAGMA secure_delete", withArgumentsIn: []), rs.next() else { return nil }
    defer { rs.close() }
    return rs.int(forColumnIndex: 0)
}

func relaxScratch(_ dbQueue: DatabaseQueue) throws {
    try dbQueue.writeWithoutTransaction { db in
        // secure_delete = ON would overwrite every freed page; 0 is enough for scratch data.
        try db.execute(sql: "PRAGMA temp.secure_delete = 0")
    }
}
