package app.notes

/**
 * `repository.discard` may run `ArchivingRepository`'s override, which
 * writes nothing: the loop is not judged a write per item. That file names
 * `discard` only where it declares it, and the override is seen all the same.
 */
class Cleaner(
    private val repository: NoteRepository,
    private val archiving: ArchivingRepository,
) {
    fun discardAll(notes: List<Note>) {
        notes.forEach { note ->
            repository.discard(note)
        }
    }

    fun archiveAll(notes: List<Note>) {
        notes.forEach { note ->
            archiving.discard(note)
        }
    }
}
