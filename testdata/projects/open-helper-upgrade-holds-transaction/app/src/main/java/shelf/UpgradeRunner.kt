package shelf

import android.database.sqlite.SQLiteDatabase

class UpgradeRunner(private val db: SQLiteDatabase) {
    fun upgrade(from: Int) {
        if (from < 7) {
            renumberShelves()
        }
    }

    private fun renumberShelves() {
        val cursor = db.rawQuery("SELECT id FROM books", null)
        val ids = mutableListOf<Long>()
        while (cursor.moveToNext()) {
            ids.add(cursor.getLong(0))
        }
        cursor.close()
        for (id in ids) {
            db.execSQL("UPDATE books SET shelf = shelf + 1 WHERE id = $id")
        }
    }
}
