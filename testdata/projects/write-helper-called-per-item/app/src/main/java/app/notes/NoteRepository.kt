package app.notes

class NoteRepository(private val dao: NoteDao) {
    fun discard(note: Note) {
        dao.remove(note)
    }
}
