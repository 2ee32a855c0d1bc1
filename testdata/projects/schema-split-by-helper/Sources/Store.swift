import FMDB

final class Store {
    private let queue: FMDatabaseQueue

    init(path: String) {
        queue = FMDatabaseQueue(path: path)!
        queue.inDatabase { db in
            db.executeStatements("PRAGMA journal_mode = WAL")
        }
        runStatements(noteSchema)
    }

    /// Splits a script into statements and runs each one.
    private func runStatements(_ script: String) {
        queue.inDatabase { db in
            for statement in script.components(separatedBy: ";") {
                db.executeUpdate(statement, withArgumentsIn: [])
            }
        }
    }
}
