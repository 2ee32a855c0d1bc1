package notes

import androidx.room.Dao
import androidx.room.Query

@Dao
interface NoteDao {
    @Query("UPDATE notes SET pinned = 1 WHERE id = :id")
    fun pin(id: Long)
}
