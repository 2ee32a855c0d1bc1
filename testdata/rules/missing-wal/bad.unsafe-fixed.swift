import Foundation
import SQLite3
import FMDB
import GRDB
import SQLite

/// Keeps one connection open for the app's lifetime, with SQLite's default journal.
final class BookmarkStore {
    private var db: OpaquePointer?

    init?(path: String) {
        guard sqlite3_open(path, &db) == SQLITE_OK else { return nil } // ~ missing-wal
        sqlite3_exec(db, "PRAGMA journal_mode=WAL", nil, nil, nil)
        sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS bookmark (id INTEGER PRIMARY KEY, title TEXT NOT NULL)", nil, nil, nil)
    }

    func add(title: String) {
        var stmt: OpaquePointer?
        sqlite3_prepare_v2(db, "INSERT INTO bookmark (title) VALUES (?)", -1, &stmt, nil)
        sqlite3_bind_text(stmt, 1, title, -1, nil)
        sqlite3_step(stmt)
        sqlite3_finalize(stmt)
    }

    deinit {
        sqlite3_close(db)
    }
}

final class DownloadLedger {
    private var db: OpaquePointer?

    func open(at url: URL) -> Bool {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        return sqlite3_open_v2(url.path, &db, flags, nil) == SQLITE_OK // ~ missing-wal
    }
}

/// FMDB, both flavours.
final class HistoryStore {
    let queue: FMDatabaseQueue?
    let reader: FMDatabase

    init(directory: URL) {
        queue = FMDatabaseQueue(path: directory.appendingPathComponent("history.sqlite").path) // ~ missing-wal
        reader = FMDatabase(path: directory.appendingPathComponent("history-index.sqlite").path) // ~ missing-wal
    }
}

/// GRDB's DatabaseQueue keeps the file's journal mode, DELETE for a new file.
func makeDraftsQueue(at url: URL) throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue(path: url.path) // ~ missing-wal
    try dbQueue.inDatabase { db in try db.execute(sql: "PRAGMA journal_mode=WAL") }
    try dbQueue.write { db in
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS draft (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    }
    return dbQueue
}

/// SQLite.swift.
func openSettings(in directory: URL) throws -> Connection {
    let db = try Connection(directory.appendingPathComponent("settings.sqlite3").path) // ~ missing-wal
    try db.execute("CREATE TABLE IF NOT EXISTS setting (key TEXT PRIMARY KEY, value TEXT)")
    return db
}
