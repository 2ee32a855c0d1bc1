import Foundation
import SQLite3
import FMDB
import GRDB

final class MessageStore {
    private var db: OpaquePointer?
    static let privacyPragmas = "PRAGMA secure_delete = FAST" // ~ secure-delete-on

    init(db: OpaquePointer?) {
        self.db = db
        sqlite3_exec(db, Self.privacyPragmas, nil, nil, nil)
    }

    func hardenAttachments() {
        sqlite3_exec(db, """
            ATTACH DATABASE 'attachments.db' AS attachments;
            PRAGMA attachments.secure_delete = FAST; -- ~ secure-delete-on
            """, nil, nil, nil)
    }
}

func harden(_ db: FMDatabase) {
    db.executeStatements("pragma secure_delete(fast);") // ~ secure-delete-on
}

func hardenQueue(_ dbQueue: DatabaseQueue) throws {
    try dbQueue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA main.secure_delete = fast") // ~ secure-delete-on
    }
}
