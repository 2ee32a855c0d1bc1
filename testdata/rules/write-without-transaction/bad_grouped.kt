import android.database.sqlite.SQLiteDatabase

// One loop that writes three tables is one missing transaction: one
// finding at its first write, the others shown beside it.
class Archiver(private val db: SQLiteDatabase) {
    fun archive(ids: List<Long>) {
        for (id in ids) {
            db.execSQL("INSERT INTO archive SELECT * FROM notes WHERE id = $id") // ~ write-without-transaction
            db.execSQL("DELETE FROM tags WHERE note_id = $id") // ~ write-without-transaction+
            db.execSQL("DELETE FROM notes WHERE id = $id") // ~ write-without-transaction+
        }
    }

    // Two loops are two transactions to add: two findings.
    fun purge(noteIds: List<Long>, tagIds: List<Long>) {
        for (id in noteIds) {
            db.execSQL("DELETE FROM notes WHERE id = $id") // ~ write-without-transaction
        }
        for (id in tagIds) {
            db.execSQL("DELETE FROM tags WHERE id = $id") // ~ write-without-transaction
        }
    }
}
