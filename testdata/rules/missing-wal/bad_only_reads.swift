import FMDB

// Closed in the same function, but written through: every update pays
// the rollback journal.
func markSeen(at path: String, ids: [Int64]) {
    guard let store = FMDatabase(path: path), store.open() else { // ~ missing-wal
        return
    }
    defer {
        store.close()
    }
    if let rows = store.executeQuery("SELECT id FROM items WHERE seen = 0", withArgumentsIn: []) {
        while rows.next() {}
    }
    store.executeUpdate("UPDATE items SET seen = 1", withArgumentsIn: [])
}

// Handed to another function, it may be written through there.
func refresh(at path: String) {
    guard let store = FMDatabase(path: path), store.open() else { // ~ missing-wal
        return
    }
    defer {
        store.close()
    }
    rebuild(store)
}

// An initializer keeping the connection it opens: the instance writes
// through it later.
final class Ledger {
    private let db: FMDatabase

    init?(path: String) {
        guard let opened = FMDatabase(path: path), opened.open() else { // ~ missing-wal
            return nil
        }
        db = opened
    }

    func record(_ amount: Int) {
        db.executeUpdate("INSERT INTO entries (amount) VALUES (?)", withArgumentsIn: [amount])
    }
}
