import Foundation

final class Importer {
    let store: BookmarkStore

    init(store: BookmarkStore) {
        self.store = store
    }

    func importAll(_ imported: [Bookmark]) {
        for bookmark in imported {
            store.add(bookmark)
        }
    }
}
