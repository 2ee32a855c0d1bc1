import FMDB

/// Keeps the database's path, and opens the database on every call.
final class PhotoRepository {
    private let path: String

    init(path: String) {
        self.path = path
    }

    func title(of id: Int64) -> String? {
        let db = FMDatabase(path: path)
        guard db.open() else { return nil }
        defer { db.close() }
        db.executeStatements("PRAGMA journal_mode=WAL")
        return db.stringForQuery("SELECT title FROM photos WHERE id = ?", id)
    }
}
