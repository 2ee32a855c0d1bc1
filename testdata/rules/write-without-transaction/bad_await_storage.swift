import GRDB

// Awaiting a helper that itself waits for the database is no network wait:
// the loop still writes row after row, and one transaction would batch them.
final class ArticleCopier {
    let db: Database

    init(db: Database) {
        self.db = db
    }

    func cachedBody(_ id: Int64) async throws -> String {
        try await touch(id)
    }

    func touch(_ id: Int64) async throws -> String {
        try db.execute(sql: "UPDATE cache SET hits = hits + 1 WHERE id = ?", arguments: [id])
        return String(id)
    }

    func copy(_ ids: [Int64]) async throws {
        for id in ids {
            let body = try await cachedBody(id)
            try db.execute(sql: "INSERT INTO articles (id, body) VALUES (?, ?)", arguments: [id, body]) // ~ write-without-transaction
        }
    }
}
