import GRDB

protocol Progress {
    func report(_ count: Int) async
}

// The await runs only for some rows: the others commit back to back.
func importRows(_ ids: [Int64], progress: Progress, db: Database) async throws {
    for (index, id) in ids.enumerated() {
        try db.execute(sql: "INSERT INTO rows (id) VALUES (?)", arguments: [id]) // ~ write-without-transaction?
        if index % 100 == 0 {
            await progress.report(index)
        }
    }
}
