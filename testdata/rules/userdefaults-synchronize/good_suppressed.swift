import Foundation

final class WidgetBridge {
    func publish(count: Int) {
        let shared = UserDefaults(suiteName: "group.example.trails")
        shared?.set(count, forKey: "count")
        // storlint-ignore userdefaults-synchronize -- the widget extension reads the value at once
        shared?
            .synchronize()
    }

    func publishChecked(count: Int) -> Bool {
        UserDefaults.standard.set(count, forKey: "count")
        // storlint-ignore: userdefaults-synchronize
        let written = UserDefaults
            .standard
            .synchronize()
        return written
    }
}
