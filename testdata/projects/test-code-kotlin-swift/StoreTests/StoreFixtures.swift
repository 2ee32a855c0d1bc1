import Foundation
import SQLite3

func makeScratchDatabase(path: String) -> OpaquePointer? {
    var db: OpaquePointer?
    sqlite3_open(path, &db)
    UserDefaults.standard.synchronize()
    return db
}
