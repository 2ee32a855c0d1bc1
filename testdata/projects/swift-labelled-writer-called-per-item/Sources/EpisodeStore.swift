import SQLite3

final class EpisodeStore {
    private var db: OpaquePointer?

    // Writes one row per call, outside any transaction of its own.
    func save(episode uuid: String, in folder: String, notify: Bool = false) {
        sqlite3_exec(db, "INSERT INTO episodes(uuid, folder) VALUES ('\(uuid)', '\(folder)')", nil, nil, nil)
    }
}
