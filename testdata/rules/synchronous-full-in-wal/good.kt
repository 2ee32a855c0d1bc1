package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper
import android.util.Log

/** WAL with NORMAL, the recommended pair. */
class TrackDbHelper(context: Context) : SQLiteOpenHelper(context, "tracks.db", null, 1) {

    init {
        setWriteAheadLoggingEnabled(true)
    }

    override fun onConfigure(db: SQLiteDatabase) {
        super.onConfigure(db)
        db.execSQL("PRAGMA synchronous = NORMAL")
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
}

fun configureTiles(db: SQLiteDatabase) {
    db.enableWriteAheadLogging()
    db.execSQL("PRAGMA synchronous = 1")
}

/** FULL on a connection that nothing here switches to WAL. */
fun configureExport(db: SQLiteDatabase) {
    db.execSQL("PRAGMA synchronous = FULL")
}

/** Reading the level is a query, not a setting. */
fun syncLevel(db: SQLiteDatabase): Int =
    db.rawQuery("PRAGMA synchronous", null).use { c ->
        c.moveToFirst()
        c.getInt(0)
    }

fun logSettings() {
    Log.i("TrailsDb", "WAL on; PRAGMA synchronous = FULL is only used for the export copy")
}
