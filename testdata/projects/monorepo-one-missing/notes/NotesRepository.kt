package com.example.suite.notes

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import com.example.suite.shared.Database

class NotesRepository(context: Context) {
    private val db: SQLiteDatabase =
        Database.openConfigured(context.getDatabasePath("notes.db").path)

    init {
        db.execSQL("CREATE TABLE IF NOT EXISTS note (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)")
    }

    fun titles(): List<String> =
        db.rawQuery("SELECT title FROM note ORDER BY id DESC", null).use { c ->
            buildList { while (c.moveToNext()) add(c.getString(0)) }
        }
}
