import FMDB
import GRDB
import SQLite3

// `writeWithoutTransaction` runs each statement in its own transaction.
func saveAll(_ items: [Item], in dbQueue: DatabaseQueue) throws {
    try dbQueue.writeWithoutTransaction { db in
        for item in items {
            try db.execute(sql: "INSERT INTO items (id) VALUES (?)", arguments: [item.id]) // ~ write-without-transaction
        }
    }
}

func deleteAll(_ ids: [Int64], db: FMDatabase) {
    for id in ids {
        db.executeUpdate("DELETE FROM photos WHERE id = ?", withArgumentsIn: [id]) // ~ write-without-transaction
    }
}

// BEGIN and COMMIT inside each iteration: one transaction per row.
func markSeen(_ ids: [Int64], db: OpaquePointer?) {
    ids.forEach { id in
        sqlite3_exec(db, "BEGIN", nil, nil, nil)
        sqlite3_exec(db, "UPDATE photos SET seen = 1 WHERE id = \(id)", nil, nil, nil) // ~ write-without-transaction
        sqlite3_exec(db, "COMMIT", nil, nil, nil)
    }
}
