import Foundation

struct Settings: Codable {
    var favorites: [String] = []
}

final class SettingsStore {
    let url: URL

    init(url: URL) {
        self.url = url
    }

    // Every change re-encodes and rewrites the whole file.
    var settings = Settings() {
        didSet {
            let data = try? JSONEncoder().encode(settings)
            try? data?.write(to: url) // ~ plist-as-database
        }
    }

    var theme: String {
        get { UserDefaults.standard.string(forKey: "theme") ?? "light" }
        set { try? PropertyListEncoder().encode([newValue]).write(to: url, options: .atomic) } // ~ plist-as-database
    }

    func addFavorites(_ names: [String]) {
        var favorites: [String] = []
        for name in names {
            favorites.append(name)
            (favorites as NSArray).write(to: url, atomically: true) // ~ plist-as-database
        }
    }

    func record(_ counts: [String: Int], path: String) {
        var seen: [String: Int] = [:]
        for (key, count) in counts {
            seen[key] = count
            let plist = NSDictionary(dictionary: seen)
            plist.write(toFile: path, atomically: true) // ~ plist-as-database
        }
    }

    func merge(_ entries: [[String: String]]) throws {
        var all: [[String: String]] = []
        try entries.forEach { entry in
            all.append(entry)
            let data = try PropertyListSerialization.data(fromPropertyList: all, format: .xml, options: 0)
            try data.write(to: url) // ~ plist-as-database
        }
    }

    func archive(_ objects: [NSObject]) throws {
        var kept: [NSObject] = []
        for object in objects {
            kept.append(object)
            let data = try NSKeyedArchiver.archivedData(withRootObject: kept, requiringSecureCoding: false)
            try data.write(to: url) // ~ plist-as-database
        }
    }

    func markSeen(_ ids: [String]) {
        let defaults = UserDefaults(suiteName: "group.example")
        for id in ids {
            UserDefaults.standard.set(true, forKey: "seen.\(id)") // ~ plist-as-database
            defaults?.removeObject(forKey: "pending.\(id)") // ~ plist-as-database
        }
    }
}
