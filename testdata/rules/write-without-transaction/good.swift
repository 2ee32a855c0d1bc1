import FMDB
import GRDB
import SQLite3

// GRDB's `write` runs its closure in one transaction.
func saveAll(_ items: [Item], in dbQueue: DatabaseQueue) throws {
    try dbQueue.write { db in
        for item in items {
            try db.execute(sql: "INSERT INTO items (id) VALUES (?)", arguments: [item.id])
        }
    }
}

// FMDatabaseQueue's `inTransaction`.
func deleteAll(_ ids: [Int64], queue: FMDatabaseQueue) {
    queue.inTransaction { db, rollback in
        for id in ids {
            db.executeUpdate("DELETE FROM photos WHERE id = ?", withArgumentsIn: [id])
        }
    }
}

// BEGIN before the loop, COMMIT after it.
func markSeen(_ ids: [Int64], db: OpaquePointer?) {
    sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
    for id in ids {
        sqlite3_exec(db, "UPDATE photos SET seen = 1 WHERE id = \(id)", nil, nil, nil)
    }
    sqlite3_exec(db, "COMMIT", nil, nil, nil)
}

// FMDB's explicit transaction around the loop.
func archive(_ ids: [Int64], db: FMDatabase) {
    db.beginTransaction()
    for id in ids {
        db.executeUpdate("UPDATE photos SET archived = 1 WHERE id = ?", withArgumentsIn: [id])
    }
    db.commit()
}

// Only reads in the loop.
func titles(_ ids: [Int64], db: FMDatabase) -> [String] {
    ids.compactMap { id in
        db.executeQuery("SELECT title FROM photos WHERE id = ?", withArgumentsIn: [id])?.string(forColumnIndex: 0)
    }
}

// The helper loops without a transaction, but its only caller holds one.
private func insertEach(_ items: [Item], db: Database) throws {
    for item in items {
        try db.execute(sql: "INSERT INTO items (id) VALUES (?)", arguments: [item.id])
    }
}

func replaceAll(_ items: [Item], in dbQueue: DatabaseQueue) throws {
    try dbQueue.write { db in
        try db.execute(sql: "DELETE FROM items")
        try insertEach(items, db: db)
    }
}
