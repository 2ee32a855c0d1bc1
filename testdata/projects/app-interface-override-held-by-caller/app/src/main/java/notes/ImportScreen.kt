package notes

import android.database.sqlite.SQLiteDatabase
import androidx.core.database.sqlite.transaction

class ImportScreen(private val db: SQLiteDatabase, private val importer: Importer) {
    fun importPicked(notes: List<Note>) {
        db.transaction {
            importer.importAll(notes)
        }
    }
}
