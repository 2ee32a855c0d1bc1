package notes

class Retag(
    private val dao: NoteDao,
    private val tags: TagCache,
    private val feed: FeedClient,
) {
    // `resolve` is declared by the cache's base class, in a file that
    // never names `TagCache`, and reads the database: the loop waits on
    // storage, so one transaction around it would cost nothing.
    suspend fun retagAll() =
        dao.all().forEach {
            val tag = tags.resolve(it.tagName)
            dao.update(it.copy(tag = tag))
        }

    // `download`, declared by the client's base class, waits on the network.
    suspend fun refreshAll() =
        dao.all().forEach {
            val fresh = feed.download(it)
            dao.update(fresh)
        }
}
