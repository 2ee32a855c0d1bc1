package app.sync

class FolderSync(private val state: SyncState) {
    fun finish(folders: List<String>, now: Long) {
        for (folder in folders) {
            if (!state.markSynced(folder, now)) {
                println("could not record $folder")
            }
        }
    }
}
