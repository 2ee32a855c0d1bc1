package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper
import android.util.Log
import androidx.room.Room

/** WAL in onConfigure, which runs every time the helper opens the database. */
class TrackDbHelper(context: Context) : SQLiteOpenHelper(context, "tracks.db", null, 1) {

    override fun onConfigure(db: SQLiteDatabase) {
        super.onConfigure(db)
        db.enableWriteAheadLogging()
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
}

/** WAL switched on once, in the constructor. */
class WaypointDbHelper(context: Context) : SQLiteOpenHelper(context, "waypoints.db", null, 2) {

    init {
        setWriteAheadLoggingEnabled(true)
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE waypoint (id INTEGER PRIMARY KEY, track_id INTEGER NOT NULL, label TEXT)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
}

/** The open flag asks for WAL. */
class TileArchive(path: String) {
    private val db: SQLiteDatabase = SQLiteDatabase.openDatabase(
        path,
        null,
        SQLiteDatabase.CREATE_IF_NECESSARY or SQLiteDatabase.ENABLE_WRITE_AHEAD_LOGGING,
    )

    fun close() = db.close()
}

/** Shared setup that every connection is passed to. */
fun applyPragmas(db: SQLiteDatabase) {
    db.enableWriteAheadLogging()
    db.execSQL("PRAGMA foreign_keys = ON")
}

fun openImport(path: String): SQLiteDatabase {
    val db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.OPEN_READWRITE)
    applyPragmas(db)
    return db
}

/** Opens and returns; the caller below turns WAL on. */
private fun openRaw(context: Context, name: String): SQLiteDatabase =
    context.openOrCreateDatabase(name, Context.MODE_PRIVATE, null)

fun openScratch(context: Context): SQLiteDatabase =
    openRaw(context, "scratch.db").also { it.enableWriteAheadLogging() }

/** Room uses WAL unless told otherwise. */
fun buildTrailDatabase(context: Context): TrailDatabase =
    Room.databaseBuilder(context, TrailDatabase::class.java, "trails.db").build()

fun logOpenFailure(e: Exception) {
    Log.w("TrailsDb", "SQLiteDatabase.openDatabase failed, retrying openOrCreateDatabase", e)
}

/** A read-only connection cannot choose its journal mode. */
fun openBundledAtlas(path: String): SQLiteDatabase =
    SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.OPEN_READONLY)
