package com.trailmark.android.data

import android.content.ContentValues
import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper

/**
 * Recorded GPS tracks. One helper instance lives in the Application object,
 * so the database is opened once and stays open.
 */
class TrackDatabase(context: Context) : SQLiteOpenHelper(context, "tracks.db", null, VERSION) {

    init {
        setWriteAheadLoggingEnabled(true)
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("PRAGMA auto_vacuum = INCREMENTAL")
        db.execSQL(
            """
            CREATE TABLE track (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                started_at INTEGER NOT NULL,
                finished_at INTEGER
            )
            """.trimIndent()
        )
        db.execSQL(
            """
            CREATE TABLE point (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                track_id INTEGER NOT NULL REFERENCES track (id) ON DELETE CASCADE,
                lat REAL NOT NULL,
                lon REAL NOT NULL,
                elevation REAL,
                recorded_at INTEGER NOT NULL
            )
            """.trimIndent()
        )
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) {
        if (oldVersion < 3) {
            // Databases created before version 3 still have auto_vacuum=NONE;
            // switching needs one VACUUM right after the pragma.
            db.execSQL("PRAGMA auto_vacuum = INCREMENTAL")
            db.execSQL("VACUUM")
        }
    }

    fun insertPoints(trackId: Long, points: List<TrackPoint>) {
        val db = writableDatabase
        db.beginTransaction()
        try {
            for (p in points) {
                val values = ContentValues().apply {
                    put("track_id", trackId)
                    put("lat", p.lat)
                    put("lon", p.lon)
                    put("elevation", p.elevation)
                    put("recorded_at", p.recordedAt)
                }
                db.insertOrThrow("point", null, values)
            }
            db.setTransactionSuccessful()
        } finally {
            db.endTransaction()
        }
    }

    fun deleteTrack(trackId: Long) {
        val db = writableDatabase
        db.delete("track", "id = ?", arrayOf(trackId.toString()))
        db.rawQuery("PRAGMA incremental_vacuum(128)", null).use { it.moveToFirst() }
    }

    companion object {
        private const val VERSION = 3
    }
}

data class TrackPoint(
    val lat: Double,
    val lon: Double,
    val elevation: Double?,
    val recordedAt: Long,
)
