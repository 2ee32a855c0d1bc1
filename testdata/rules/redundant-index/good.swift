import Foundation
import SQLite3
import FMDB
import GRDB

/// Reading list schema: every index answers lookups no other one can.
func installReadingList(_ db: OpaquePointer?) {
    sqlite3_exec(db, """
        CREATE TABLE IF NOT EXISTS article (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL,
            site TEXT NOT NULL,
            saved_at REAL NOT NULL
        );
        -- saved_at alone does not lead (site, saved_at).
        CREATE INDEX IF NOT EXISTS article_site_saved ON article (site, saved_at);
        CREATE INDEX IF NOT EXISTS article_saved ON article (saved_at);
        -- UNIQUE and a prefix of a longer index: both are needed.
        CREATE UNIQUE INDEX IF NOT EXISTS article_url ON article (url);
        CREATE INDEX IF NOT EXISTS article_url_saved ON article (url, saved_at);
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
    // Not a prefix of the PRIMARY KEY (article_id, offset).
    db.executeUpdate("CREATE INDEX highlight_offset ON highlight (offset)", withArgumentsIn: [])
}

func addTags(_ db: Database) throws {
    try db.execute(sql: "CREATE TABLE tag (article_id INTEGER NOT NULL, name TEXT NOT NULL)")
    // The columns of highlight's PRIMARY KEY would be redundant there, not on tag.
    try db.execute(sql: "CREATE INDEX tag_article ON tag (article_id)")
    // Same columns as article_site_saved, another table.
    try db.execute(sql: "CREATE TABLE site_visit (site TEXT NOT NULL, saved_at REAL NOT NULL)")
    try db.execute(sql: "CREATE INDEX site_visit_site_saved ON site_visit (site, saved_at)")
    // A partial index covers fewer rows than the full one.
    try db.execute(sql: "CREATE INDEX tag_starred ON tag (article_id) WHERE name = 'starred'")
}
