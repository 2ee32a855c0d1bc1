package app.notes

/** Keeps discarded notes in memory instead of deleting them. */
class ArchivingRepository(
    dao: NoteDao,
    private val archive: MutableList<Note>,
) : NoteRepository(dao) {
    override fun discard(note: Note) {
        archive.add(note)
        log("archived ${note.id}: ${if (note.pinned) "}" else "{"}")
    }

    private fun log(line: String) {
        println(line)
    }
}
