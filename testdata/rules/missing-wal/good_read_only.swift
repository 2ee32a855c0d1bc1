import GRDB
import SQLite3

// Read-only connections cannot choose a journal mode: the writer's choice
// stands, and a WAL pragma here would fail with "attempt to write a
// readonly database".
func openCatalog(at url: URL) throws -> DatabaseQueue {
    var config = Configuration()
    config.readonly = true
    return try DatabaseQueue(path: url.path, configuration: config)
}

func openBundledHandle(path: String) -> OpaquePointer? {
    var db: OpaquePointer?
    sqlite3_open_v2("file:\(path)?mode=ro", &db, SQLITE_OPEN_URI, nil)
    return db
}
