// Names no storage API: it joins the project because it calls the store's
// writer, with the labels every call of it writes.
final class FolderImport {
    let store: EpisodeStore

    init(store: EpisodeStore) {
        self.store = store
    }

    func importAll(_ uuids: [String], into folder: String) {
        for uuid in uuids {
            store.save(episode: uuid, in: folder)
        }
        print(uuids.count)
    }
}
