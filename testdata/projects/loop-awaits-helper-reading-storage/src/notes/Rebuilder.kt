package notes

// `rebuild` waits on the database, through a helper its expression body
// reaches: a loop calling it waits on storage, not on something else.
class Rebuilder(private val dao: NoteDao) {
    suspend fun rebuild(note: Note) = note.copy(tag = lookup(note.tagName))

    private suspend fun lookup(name: String) = when (name) {
        "" -> null
        else -> fetchTag(name)
    }

    private suspend fun fetchTag(name: String): Tag? {
        return dao.tag(name)
    }

    fun describe(note: Note): String {
        return "${note.id}: ${note.tagName}"
    }
}
