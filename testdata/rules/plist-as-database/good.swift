import Combine
import Foundation

struct Settings: Codable {
    var favorites: [String] = []
}

struct Note: Codable {
    var id: String
    var text: String
}

final class SettingsStore {
    let url: URL
    let directory: URL
    private var pendingSave: DispatchWorkItem?
    private var subscriptions = Set<AnyCancellable>()
    @Published var draft = Settings()

    init(url: URL, directory: URL) {
        self.url = url
        self.directory = directory
        // Fine: the subscription is debounced, so a burst of edits is written once.
        $draft
            .debounce(for: .seconds(1), scheduler: RunLoop.main)
            .sink { [url] draft in try? JSONEncoder().encode(draft).write(to: url) }
            .store(in: &subscriptions)
    }

    // Fine: changes are coalesced; the write runs once, a second after the last change.
    var settings = Settings() {
        didSet {
            pendingSave?.cancel()
            let item = DispatchWorkItem { [url, settings] in
                try? JSONEncoder().encode(settings).write(to: url)
            }
            pendingSave = item
            DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: item)
        }
    }

    // Fine: written later, off the setter.
    var lastOpened = Date() {
        didSet {
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [url, lastOpened] in
                try? PropertyListEncoder().encode([lastOpened]).write(to: url)
            }
        }
    }

    // Fine: a getter reads, it does not write per change.
    var snapshot: Data {
        get { (try? JSONEncoder().encode(settings)) ?? Data() }
    }

    // Fine: one write after building the data.
    func addFavorites(_ names: [String]) throws {
        var updated = settings
        for name in names {
            updated.favorites.append(name)
        }
        let data = try JSONEncoder().encode(updated)
        try data.write(to: url)
    }

    // Fine: a different file per iteration.
    func export(_ notes: [Note]) throws {
        for note in notes {
            let file = directory.appendingPathComponent("\(note.id).json")
            try JSONEncoder().encode(note).write(to: file)
        }
        try notes.forEach { try JSONEncoder().encode($0).write(to: directory.appendingPathComponent($0.id)) }
    }

    // Fine: downloaded chunks are not a serialized document rewritten whole.
    func store(_ chunks: [Data]) throws {
        for (index, chunk) in chunks.enumerated() {
            try chunk.write(to: url, options: .atomic)
            _ = index
        }
    }

    // Fine: a String write carries an encoding; it is not a plist collection.
    func log(_ lines: [String]) throws {
        for line in lines {
            try line.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    // Fine: one UserDefaults write outside any loop, and a dictionary's
    // `setValue` in a loop is not UserDefaults.
    func remember(_ ids: [String]) {
        let seen = NSMutableDictionary()
        for id in ids {
            seen.setValue(true, forKey: id)
        }
        UserDefaults.standard.set(seen, forKey: "seen")
    }

    // Fine: one preference write in a setter is one write per change of a small value.
    var theme: String = "light" {
        didSet { UserDefaults.standard.set(theme, forKey: "theme") }
    }
}
