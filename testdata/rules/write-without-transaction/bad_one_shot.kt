import android.database.sqlite.SQLiteDatabase

// An upgrade step the app runs once: each row still pays its own sync, but
// once per upgrade. A hint, not a warning.
class Upgrader(private val db: SQLiteDatabase) {
    fun upgradeTagColors(tags: List<Pair<Long, Int>>) {
        for ((id, color) in tags) {
            db.execSQL("UPDATE tags SET color = ? WHERE id = ?", arrayOf(color, id)) // ~ write-without-transaction?
        }
    }
}

// The same loop in everyday sync work is a warning.
class TagSync(private val db: SQLiteDatabase) {
    fun pullColors(tags: List<Pair<Long, Int>>) {
        for ((id, color) in tags) {
            db.execSQL("UPDATE tags SET color = ? WHERE id = ?", arrayOf(color, id)) // ~ write-without-transaction
        }
    }
}
