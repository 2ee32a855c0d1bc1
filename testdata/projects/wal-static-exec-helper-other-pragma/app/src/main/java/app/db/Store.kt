package app.db

import android.database.sqlite.SQLiteDatabase

class Store(private val path: String) {
    private val db: SQLiteDatabase = open()

    private fun open(): SQLiteDatabase {
        val database = SQLiteDatabase.openOrCreateDatabase(path, null)
        DbUtils.execSQL(database, "PRAGMA foreign_keys=ON")
        return database
    }
}
