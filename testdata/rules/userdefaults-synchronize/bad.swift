import Foundation

final class SettingsStore {
    private let defaults: UserDefaults
    private let shared = UserDefaults(suiteName: "group.com.example.trails")

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    func setUnits(metric: Bool) {
        defaults.set(metric, forKey: "metric")
        defaults.synchronize() // ~ userdefaults-synchronize
    }

    func setWidgetTrail(_ name: String) {
        shared?.set(name, forKey: "widget_trail")
        shared?.synchronize() // ~ userdefaults-synchronize
    }

    func reset() {
        defaults.removeObject(forKey: "metric")
        self.defaults.synchronize() // ~ userdefaults-synchronize
    }
}

func saveLastOpened(_ date: Date) {
    UserDefaults.standard.set(date, forKey: "last_opened")
    UserDefaults.standard.synchronize() // ~ userdefaults-synchronize
}

func saveGroupFlag() {
    let group = UserDefaults(suiteName: "group.com.example.trails")!
    group.set(true, forKey: "onboarded")
    if !group.synchronize() { // ~ userdefaults-synchronize
        print("defaults not saved")
    }
}

func legacySave(_ value: Int) {
    let legacy = NSUserDefaults.standardUserDefaults()
    legacy.setInteger(value, forKey: "count")
    legacy.synchronize() // ~ userdefaults-synchronize
}

/// The last of several statements in an `if` block: removed.
func markFirstLaunch() {
    if UserDefaults.standard.object(forKey: "first_launch") == nil {
        UserDefaults.standard.set(Date(), forKey: "first_launch")
        UserDefaults.standard.synchronize() // ~ userdefaults-synchronize
    }
}

/// Alone in a function returning Bool, it is the returned value: kept.
func flushDefaults() -> Bool {
    UserDefaults.standard.synchronize() // ~ userdefaults-synchronize
}
