import Foundation
import XCTest

final class Settings {
    func save(_ value: Bool) {
        UserDefaults.standard.set(value, forKey: "enabled")
        UserDefaults.standard.synchronize()
    }
}

final class SettingsTests: XCTestCase {
    func testSave() {
        UserDefaults.standard.synchronize()
    }
}
