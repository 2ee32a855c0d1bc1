import GRDB
import FMDB
import SQLite3

// In-memory databases have no file and no journal to choose.
func scratchQueue() throws -> DatabaseQueue {
    try DatabaseQueue()
}

func scratchFmdb() -> FMDatabase {
    FMDatabase(path: nil)
}

func scratchHandle() -> OpaquePointer? {
    var db: OpaquePointer?
    sqlite3_open(":memory:", &db)
    return db
}

// A queue given only a configuration has no path: it lives in memory.
func previewQueue() throws -> DatabaseQueue {
    var config = Configuration()
    config.foreignKeysEnabled = true
    return try DatabaseQueue(configuration: config)
}

// An empty path is SQLite's private temporary database, deleted on close.
func scratchCopy() throws -> DatabaseQueue {
    try DatabaseQueue(path: "")
}
