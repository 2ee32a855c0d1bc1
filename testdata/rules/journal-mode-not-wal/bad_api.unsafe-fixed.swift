import CoreData
import Foundation
import SQLite3

/// Core Data stores are in WAL mode unless the store options say otherwise.
final class CatalogStack {
    let container = NSPersistentContainer(name: "Catalog")

    func loadStores(at url: URL) {
        let description = NSPersistentStoreDescription(url: url)
        description.setOption(["journal_mode": "WAL"] as NSDictionary, forKey: NSSQLitePragmasOption) // ~ journal-mode-not-wal
        container.persistentStoreDescriptions = [description]
        container.loadPersistentStores { _, error in
            if let error { fatalError("catalog store: \(error)") }
        }
    }
}

/// The older stack, with the coordinator set up by hand.
func addLegacyStore(to coordinator: NSPersistentStoreCoordinator, at url: URL) throws {
    try coordinator.addPersistentStore(
        ofType: NSSQLiteStoreType,
        configurationName: nil,
        at: url,
        options: [NSSQLitePragmasOption: ["journal_mode": "WAL"]] // ~ journal-mode-not-wal
    )
}

/// The pragma held in a constant; the finding is where its text is.
final class ThumbnailCache {
    static let legacyJournal = "PRAGMA journal_mode = WAL" // ~ journal-mode-not-wal

    private var db: OpaquePointer?

    init(db: OpaquePointer?) {
        self.db = db
        sqlite3_exec(db, Self.legacyJournal, nil, nil, nil)
    }
}
