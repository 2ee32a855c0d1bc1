import GRDB

struct Article {
    var id: Int64
    var body: String
}

protocol ArticleClient {
    func article(id: Int64) async throws -> Article
}

// Each iteration waits for the server before it writes: a transaction
// around the loop would hold the write lock across every request.
func mirror(_ ids: [Int64], client: ArticleClient, db: Database) async throws {
    for id in ids {
        let article = try await client.article(id: id)
        try db.execute(sql: "INSERT INTO articles (id, body) VALUES (?, ?)", arguments: [article.id, article.body])
    }
}
