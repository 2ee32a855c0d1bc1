package shelf

import android.database.sqlite.SQLiteDatabase

class Seeder(private val db: SQLiteDatabase) {
    fun seedDefaults() {
        for (title in listOf("Inbox", "Reading", "Done")) {
            db.execSQL("INSERT INTO books (title, shelf) VALUES ('$title', 0)")
        }
    }

    // Also run from the app's "reset shelves" button, outside any
    // transaction: every call site must be held for the loop to be.
    fun seedSamples(titles: List<String>) {
        for (title in titles) {
            db.execSQL("INSERT INTO books (title, shelf) VALUES ('$title', 1)")
        }
    }
}
