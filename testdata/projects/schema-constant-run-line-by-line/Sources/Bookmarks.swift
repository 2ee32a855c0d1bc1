import FMDB

final class Bookmarks {
    private static let schema = "CREATE TABLE IF NOT EXISTS bookmarks (id INTEGER PRIMARY KEY, url TEXT NOT NULL);"
    private let database: FMDatabase

    init(path: String) {
        database = FMDatabase(path: path)
        database.open()
        database.executeStatements("PRAGMA journal_mode = WAL")
        database.createTables(Bookmarks.schema)
    }
}
