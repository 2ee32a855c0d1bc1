import FMDB
import GRDB
import XCTest

// Opens once, in the initializer, and keeps the queue.
final class PhotoDatabase {
    private let queue: FMDatabaseQueue

    init(path: String) {
        queue = FMDatabaseQueue(path: path)!
        queue.inDatabase { db in db.executeStatements("PRAGMA journal_mode=WAL") }
    }
}

// Hands the connection out: whoever gets it keeps it.
func openPhotos(path: String) -> FMDatabase {
    let db = FMDatabase(path: path)
    db.open()
    db.executeStatements("PRAGMA journal_mode=WAL")
    return db
}

func mainWindow(path: String) -> FMDatabase { openPhotos(path: path) }

func widget(path: String) -> FMDatabase { openPhotos(path: path) }

// A different database on each iteration.
func countAll(_ urls: [URL]) -> Int {
    var total = 0
    for url in urls {
        let db = FMDatabase(url: url)
        db.open()
        db.executeStatements("PRAGMA journal_mode=WAL")
        total += Int(db.intForQuery("SELECT count(*) FROM photos") ?? 0)
        db.close()
    }
    return total
}

// A one-shot import opens once.
func importPhotos(from path: String) {
    let db = FMDatabase(path: path)
    db.open()
    db.executeStatements("PRAGMA journal_mode=WAL")
    db.close()
}

func firstLaunch() {
    importPhotos(from: "a.db")
    importPhotos(from: "b.db")
}

// Tests may open as often as they like.
final class PhotoStoreTests: XCTestCase {
    func testReopens() {
        for _ in 0..<3 {
            let db = FMDatabase(path: "t.db")
            db.open()
            db.executeStatements("PRAGMA journal_mode=WAL")
            db.close()
        }
    }
}

// Core Data: one container for the app's lifetime, built in the initializer.
final class JournalStack {
    let container: NSPersistentContainer

    init() {
        container = NSPersistentContainer(name: "Journal")
        container.loadPersistentStores { _, _ in }
    }

    func titles(_ ids: [NSManagedObjectID]) -> [String] {
        ids.compactMap { id in
            (try? container.viewContext.existingObject(with: id))?.value(forKey: "title") as? String
        }
    }
}

// A copy factory: it opens the source once to copy it into the queue it
// returns, which the caller keeps.
extension NotesQueue {
    static func copy(
        fromPath path: String,
        configuration: Configuration = Configuration())
    throws -> NotesQueue
    {
        var readOnly = configuration
        readOnly.readonly = true
        let source = try DatabaseQueue(path: path, configuration: readOnly)
        let result = try NotesQueue(path: path + ".copy")
        try source.backup(to: result.queue)
        return result
    }
}

final class NotesQueue {
    let path: String
    let queue: DatabaseQueue

    init(path: String) throws {
        self.path = path
        queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode=WAL")
        }
    }
}
