import Foundation

struct Bookmark: Codable {
    let title: String
    let url: URL
}

final class BookmarkStore {
    private let fileURL: URL
    private var bookmarks: [Bookmark] = []

    init(fileURL: URL) {
        self.fileURL = fileURL
    }

    func add(_ bookmark: Bookmark) {
        bookmarks.append(bookmark)
        persist()
    }

    private func persist() {
        do {
            let data = try PropertyListEncoder().encode(bookmarks)
            try data.write(to: fileURL, options: .atomic)
        } catch {
            print("could not save bookmarks: \(error)")
        }
    }
}
