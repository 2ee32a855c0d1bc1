package app.notes

import androidx.room.RoomDatabase

class Cleaner(private val db: RoomDatabase, private val repository: NoteRepository) {
    fun discardAll(notes: List<Note>) {
        db.runInTransaction {
            notes.forEach { note ->
                repository.discard(note)
            }
        }
    }
}
