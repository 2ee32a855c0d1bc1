package com.example.suite.search

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import java.io.File

/** Written by a different team: opens its own file and skips the shared setup. */
class SearchIndex(context: Context) {
    private val file = File(context.noBackupFilesDir, "search.db")
    private val db: SQLiteDatabase = openIndex()

    private fun openIndex(): SQLiteDatabase {
        val db = SQLiteDatabase.openOrCreateDatabase(file, null)
        db.execSQL("CREATE VIRTUAL TABLE IF NOT EXISTS entry USING fts5(title, body)")
        return db
    }

    fun index(title: String, body: String) {
        db.execSQL("INSERT INTO entry (title, body) VALUES (?, ?)", arrayOf(title, body))
    }
}
