import Foundation
import SQLite3
import FMDB
import GRDB

/// A queue bound to a name: WAL goes in through the queue, right after it.
func openJournal(at path: String) -> FMDatabaseQueue {
    let journal = FMDatabaseQueue(path: path)! // ~ missing-wal
    journal.inDatabase { db in
        db.executeStatements("CREATE TABLE IF NOT EXISTS entry (id INTEGER PRIMARY KEY, body TEXT)")
    }
    return journal
}

/// The optional queue, used through `?.`.
func openOutbox(at path: String) -> FMDatabaseQueue? {
    let outbox = FMDatabaseQueue(path: path) // ~ missing-wal
    return outbox
}

/// A bare open statement with a property as its handle.
final class ThumbnailIndex {
    private var handle: OpaquePointer?

    func open(path: String) {
        sqlite3_open(path, &self.handle) // ~ missing-wal
    }
}

/// The open in a condition whose success branch holds the rest: where the
/// setting belongs is for a person to say, so no fix.
final class ClipStore {
    private var db: OpaquePointer?

    init(path: String) {
        if sqlite3_open(path, &db) == SQLITE_OK { // ~ missing-wal
            sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS clip (id INTEGER PRIMARY KEY)", nil, nil, nil)
        }
    }
}

/// A GRDB queue opened with `try`: the pragma runs through the queue.
func openAttachments(at path: String) throws -> DatabaseQueue {
    var attachments = try DatabaseQueue(path: path) // ~ missing-wal
    return attachments
}

/// Opened with `try?`: the setting would need its own way to fail, so no fix.
func openScratch(at path: String) -> DatabaseQueue? {
    let scratch = try? DatabaseQueue(path: path) // ~ missing-wal
    return scratch
}

/// An FMDatabase opens nothing until `open()`: the pragma goes after it.
func openLedger(at path: String) -> FMDatabase? {
    let ledger = FMDatabase(path: path) // ~ missing-wal
    guard ledger.open() else { return nil }
    ledger.executeStatements("CREATE TABLE IF NOT EXISTS line (id INTEGER PRIMARY KEY)")
    return ledger
}

/// Handed away before it is opened here: where the setting belongs is not
/// plain, so no fix.
func openShared(at path: String, register: (FMDatabase) -> Void) {
    let shared = FMDatabase(path: path) // ~ missing-wal
    register(shared)
    shared.open()
}

/// A name that only starts with the handle's is no use of it.
func openArchive(at directory: String) -> FMDatabase? {
    let archive = FMDatabase(path: directory + "/archive.sqlite") // ~ missing-wal
    let archiveName = "cold-storage"
    guard archive.open() else { return nil }
    print(archiveName)
    return archive
}
