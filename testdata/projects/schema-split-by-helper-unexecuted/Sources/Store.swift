import FMDB

final class Store {
    private let queue: FMDatabaseQueue

    init(path: String) {
        queue = FMDatabaseQueue(path: path)!
        queue.inDatabase { db in
            db.executeStatements("PRAGMA journal_mode = WAL")
        }
        describe(noteSchema)
    }

    /// Logs the script; nothing here runs it.
    private func describe(_ script: String) {
        for statement in script.components(separatedBy: ";") {
            print("schema statement: \(statement)")
        }
    }
}
