package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper

class TrackDbHelper(context: Context) : SQLiteOpenHelper(context, "tracks.db", null, 2) { // ~ missing-wal

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL(
            """
            CREATE TABLE track (
                id INTEGER PRIMARY KEY, -- ~ autoincrement
                name TEXT NOT NULL,
                started_at INTEGER NOT NULL
            )
            """.trimIndent()
        )
        db.execSQL("CREATE TABLE point (id INTEGER PRIMARY KEY, track_id INTEGER NOT NULL, lat REAL, lon REAL)") // ~ autoincrement
        db.execSQL("create table photo (_id integer primary key, uri text not null)") // ~ autoincrement
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) {
        if (oldVersion < 2) {
            db.execSQL(
                """
                CREATE TABLE IF NOT EXISTS waypoint (
                    `id` INTEGER PRIMARY KEY, -- ~ autoincrement
                    `track_id` INTEGER NOT NULL,
                    `label` TEXT
                )
                """.trimIndent()
            )
        }
    }
}

fun createTempTable(db: SQLiteDatabase) {
    db.compileStatement("CREATE TEMP TABLE import_row (id INTEGER PRIMARY KEY, line TEXT)").use { it.execute() } // ~ autoincrement
}
