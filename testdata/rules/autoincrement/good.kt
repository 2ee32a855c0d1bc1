package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper
import android.util.Log

class TrackDbHelper(context: Context) : SQLiteOpenHelper(context, "tracks.db", null, 2) {

    init {
        setWriteAheadLoggingEnabled(true)
    }

    // INTEGER PRIMARY KEY alone already assigns a unique rowid on insert.
    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL(
            """
            CREATE TABLE track (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                started_at INTEGER NOT NULL
            )
            """.trimIndent()
        )
        db.execSQL("CREATE TABLE point (id INTEGER PRIMARY KEY, track_id INTEGER NOT NULL, lat REAL, lon REAL)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) {
        // Version 2 dropped AUTOINCREMENT from the waypoint table.
        Log.i("TrackDb", "upgrading: AUTOINCREMENT removed from waypoint")
        db.execSQL("CREATE TABLE IF NOT EXISTS waypoint (id INTEGER PRIMARY KEY, track_id INTEGER NOT NULL, label TEXT)")
    }
}

// A string constant that is never executed as SQL.
const val SCHEMA_NOTE = "id INTEGER PRIMARY KEY AUTOINCREMENT is not used in this schema"
