import FMDB

extension FMDatabase {
    /// Runs each `CREATE` line of a schema script.
    func createTables(_ script: String) {
        script.enumerateLines { line, _ in
            if line.lowercased().hasPrefix("create") {
                self.executeStatements(line)
            }
        }
    }
}
