import android.database.sqlite.SQLiteDatabase

class NoteRepository(private val helper: NotesDbHelper) {
    // The helper's connection, closed again after every call.
    fun title(id: Long): String? {
        val db = helper.writableDatabase // ~ open-per-query
        try {
            return db.rawQuery("SELECT title FROM notes WHERE id = ?", arrayOf(id.toString())).use { it.getString(0) }
        } finally {
            db.close()
        }
    }
}

fun touchAll(path: String, ids: List<Long>) {
    for (id in ids) {
        val db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.ENABLE_WRITE_AHEAD_LOGGING) // ~ open-per-query
        db.rawQuery("SELECT 1 FROM notes WHERE id = ?", arrayOf(id.toString())).close()
        db.close()
    }
}

// Opens and closes on every call, and is called from two places.
fun noteCount(path: String): Int {
    val db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.ENABLE_WRITE_AHEAD_LOGGING) // ~ open-per-query
    try {
        return db.rawQuery("SELECT count(*) FROM notes", null).use { it.getInt(0) }
    } finally {
        db.close()
    }
}

fun badge(path: String) = noteCount(path).toString()

fun summary(path: String) = "${noteCount(path)} notes"
