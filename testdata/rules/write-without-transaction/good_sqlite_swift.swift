import SQLite

/// SQLite.swift: the same inserts inside one transaction.
func saveTags(_ tags: [String], noteID: Int64, in db: Connection) throws {
    try db.transaction {
        for tag in tags {
            try db.run("INSERT INTO note_tag (note_id, tag) VALUES (?, ?)", noteID, tag)
        }
    }
}

/// A read per tag is no write.
func countTags(_ tags: [String], in db: Connection) throws -> Int64 {
    var total: Int64 = 0
    for tag in tags {
        total += try db.scalar("SELECT count(*) FROM note_tag WHERE tag = ?", tag) as! Int64
    }
    return total
}
