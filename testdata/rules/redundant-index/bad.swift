import Foundation
import SQLite3
import FMDB
import GRDB

/// Reading list schema; the connection is opened by the app delegate.
func installReadingList(_ db: OpaquePointer?) {
    sqlite3_exec(db, """
        CREATE TABLE IF NOT EXISTS article (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL UNIQUE,
            site TEXT NOT NULL,
            saved_at REAL NOT NULL
        );
        CREATE INDEX IF NOT EXISTS article_site ON article (site); -- ~ redundant-index
        CREATE INDEX IF NOT EXISTS article_site_saved ON article (site, saved_at);
        CREATE INDEX IF NOT EXISTS article_url ON article (url); -- ~ redundant-index
        """, nil, nil, nil)
}

func addHighlights(_ db: FMDatabase) {
    db.executeStatements("""
        CREATE TABLE IF NOT EXISTS highlight (
            article_id INTEGER NOT NULL,
            offset INTEGER NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (article_id, offset)
        );
        """)
    db.executeUpdate("CREATE INDEX highlight_article ON highlight (article_id)", withArgumentsIn: []) // ~ redundant-index
}

func addTags(_ db: Database) throws {
    try db.execute(sql: "CREATE TABLE tag (article_id INTEGER NOT NULL, name TEXT NOT NULL)")
    try db.execute(sql: "CREATE UNIQUE INDEX tag_pair ON tag (article_id, name)")
    try db.execute(sql: "CREATE UNIQUE INDEX tag_pair_v2 ON tag (article_id, name)") // ~ redundant-index
}
