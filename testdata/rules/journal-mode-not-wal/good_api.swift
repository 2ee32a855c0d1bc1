import CoreData
import Foundation
import GRDB
import SQLite3

/// Core Data's default is WAL; saying so explicitly is fine too.
final class CatalogStack {
    let container = NSPersistentContainer(name: "Catalog")

    func loadStores(at url: URL) {
        let description = NSPersistentStoreDescription(url: url)
        description.setOption(["journal_mode": "WAL"] as NSDictionary, forKey: NSSQLitePragmasOption)
        container.persistentStoreDescriptions = [description]
        container.loadPersistentStores { _, error in
            if let error { fatalError("catalog store: \(error)") }
        }
    }
}

func addStore(to coordinator: NSPersistentStoreCoordinator, at url: URL) throws {
    try coordinator.addPersistentStore(
        ofType: NSSQLiteStoreType,
        configurationName: nil,
        at: url,
        options: [NSSQLitePragmasOption: ["journal_mode": "WAL", "synchronous": "NORMAL"]]
    )
}

/// GRDB: a DatabaseQueue told to use WAL.
func makeDraftsQueue(at url: URL) throws -> DatabaseQueue {
    var config = Configuration()
    config.journalMode = .wal
    return try DatabaseQueue(path: url.path, configuration: config)
}

/// A constant that sets WAL.
final class ThumbnailCache {
    static let walJournal = "PRAGMA journal_mode = WAL"

    private var db: OpaquePointer?

    init(db: OpaquePointer?) {
        self.db = db
        sqlite3_exec(db, Self.walJournal, nil, nil, nil)
    }
}
