package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper

private const val DURABLE_SYNC = "PRAGMA synchronous = NORMAL" // ~ synchronous-full-in-wal

/** WAL from the constructor, FULL from onConfigure: the same helper. */
class TrackDbHelper(context: Context) : SQLiteOpenHelper(context, "tracks.db", null, 1) {

    init {
        setWriteAheadLoggingEnabled(true)
    }

    override fun onConfigure(db: SQLiteDatabase) {
        super.onConfigure(db)
        db.execSQL("PRAGMA synchronous = NORMAL") // ~ synchronous-full-in-wal
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
}

fun configureTiles(db: SQLiteDatabase) {
    db.enableWriteAheadLogging()
    db.execSQL("pragma synchronous(normal)") // ~ synchronous-full-in-wal
}

fun configureLedger(db: SQLiteDatabase) {
    db.rawQuery("PRAGMA journal_mode = WAL", null).use { it.moveToFirst() }
    db.execSQL(DURABLE_SYNC)
}

fun configureOutbox(db: SQLiteDatabase) {
    db.enableWriteAheadLogging()
    db.execSQL("PRAGMA main.synchronous = 1") // ~ synchronous-full-in-wal
}
