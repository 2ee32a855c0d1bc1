import FMDB

final class CrashLog {
    private static let schema = "CREATE TABLE IF NOT EXISTS crashes (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL, message TEXT NOT NULL);"
    private let database: FMDatabase

    init(path: String) {
        database = FMDatabase(path: path)
        database.open()
        database.executeStatements("PRAGMA journal_mode = WAL")
        database.createTables(Self.schema)
    }
}
