import Foundation
import SQLite3
import FMDB
import GRDB

/// Photo library schema with indexes that fit their queries.
func installSchema(_ db: OpaquePointer?) {
    sqlite3_exec(db, """
        CREATE TABLE IF NOT EXISTS photo (
            id INTEGER PRIMARY KEY,
            album_id INTEGER NOT NULL,
            taken_at REAL NOT NULL,
            is_hidden INTEGER NOT NULL DEFAULT 0,
            uploaded_at REAL,
            kind TEXT NOT NULL,
            asset_id TEXT NOT NULL
        );
        -- Already partial.
        CREATE INDEX IF NOT EXISTS photo_upload_queue ON photo (taken_at) WHERE uploaded_at IS NULL;
        -- The album is always a parameter; the constant second column does not matter.
        CREATE INDEX IF NOT EXISTS photo_album ON photo (album_id, is_hidden);
        -- Ordered by, and tested in a range.
        CREATE INDEX IF NOT EXISTS photo_uploaded ON photo (uploaded_at);
        -- Several different kinds are asked for.
        CREATE INDEX IF NOT EXISTS photo_kind ON photo (kind);
        -- UNIQUE: one row per asset.
        CREATE UNIQUE INDEX IF NOT EXISTS photo_asset ON photo (asset_id);
        """, nil, nil, nil)
}

func albumPhotos(_ db: FMDatabase, album: Int) -> FMResultSet? {
    db.executeQuery("SELECT id FROM photo WHERE album_id = ? AND is_hidden = 0", withArgumentsIn: [album])
}

func pendingUploads(_ db: Database) throws -> [Row] {
    try Row.fetchAll(db, sql: "SELECT id FROM photo WHERE uploaded_at IS NULL ORDER BY taken_at")
}

func recentUploads(_ db: Database, since: Double) throws -> [Row] {
    try Row.fetchAll(db, sql: "SELECT id FROM photo WHERE uploaded_at > ? ORDER BY uploaded_at DESC", arguments: [since])
}

func videos(_ db: Database) throws -> [Row] {
    try Row.fetchAll(db, sql: "SELECT id FROM photo WHERE kind = 'video'")
}

func screenshotsOrLive(_ db: Database) throws -> [Row] {
    try Row.fetchAll(db, sql: "SELECT id FROM photo WHERE kind = 'screenshot' OR kind = 'live'")
}

func placeholderAssets(_ db: Database) throws {
    try db.execute(sql: "DELETE FROM photo WHERE asset_id = ''")
}
