package app.notes

class Cleaner(private val repository: NoteRepository) {
    fun discardAll(notes: List<Note>) {
        notes.forEach { note ->
            repository.discard(note)
        }
    }
}
