import Foundation
import SQLite3
import FMDB
import GRDB

final class PhotoSchema {
    private var db: OpaquePointer?

    /// INTEGER PRIMARY KEY alone already assigns a unique rowid.
    func createTables() {
        sqlite3_exec(db, """
            CREATE TABLE IF NOT EXISTS album (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL
            );
            -- No AUTOINCREMENT needed: album ids never leave the device.
            CREATE TABLE IF NOT EXISTS photo (
                id INTEGER PRIMARY KEY,
                album_id INTEGER REFERENCES album (id),
                path TEXT NOT NULL
            );
            """, nil, nil, nil)
    }
}

func createHistory(_ db: FMDatabase) {
    db.executeUpdate("CREATE TABLE history (id INTEGER PRIMARY KEY, opened_at REAL)", withArgumentsIn: [])
}

func describeSchema() -> String {
    // The string below is documentation shown in a debug screen, not SQL.
    let hint = "Avoid AUTOINCREMENT; INTEGER PRIMARY KEY is enough"
    print(hint)
    return hint
}

func migrate(_ dbQueue: DatabaseQueue) throws {
    try dbQueue.write { db in
        // GRDB's autoIncrementedPrimaryKey emits AUTOINCREMENT; a plain rowid alias does not.
        try db.execute(sql: "CREATE TABLE favorite (id INTEGER PRIMARY KEY, photoId INTEGER NOT NULL)")
    }
}
