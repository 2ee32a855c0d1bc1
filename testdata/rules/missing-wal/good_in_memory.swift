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
