import Foundation

struct Note: Codable {
    let id: String
    let body: String
}

final class Exporter {
    let directory: URL

    init(directory: URL) {
        self.directory = directory
    }

    /// Writes one note to its own file.
    func export(_ note: Note, to url: URL) {
        guard let data = try? PropertyListEncoder().encode(note) else { return }
        try? data.write(to: url, options: .atomic)
    }

    /// One file per note: every write is a different file, written once.
    func exportAll(_ notes: [Note]) {
        for note in notes {
            export(note, to: directory.appendingPathComponent("\(note.id).plist"))
        }
    }

    /// Each menu entry saves only when it is chosen, not while the menu is built.
    func menu(for notes: [Note], destination: URL) -> [MenuEntry] {
        var entries: [MenuEntry] = []
        for note in notes {
            entries.append(MenuEntry(title: note.id) {
                self.export(note, to: destination)
            })
        }
        return entries
    }
}

struct MenuEntry {
    let title: String
    let action: () -> Void
}
