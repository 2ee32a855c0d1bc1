package com.example.photos.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper
import android.util.Log

private const val SCHEMA_PRAGMA = "PRAGMA auto_vacuum = INCREMENTAL"

class PhotoDbHelper(context: Context) : SQLiteOpenHelper(context, "photos.db", null, 1) {

    init {
        setWriteAheadLoggingEnabled(true)
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL(SCHEMA_PRAGMA)
        db.execSQL("CREATE TABLE photo (id INTEGER PRIMARY KEY, path TEXT NOT NULL)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
}

/** Switches an existing file to incremental mode, outside any transaction; one VACUUM applies it. */
fun migrateToIncremental(db: SQLiteDatabase) {
    db.execSQL("PRAGMA auto_vacuum = 2")
    db.execSQL("VACUUM")
}

/** Frees at most 100 pages, when the app chooses to. */
fun trim(db: SQLiteDatabase) {
    db.rawQuery("PRAGMA incremental_vacuum(100)", null).use { it.moveToFirst() }
}

/** Reading the mode is a query, not a setting. */
fun autoVacuumMode(db: SQLiteDatabase): Int =
    db.rawQuery("PRAGMA auto_vacuum", null).use { c ->
        c.moveToFirst()
        c.getInt(0)
    }

fun configureCache(db: SQLiteDatabase) {
    db.execSQL("PRAGMA auto_vacuum = 0")
    Log.i("PhotosDb", "auto_vacuum=FULL disabled for the cache")
}
