package notes

open class CachedLookup(private val dao: NoteDao) {
    private val seen = HashMap<String, Tag?>()

    suspend fun resolve(name: String): Tag? {
        seen[name]?.let { return it }
        val tag = dao.tag(name)
        seen[name] = tag
        return tag
    }
}
