import FMDB
import SQLite3

final class PhotoStore {
    private let path: String

    init(path: String) {
        self.path = path
    }

    // Opens and closes the database on every call.
    func favorite(_ id: Int64) {
        var db: OpaquePointer?
        sqlite3_open(path, &db) // ~ open-per-query
        defer { sqlite3_close(db) }
        sqlite3_exec(db, "PRAGMA journal_mode=WAL", nil, nil, nil)
        sqlite3_exec(db, "UPDATE photos SET favorite = 1 WHERE id = \(id)", nil, nil, nil)
    }
}

func touchAll(_ ids: [Int64], path: String) {
    for id in ids {
        let db = FMDatabase(path: path) // ~ open-per-query
        db.open()
        db.executeStatements("PRAGMA journal_mode=WAL")
        db.executeQuery("SELECT 1 FROM photos WHERE id = ?", withArgumentsIn: [id])?.close()
        db.close()
    }
}

// Opens and closes on every call, and is called from two places.
func photoCount(path: String) -> Int {
    let db = FMDatabase(path: path) // ~ open-per-query
    db.open()
    defer { db.close() }
    db.executeStatements("PRAGMA journal_mode=WAL")
    return Int(db.intForQuery("SELECT count(*) FROM photos") ?? 0)
}

func badge(path: String) -> String { String(photoCount(path: path)) }

func summary(path: String) -> String { "\(photoCount(path: path)) photos" }

// Core Data: a container (and its store) built per entry.
func entryTitles(_ ids: [NSManagedObjectID]) -> [String] {
    var titles: [String] = []
    for id in ids {
        let container = NSPersistentContainer(name: "Journal") // ~ open-per-query
        container.loadPersistentStores { _, _ in }
        if let entry = try? container.viewContext.existingObject(with: id) {
            titles.append(entry.value(forKey: "title") as? String ?? "")
        }
    }
    return titles
}
