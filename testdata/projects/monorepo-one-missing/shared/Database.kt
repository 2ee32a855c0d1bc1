package com.example.suite.shared

import android.database.sqlite.SQLiteDatabase

/** The one place where the suite's databases are opened and configured. */
object Database {

    fun openConfigured(path: String): SQLiteDatabase {
        val db = SQLiteDatabase.openDatabase(
            path,
            null,
            SQLiteDatabase.OPEN_READWRITE or SQLiteDatabase.CREATE_IF_NECESSARY,
        )
        setup(db)
        return db
    }

    /** For helpers that open the database themselves. */
    fun setup(db: SQLiteDatabase) {
        db.enableWriteAheadLogging()
        db.execSQL("PRAGMA foreign_keys = ON")
    }
}
