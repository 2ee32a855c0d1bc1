import FMDB

// A connection opened to read what another store left behind, closed
// before the function returns: it writes nothing, so its journal mode
// costs nothing and is no choice this code makes for the database.
func legacyTokens(at path: String) -> [String: String] {
    guard let legacy = FMDatabase(path: path), legacy.open() else {
        return [:]
    }
    defer {
        legacy.close()
    }
    var tokens = [String: String]()
    if let rows = legacy.executeQuery("SELECT account, token FROM credentials", withArgumentsIn: []) {
        while rows.next() {
            if let account = rows.string(forColumn: "account") {
                tokens[account] = rows.string(forColumn: "token")
            }
        }
    }
    return tokens
}

// The same in an initializer: the connection is a local, closed before
// `init` returns, so the instance keeps only what it read.
final class LegacyAccounts {
    private let names: [String]

    init?(path: String) {
        guard let source = FMDatabase(path: path), source.open() else {
            return nil
        }
        defer {
            source.close()
        }
        var names = [String]()
        if let rows = source.executeQuery("SELECT name FROM accounts", withArgumentsIn: []) {
            while rows.next() {
                names.append(rows.string(forColumn: "name") ?? "")
            }
        }
        self.names = names
    }
}
