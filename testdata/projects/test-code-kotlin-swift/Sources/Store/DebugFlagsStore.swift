import Foundation

// Backs a debug screen only.
final class DebugFlagsStore {
    func reset() {
        UserDefaults.standard.synchronize()
    }
}
