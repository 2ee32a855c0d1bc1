import SQLite

/// SQLite.swift: raw SQL run once per tag, each INSERT its own transaction.
func saveTags(_ tags: [String], noteID: Int64, in db: Connection) throws {
    for tag in tags {
        try db.run("INSERT INTO note_tag (note_id, tag) VALUES (?, ?)", noteID, tag) // ~ write-without-transaction
    }
}
