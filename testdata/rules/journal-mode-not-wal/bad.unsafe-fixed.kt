package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper

class TrackDbHelper(context: Context) : SQLiteOpenHelper(context, "tracks.db", null, 3) {

    override fun onConfigure(db: SQLiteDatabase) {
        super.onConfigure(db)
        db.rawQuery("PRAGMA journal_mode = WAL", null).use { it.moveToFirst() } // ~ journal-mode-not-wal
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) {
        db.execSQL("pragma journal_mode=wal") // ~ journal-mode-not-wal
    }
}

fun configureImport(db: SQLiteDatabase) {
    db.compileStatement("PRAGMA main.journal_mode = 'WAL'").use { it.simpleQueryForString() } // ~ journal-mode-not-wal
}

fun configureScratch(db: SQLiteDatabase) {
    db.rawQuery(
        """
        PRAGMA journal_mode(WAL) -- ~ journal-mode-not-wal
        """.trimIndent(),
        null,
    ).close()
}

fun configureBulkLoad(db: SQLiteDatabase) {
    db.rawQuery("PRAGMA journal_mode = WAL", null).close() // ~ journal-mode-not-wal
}

fun configureArchive(db: SQLiteDatabase) {
    db.execSQL("ATTACH DATABASE 'archive.db' AS archive")
    db.rawQuery("PRAGMA archive.journal_mode = \"delete\"", null).close() // ~ journal-mode-not-wal
}
