import Foundation

final class SettingsStore {
    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    // UserDefaults saves changes on its own: no synchronize() needed.
    func setUnits(metric: Bool) {
        defaults.set(metric, forKey: "metric")
    }
}

// FileHandle.synchronize() is an fsync, a different concern.
func flushLog(_ handle: FileHandle) throws {
    try handle.synchronize()
}

// A sync engine's synchronize() talks to a server.
final class SyncEngine {
    func synchronize() {}
}

func refresh(engine: SyncEngine) {
    engine.synchronize()
}

// A lock-like type of the app's own with a synchronize() method.
final class Gate {
    func synchronize(_ work: () -> Void) { work() }
}

func guarded(_ gate: Gate) {
    gate.synchronize {
        print("UserDefaults.standard.synchronize() is only mentioned here")
    }
}
