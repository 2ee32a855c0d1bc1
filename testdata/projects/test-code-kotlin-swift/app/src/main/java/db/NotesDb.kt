package db

import android.content.Context
import android.content.SharedPreferences
import android.database.sqlite.SQLiteDatabase
import org.junit.Test

class NotesDb(private val db: SQLiteDatabase, private val prefs: SharedPreferences) {
    fun saveDraft(text: String) {
        prefs.edit().putString("draft", text).commit()
    }
}

/// A test class kept next to the code it tests: its methods are test code.
class NotesDbCheck {
    private fun scratch(context: Context): SQLiteDatabase =
        context.openOrCreateDatabase("scratch.db", Context.MODE_PRIVATE, null)

    @Test
    fun savesDrafts() {
        val db = SQLiteDatabase.openOrCreateDatabase("check.db", null)
        for (i in 0 until 10) {
            db.execSQL("INSERT INTO notes (body) VALUES ('$i')")
        }
    }
}
