package notes

class Upgrade(
    private val dao: NoteDao,
    private val rebuilder: Rebuilder,
    private val api: Api,
) {
    suspend fun rebuildAll() =
        dao.all().forEach {
            rebuilder.rebuild(it)
            dao.update(it)
        }

    // Each iteration waits on a download before it writes.
    suspend fun refreshAll() =
        dao.all().forEach {
            val fresh = api.download(it)
            dao.update(fresh)
        }
}
