package db

import android.content.SharedPreferences
import android.database.sqlite.SQLiteDatabase

class NotesDbTest {
    fun seed(db: SQLiteDatabase, prefs: SharedPreferences) {
        prefs.edit().putBoolean("seeded", true).commit()
        for (i in 0 until 100) {
            db.execSQL("INSERT INTO notes (body) VALUES ('$i')")
        }
    }
}
