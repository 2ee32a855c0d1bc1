package com.example.notes.data

import android.database.sqlite.SQLiteDatabase

/** Connection settings shared by every store of the app. */
object DbConfig {
    fun configure(db: SQLiteDatabase) {
        db.enableWriteAheadLogging()
        db.execSQL("PRAGMA foreign_keys = ON")
    }
}
