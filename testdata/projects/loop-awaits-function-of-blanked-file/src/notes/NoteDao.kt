package notes

import androidx.room.Dao
import androidx.room.Query
import androidx.room.Update

@Dao
interface NoteDao {
    @Query("SELECT * FROM notes")
    suspend fun all(): List<Note>

    @Query("SELECT * FROM tags WHERE name = :name")
    suspend fun tag(name: String): Tag?

    @Update
    suspend fun update(note: Note)
}
