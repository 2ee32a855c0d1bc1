package notes

import android.content.ContentValues
import android.database.sqlite.SQLiteDatabase

class NoteImport(private val db: SQLiteDatabase) {
    // One transaction around the loop, opened by the helper.
    fun importAll(titles: List<String>) {
        db.inTransaction {
            for (title in titles) {
                db.insert("notes", null, ContentValues().apply { put("title", title) })
            }
        }
    }
}
