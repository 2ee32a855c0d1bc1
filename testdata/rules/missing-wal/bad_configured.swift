import GRDB

// A configuration that leaves the connection writable: the file keeps its
// rollback journal.
func openLibrary(at url: URL) throws -> DatabaseQueue {
    var config = Configuration()
    config.readonly = false
    config.foreignKeysEnabled = true
    return try DatabaseQueue(path: url.path, configuration: config) // ~ missing-wal
}
