import Foundation
import SQLite3

/// Stores journal entries for hikes in a single SQLite database that stays
/// open for the lifetime of the app.
final class JournalStore {
    struct Entry {
        let id: Int64
        let hikeId: Int64
        let text: String
        let createdAt: Date
    }

    private var db: OpaquePointer?
    private let queue = DispatchQueue(label: "com.trailmark.journal-store")

    init(url: URL) throws {
        guard sqlite3_open_v2(url.path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw StoreError.openFailed(String(cString: sqlite3_errmsg(db)))
        }
        sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", nil, nil, nil)
        try createSchema()
    }

    deinit {
        sqlite3_close(db)
    }

    private func createSchema() throws {
        let sql = """
            CREATE TABLE IF NOT EXISTS hike (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL,
                started_at REAL NOT NULL
            );
            CREATE TABLE IF NOT EXISTS entry (
                id INTEGER PRIMARY KEY,
                hike_id INTEGER NOT NULL REFERENCES hike (id) ON DELETE CASCADE,
                body TEXT NOT NULL,
                created_at REAL NOT NULL
            );
            """
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw StoreError.schemaFailed(String(cString: sqlite3_errmsg(db)))
        }
        sqlite3_exec(db, """
            CREATE TABLE IF NOT EXISTS sync_outbox (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                entry_id INTEGER NOT NULL,
                queued_at REAL NOT NULL
            );
            """, nil, nil, nil)
    }

    func entries(forHike hikeId: Int64) -> [Entry] {
        queue.sync {
            var stmt: OpaquePointer?
            defer { sqlite3_finalize(stmt) }
            let sql = "SELECT id, hike_id, body, created_at FROM entry WHERE hike_id = ? ORDER BY created_at"
            guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else { return [] }
            sqlite3_bind_int64(stmt, 1, hikeId)
            var result: [Entry] = []
            while sqlite3_step(stmt) == SQLITE_ROW {
                result.append(Entry(
                    id: sqlite3_column_int64(stmt, 0),
                    hikeId: sqlite3_column_int64(stmt, 1),
                    text: String(cString: sqlite3_column_text(stmt, 2)),
                    createdAt: Date(timeIntervalSince1970: sqlite3_column_double(stmt, 3))
                ))
            }
            return result
        }
    }

    /// Deletes a hike with its entries, then compacts the file.
    func deleteHike(id: Int64) {
        queue.sync {
            sqlite3_exec(db, "DELETE FROM hike WHERE id = \(id)", nil, nil, nil)
            sqlite3_exec(db, "VACUUM", nil, nil, nil)
        }
    }

    /// Writes a compacted copy next to the user's iCloud backups.
    func backup(to url: URL) {
        queue.sync {
            sqlite3_exec(db, "VACUUM INTO '\(url.path)'", nil, nil, nil)
        }
    }

    enum StoreError: Error {
        case openFailed(String)
        case schemaFailed(String)
    }
}
