import Foundation
import SQLite3
import FMDB
import GRDB

final class PhotoSchema {
    private var db: OpaquePointer?

    func createTables() {
        sqlite3_exec(db, """
            CREATE TABLE IF NOT EXISTS album (
                id INTEGER PRIMARY KEY, -- ~ autoincrement
                title TEXT NOT NULL
            );
            CREATE TABLE IF NOT EXISTS photo (
                id INTEGER PRIMARY KEY, -- ~ autoincrement
                album_id INTEGER REFERENCES album (id),
                path TEXT NOT NULL
            );
            """, nil, nil, nil)
    }

    func createTagTable() {
        var stmt: OpaquePointer?
        sqlite3_prepare_v2(db, "CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT)", -1, &stmt, nil) // ~ autoincrement
        sqlite3_step(stmt)
        sqlite3_finalize(stmt)
    }
}

func createHistory(_ db: FMDatabase) {
    db.executeUpdate("CREATE TABLE history (id INTEGER PRIMARY KEY, opened_at REAL)", withArgumentsIn: []) // ~ autoincrement
    db.executeStatements("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); CREATE TABLE note_link (note_id INTEGER, url TEXT);") // ~ autoincrement
}

func migrate(_ dbQueue: DatabaseQueue) throws {
    try dbQueue.write { db in
        try db.execute(sql: """
            CREATE TABLE "favorite" (
                "id" INTEGER PRIMARY KEY, -- ~ autoincrement
                "photoId" INTEGER NOT NULL
            )
            """)
    }
}
