package app.notes

import androidx.room.Dao
import androidx.room.Query

@Dao
interface NoteDao {
    @Query("DELETE FROM notes WHERE id = :id")
    fun deleteById(id: Long)

    /** One DELETE for the note. */
    fun remove(note: Note) {
        deleteById(note.id)
    }
}
