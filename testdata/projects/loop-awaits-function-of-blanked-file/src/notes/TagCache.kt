package notes

// Declares a method named like a DAO write and never calls one: the later
// passes first read it for its declarations, with its bodies blanked.
class TagCache(private val dao: NoteDao, private val http: HttpClient) {
    private val seen = HashMap<String, Tag?>()

    fun update(name: String, tag: Tag?) {
        seen[name] = tag
    }

    suspend fun resolve(name: String): Tag? {
        seen[name]?.let { return it }
        val tag = dao.tag(name)
        seen[name] = tag
        return tag
    }

    suspend fun download(note: Note): Note {
        return http.get(note.url)
    }
}
