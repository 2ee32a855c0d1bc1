import Foundation
import os
import SQLite3
import FMDB
import GRDB

private let logger = Logger(subsystem: "com.example.reader", category: "db")

/// WAL right after the open, in the same initializer.
final class BookmarkStore {
    private var db: OpaquePointer?

    init?(path: String) {
        guard sqlite3_open(path, &db) == SQLITE_OK else {
            logger.error("sqlite3_open failed for \(path, privacy: .public)")
            return nil
        }
        sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", nil, nil, nil)
    }

    deinit {
        sqlite3_close(db)
    }
}

/// The open and the pragmas live in two methods of the same class.
final class DownloadLedger {
    private var db: OpaquePointer?

    func open(at url: URL) -> Bool {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        guard sqlite3_open_v2(url.path, &db, flags, nil) == SQLITE_OK else { return false }
        configure()
        return true
    }

    private func configure() {
        sqlite3_exec(db, "PRAGMA journal_mode=WAL", nil, nil, nil)
    }
}

/// FMDB: the queue is switched to WAL before anything else runs on it.
final class HistoryStore {
    let queue: FMDatabaseQueue?

    init(directory: URL) {
        queue = FMDatabaseQueue(path: directory.appendingPathComponent("history.sqlite").path)
        queue?.inDatabase { db in
            db.executeStatements("PRAGMA journal_mode = WAL;")
        }
    }
}

/// GRDB: a DatabasePool is always in WAL mode.
func makeLibraryPool(at url: URL) throws -> DatabasePool {
    try DatabasePool(path: url.path)
}

/// GRDB: a DatabaseQueue configured for WAL.
func makeDraftsQueue(at url: URL) throws -> DatabaseQueue {
    var config = Configuration()
    config.journalMode = .wal
    return try DatabaseQueue(path: url.path, configuration: config)
}

func reportOpenFailure(code: Int32) {
    // The message names the call; it opens nothing.
    print("sqlite3_open returned \(code); FMDatabase(path:) not attempted")
}

/// A read-only connection cannot choose its journal mode.
func openBundledAtlas(at path: String) -> OpaquePointer? {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return nil }
    return db
}
