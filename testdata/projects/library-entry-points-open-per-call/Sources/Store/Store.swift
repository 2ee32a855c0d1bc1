/// The library's API: apps call these, the library itself does not.
public struct Store {
    // Every call opens the database and closes it again.
    public static func execute(_ sql: String) {
        Connection.shared.open()
        Connection.shared.run(sql)
        Connection.shared.close()
    }

    // A session: the caller's work runs while the database stays open.
    public static func withConnection(_ body: () -> Void) {
        Connection.shared.open()
        body()
        Connection.shared.close()
    }

    // Not part of the API: nothing outside the module can call it.
    static func rebuild() {
        Connection.shared.open()
        Connection.shared.run("REINDEX")
        Connection.shared.close()
    }

    // Public, but it keeps the database open for the caller.
    public static func start() {
        Connection.shared.open()
    }
}
