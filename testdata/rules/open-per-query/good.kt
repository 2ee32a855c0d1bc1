import android.database.sqlite.SQLiteDatabase
import org.junit.Test

// Keeps the open connection: its methods only use it.
class NoteStore(private val db: SQLiteDatabase) {
    fun title(id: Long): String? =
        db.rawQuery("SELECT title FROM notes WHERE id = ?", arrayOf(id.toString())).use { it.getString(0) }
}

// Opens once, in the initializer, and keeps the connection.
class NoteCache(path: String) {
    private val db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.ENABLE_WRITE_AHEAD_LOGGING)

    fun count(): Int = db.rawQuery("SELECT count(*) FROM notes", null).use { it.getInt(0) }
}

// The helper keeps its connection open between calls: no close here.
class NoteRepository(private val helper: NotesDbHelper) {
    fun title(id: Long): String? {
        val db = helper.writableDatabase
        return db.rawQuery("SELECT title FROM notes WHERE id = ?", arrayOf(id.toString())).use { it.getString(0) }
    }
}

// A different database on each iteration.
fun countAll(paths: List<String>): Int {
    var total = 0
    for (path in paths) {
        val db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.ENABLE_WRITE_AHEAD_LOGGING)
        total += db.rawQuery("SELECT count(*) FROM notes", null).use { it.getInt(0) }
        db.close()
    }
    return total
}

// Hands the connection out: whoever gets it keeps it.
fun openNotes(path: String): SQLiteDatabase =
    SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.ENABLE_WRITE_AHEAD_LOGGING)

fun mainScreen(path: String) = openNotes(path)

fun widget(path: String) = openNotes(path)

// One-shot jobs: an export and a migration, each opening once.
fun exportNotes(path: String) {
    val db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.ENABLE_WRITE_AHEAD_LOGGING)
    db.rawQuery("SELECT * FROM notes", null).close()
    db.close()
}

fun migrateLegacy(path: String) {
    val db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.ENABLE_WRITE_AHEAD_LOGGING)
    db.execSQL("ALTER TABLE notes ADD COLUMN seen INTEGER")
    db.close()
}

fun settings() {
    exportNotes("a.db")
    exportNotes("b.db")
    migrateLegacy("a.db")
    migrateLegacy("b.db")
}

// Tests may open as often as they like.
class NoteRepositoryCheck {
    @Test
    fun reopens() {
        repeat(3) {
            val db = SQLiteDatabase.openDatabase("t.db", null, SQLiteDatabase.ENABLE_WRITE_AHEAD_LOGGING)
            db.close()
        }
    }
}
