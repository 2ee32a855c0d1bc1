import SQLite3

/// Keeps one handle, but opens and closes it around every operation.
final class Database {
    static let shared = Database()
    private var handle: OpaquePointer?

    func open() {
        sqlite3_open("notes.db", &handle)
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
