package com.example.photos.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper

private const val SCHEMA_PRAGMA = "PRAGMA auto_vacuum = INCREMENTAL" // ~ auto-vacuum-full

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

/** Switches an existing file, outside any transaction; the VACUUM applies the mode. */
fun migrateToAutoVacuum(db: SQLiteDatabase) {
    db.execSQL("PRAGMA auto_vacuum = 2") // ~ auto-vacuum-full
    db.execSQL("VACUUM")
}

fun createAlbums(db: SQLiteDatabase) {
    db.execSQL("pragma main.auto_vacuum(incremental)") // ~ auto-vacuum-full
    db.execSQL("CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT)")
}
