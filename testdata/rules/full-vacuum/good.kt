package com.example.trails.data

import android.database.sqlite.SQLiteDatabase
import android.util.Log

private const val TAG = "TrackMaintenance"

class TrackMaintenance(private val db: SQLiteDatabase) {

    // Frees a bounded number of pages; no full rewrite of the file.
    fun deleteTrack(id: Long) {
        db.delete("track", "id = ?", arrayOf(id.toString()))
        db.rawQuery("PRAGMA incremental_vacuum(64)", null).use { it.moveToFirst() }
    }

    // One-time switch to incremental auto-vacuum: the VACUUM directly after
    // the pragma is what makes the new mode take effect.
    fun migrateToIncrementalVacuum() {
        db.execSQL("PRAGMA auto_vacuum = INCREMENTAL")
        db.execSQL("VACUUM")
    }

    // VACUUM INTO makes a compacted backup copy; the live database is untouched.
    fun backup(path: String) {
        db.execSQL("VACUUM INTO '$path'")
    }

    fun backupToDefault() {
        db.execSQL("VACUUM INTO 'backup.db'")
    }

    fun logStatus() {
        // A full VACUUM would rewrite every page twice, so we never run one here.
        Log.i(TAG, "VACUUM skipped: auto_vacuum is INCREMENTAL")
        val message = "VACUUM"
        println(message)
    }
}
