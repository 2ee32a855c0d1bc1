package org.example.glucose.db

import android.database.sqlite.SQLiteDatabase

/** A database of its own, outside Room. */
class AlertStore(private val db: SQLiteDatabase) {
    fun create() {
        db.execSQL("CREATE TABLE IF NOT EXISTS $TABLE_ALERTS (alertId INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT)")
    }
}
