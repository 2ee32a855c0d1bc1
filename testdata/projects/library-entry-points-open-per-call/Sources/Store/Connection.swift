import SQLite3

/// One handle for the library, opened and closed around each operation.
final class Connection {
    static let shared = Connection()
    private var handle: OpaquePointer?

    func open() {
        sqlite3_open("store.db", &handle)
        sqlite3_exec(handle, "PRAGMA journal_mode=WAL", nil, nil, nil)
    }

    func close() {
        sqlite3_close(handle)
        handle = nil
    }

    func run(_ sql: String) {
        sqlite3_exec(handle, sql, nil, nil, nil)
    }
}
