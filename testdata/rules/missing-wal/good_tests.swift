import SQLite3
import XCTest

final class StoreTests: XCTestCase {
    private var db: OpaquePointer?

    override func setUp() {
        sqlite3_open(NSTemporaryDirectory() + "/t.db", &db)
    }

    func testInsert() {}
}
