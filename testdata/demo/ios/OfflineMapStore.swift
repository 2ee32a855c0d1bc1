import Foundation
import FMDB

/// Offline map tiles downloaded for a planned hike. The database is a cache:
/// it can always be downloaded again.
final class OfflineMapStore {
    private let queue: FMDatabaseQueue

    init?(path: String) {
        guard let queue = FMDatabaseQueue(path: path) else { return nil }
        self.queue = queue
        queue.inDatabase { db in
            db.executeStatements("""
                PRAGMA journal_mode = DELETE;
                CREATE TABLE IF NOT EXISTS tile (
                    z INTEGER NOT NULL,
                    x INTEGER NOT NULL,
                    y INTEGER NOT NULL,
                    data BLOB NOT NULL,
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (z, x, y)
                );
                """)
        }
    }

    func tile(z: Int, x: Int, y: Int) -> Data? {
        var data: Data?
        queue.inDatabase { db in
            if let rs = db.executeQuery("SELECT data FROM tile WHERE z = ? AND x = ? AND y = ?", withArgumentsIn: [z, x, y]) {
                if rs.next() {
                    data = rs.data(forColumn: "data")
                }
                rs.close()
            }
        }
        return data
    }

    func store(tiles: [(z: Int, x: Int, y: Int, data: Data)]) {
        queue.inTransaction { db, _ in
            for t in tiles {
                db.executeUpdate(
                    "INSERT OR REPLACE INTO tile (z, x, y, data, fetched_at) VALUES (?, ?, ?, ?, ?)",
                    withArgumentsIn: [t.z, t.x, t.y, t.data, Date().timeIntervalSince1970]
                )
            }
        }
    }

    /// Drops tiles older than `age` and gives back a bounded number of pages.
    func evict(olderThan age: TimeInterval) {
        queue.inDatabase { db in
            db.executeUpdate("DELETE FROM tile WHERE fetched_at < ?", withArgumentsIn: [Date().timeIntervalSince1970 - age])
            db.executeStatements("PRAGMA incremental_vacuum(256);")
        }
    }
}
