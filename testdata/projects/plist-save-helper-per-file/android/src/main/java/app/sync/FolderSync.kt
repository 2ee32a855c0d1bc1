package app.sync

class FolderSync(private val state: SyncState) {
    fun finish(folders: List<String>, now: Long) {
        for (folder in folders) {
            state.markSynced(folder, now)
        }
    }
}
