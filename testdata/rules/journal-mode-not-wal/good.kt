package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper
import android.util.Log

class TrackDbHelper(context: Context) : SQLiteOpenHelper(context, "tracks.db", null, 3) {

    init {
        // Android's own switch for WAL.
        setWriteAheadLoggingEnabled(true)
    }

    override fun onConfigure(db: SQLiteDatabase) {
        super.onConfigure(db)
        // journal_mode=WAL through SQL is fine too.
        db.rawQuery("PRAGMA journal_mode = WAL", null).use { it.moveToFirst() }
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) {
        // DELETE here is a statement, not a journal mode.
        db.execSQL("DELETE FROM track WHERE name = ''")
    }
}

// Reading the current mode is a query, not a setting.
fun currentJournalMode(db: SQLiteDatabase): String =
    db.rawQuery("PRAGMA journal_mode", null).use { c ->
        c.moveToFirst()
        c.getString(0)
    }

// The value is interpolated: nothing to check statically.
fun applyJournalMode(db: SQLiteDatabase, mode: String) {
    db.rawQuery("PRAGMA journal_mode = $mode", null).close()
}

fun logMode(db: SQLiteDatabase) {
    Log.d("TrackDb", "journal_mode=DELETE is only used for the bundled read-only copy")
    db.rawQuery("pragma main.journal_mode('wal')", null).close()
}
