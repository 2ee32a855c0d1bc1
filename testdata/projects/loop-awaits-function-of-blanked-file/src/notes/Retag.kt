package notes

class Retag(private val dao: NoteDao, private val tags: TagCache) {
    // `resolve` reads the database: the loop waits on storage, so one
    // transaction around it would cost nothing.
    suspend fun retagAll() =
        dao.all().forEach {
            val tag = tags.resolve(it.tagName)
            dao.update(it.copy(tag = tag))
        }
}
