import android.database.sqlite.SQLiteDatabase
import androidx.core.database.sqlite.transaction
import androidx.room.Dao
import androidx.room.Insert
import androidx.room.Transaction
import androidx.room.withTransaction

// One transaction around the loop: begun before it, ended after it.
fun saveAll(db: SQLiteDatabase, notes: List<Note>) {
    db.beginTransaction()
    try {
        for (note in notes) {
            db.insert("notes", null, note.values())
        }
        db.setTransactionSuccessful()
    } finally {
        db.endTransaction()
    }
}

// The KTX transaction block runs the whole loop in one transaction.
fun deleteAll(db: SQLiteDatabase, ids: List<Long>) {
    db.transaction {
        ids.forEach { id -> execSQL("DELETE FROM notes WHERE id = ?", arrayOf(id)) }
    }
}

// Only reads in the loop.
fun titles(db: SQLiteDatabase, ids: List<Long>): List<String> =
    ids.map { id -> db.rawQuery("SELECT title FROM notes WHERE id = ?", arrayOf(id.toString())).use { it.getString(0) } }

// The helper loops without a transaction, but its only caller holds one.
private fun insertEach(db: SQLiteDatabase, notes: List<Note>) {
    for (note in notes) {
        db.insert("notes", null, note.values())
    }
}

fun replaceAll(db: SQLiteDatabase, notes: List<Note>) {
    db.transaction {
        delete("notes", null, null)
        insertEach(this, notes)
    }
}

// Not a database: `insert` on a list.
fun collect(names: MutableList<String>, notes: List<Note>) {
    for (note in notes) {
        names.add(0, note.title)
    }
}

@Dao
abstract class NoteDao {
    @Insert
    abstract fun insert(note: Note)

    // Takes the whole list: Room writes it in one transaction.
    @Insert
    abstract fun insertAll(notes: List<Note>)

    // `@Transaction` runs the whole method, loop included, in one transaction.
    @Transaction
    open fun insertEachOf(notes: List<Note>) {
        for (note in notes) {
            insert(note)
        }
    }
}

class NoteSync(private val dao: NoteDao, private val database: NoteDatabase) {
    // A batched DAO method, called once per chunk.
    fun store(notes: List<Note>) {
        for (chunk in notes.chunked(500)) {
            dao.insertAll(chunk)
        }
    }

    // Room's transaction blocks.
    suspend fun storeEach(notes: List<Note>) {
        database.withTransaction {
            notes.forEach { dao.insert(it) }
        }
        database.runInTransaction {
            for (note in notes) {
                dao.insert(note)
            }
        }
    }
}
