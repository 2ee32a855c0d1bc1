package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper
import java.io.File

/** Creates its tables but never enables WAL: the default rollback journal stays. */
class WaypointDbHelper(context: Context) : SQLiteOpenHelper(context, "waypoints.db", null, 2) { // ~ missing-wal

    init {
        setWriteAheadLoggingEnabled(true)
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE waypoint (id INTEGER PRIMARY KEY, track_id INTEGER NOT NULL, label TEXT)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) {
        db.execSQL("ALTER TABLE waypoint ADD COLUMN note TEXT")
    }
}

/** Turning WAL off explicitly is no better. */
class SettingsDbHelper(context: Context) : SQLiteOpenHelper(context, "settings.db", null, 1) { // ~ missing-wal

    init {
        setWriteAheadLoggingEnabled(false)
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
}

/** Configured in onConfigure: fine, and only for this helper. */
class TrackDbHelper(context: Context) : SQLiteOpenHelper(context, "tracks.db", null, 1) {

    override fun onConfigure(db: SQLiteDatabase) {
        db.enableWriteAheadLogging()
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
}

/** Opened once, kept open, queried often: still in DELETE mode. */
class TileArchive(path: String) {
    private val db: SQLiteDatabase =
        SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.OPEN_READWRITE).also { it.enableWriteAheadLogging() } // ~ missing-wal

    fun tileCount(): Long =
        db.rawQuery("SELECT count(*) FROM tile", null).use { cursor ->
            cursor.moveToFirst()
            cursor.getLong(0)
        }
}

fun openScratch(context: Context): SQLiteDatabase =
    context.openOrCreateDatabase("scratch.db", Context.MODE_PRIVATE, null).also { it.enableWriteAheadLogging() } // ~ missing-wal

fun openStaging(file: File): SQLiteDatabase {
    val db = SQLiteDatabase.openOrCreateDatabase(file, null) // ~ missing-wal
    db.enableWriteAheadLogging()
    db.execSQL("CREATE TABLE IF NOT EXISTS import_row (id INTEGER PRIMARY KEY, line TEXT NOT NULL)")
    return db
}
