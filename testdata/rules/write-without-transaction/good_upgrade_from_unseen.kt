import android.content.ContentValues
import android.database.sqlite.SQLiteDatabase

// The schema upgrade entry point is called only from code storlint does
// not read (the app's Java `SQLiteOpenHelper.onUpgrade`), which Android
// runs inside a transaction: its steps' loops are inside it too.
object ArchiveUpgrades {
    @JvmStatic
    fun upgradeArchive(db: SQLiteDatabase) {
        val from = db.version
        if (from < 7) SplitLabels(db).run()
        if (from < 8) SplitLabels(db).rename()
    }
}

class SplitLabels(private val db: SQLiteDatabase) {
    fun run() {
        val ids = mutableListOf<Long>()
        db.rawQuery("SELECT id FROM labels", null).use { cursor ->
            while (cursor.moveToNext()) ids.add(cursor.getLong(0))
        }
        for (id in ids) {
            val values = ContentValues().apply { put("split", 1) }
            db.update("labels", values, "id = ?", arrayOf(id.toString()))
        }
    }

    fun rename() {
        for (name in listOf("a", "b", "c", "d", "e", "f")) {
            db.execSQL("UPDATE labels SET name = upper(name) WHERE name = '$name'")
        }
    }
}
