import android.database.sqlite.SQLiteDatabase
import androidx.room.Dao
import androidx.room.Insert

fun saveAll(db: SQLiteDatabase, notes: List<Note>) {
    for (note in notes) {
        db.insert("notes", null, note.values()) // ~ write-without-transaction
    }
}

fun deleteAll(db: SQLiteDatabase, ids: List<Long>) {
    ids.forEach { id ->
        db.execSQL("DELETE FROM notes WHERE id = ?", arrayOf(id)) // ~ write-without-transaction
    }
}

// A transaction begun and ended inside each iteration is one per row.
fun markSeen(db: SQLiteDatabase, ids: List<Long>) {
    for (id in ids) {
        db.beginTransaction()
        try {
            db.execSQL("UPDATE notes SET seen = 1 WHERE id = ?", arrayOf(id)) // ~ write-without-transaction
            db.setTransactionSuccessful()
        } finally {
            db.endTransaction()
        }
    }
}

@Dao
interface NoteDao {
    @Insert
    fun insert(note: Note)
}

class NoteSync(private val dao: NoteDao) {
    fun store(notes: List<Note>) {
        for (note in notes) {
            dao.insert(note) // ~ write-without-transaction
        }
    }
}
