package notes

import android.database.sqlite.SQLiteDatabase

class ImportJob(private val db: SQLiteDatabase) {
    fun run(notes: List<Note>) {
        db.beginTransaction()
        try {
            insertEach(db, notes)
            db.setTransactionSuccessful()
        } finally {
            db.endTransaction()
        }
    }
}
