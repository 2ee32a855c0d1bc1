package notes

class Retag(private val dao: NoteDao, private val tags: TagCache) {
    // `resolve` reads the database: the loop waits on storage, so one
    // transaction around it would cost nothing.
    suspend fun retagAll() =
        dao.all().forEach {
            val tag = tags.resolve(it.tagName)
            dao.update(it.copy(tag = tag))
        }

    // `download` waits on the network: a transaction around the loop would
    // stay open across the requests.
    suspend fun refreshAll() =
        dao.all().forEach {
            val fresh = tags.download(it)
            dao.update(fresh)
        }
}
