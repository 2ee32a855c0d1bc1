package notes

import androidx.room.Dao
import androidx.room.Query

@Dao
interface NoteDao {
    @Query("DELETE FROM notes WHERE id = :id")
    fun deleteById(id: Long)

    @Query("SELECT * FROM notes WHERE folder = :folder")
    fun inFolder(folder: Long): List<Note>
}
