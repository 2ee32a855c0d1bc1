package app.notes

open class NoteRepository(private val dao: NoteDao) {
    /** One DELETE per call. */
    open fun discard(note: Note) {
        dao.remove(note)
    }
}
