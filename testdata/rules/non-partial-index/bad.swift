import Foundation
import SQLite3
import FMDB
import GRDB

/// Photo library schema; connections are opened by the app delegate.
enum PhotoSchema {
    static let create = """
        CREATE TABLE IF NOT EXISTS photo (
            id INTEGER PRIMARY KEY,
            album_id INTEGER NOT NULL,
            taken_at REAL NOT NULL,
            is_hidden INTEGER NOT NULL DEFAULT 0,
            uploaded_at REAL
        );
        CREATE INDEX IF NOT EXISTS photo_hidden ON photo (is_hidden); -- ~ non-partial-index
        CREATE INDEX IF NOT EXISTS photo_upload_queue ON photo (uploaded_at, taken_at); -- ~ non-partial-index
        """

    static func install(_ db: OpaquePointer?) {
        sqlite3_exec(db, create, nil, nil, nil)
    }
}

final class PhotoStore {
    private let db: OpaquePointer?

    init(db: OpaquePointer?) {
        self.db = db
    }

    func hiddenCount() -> Int32 {
        var stmt: OpaquePointer?
        sqlite3_prepare_v2(db, "SELECT count(*) FROM photo WHERE is_hidden = 1", -1, &stmt, nil)
        defer { sqlite3_finalize(stmt) }
        return sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : 0
    }
}

func visiblePhotos(_ db: FMDatabase, album: Int) -> FMResultSet? {
    db.executeQuery("SELECT id FROM photo WHERE is_hidden = 0 AND album_id = ?", withArgumentsIn: [album])
}

func uploadQueue(_ db: Database) throws -> [Row] {
    try Row.fetchAll(db, sql: "SELECT id, taken_at FROM photo WHERE uploaded_at IS NULL")
}

func skipUploads(_ db: Database) throws {
    try db.execute(sql: "UPDATE photo SET is_hidden = 1 WHERE uploaded_at IS NULL AND album_id = 0")
}
