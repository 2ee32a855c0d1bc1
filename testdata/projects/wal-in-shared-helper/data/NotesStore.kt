package com.example.notes.data

import android.content.ContentValues
import android.database.sqlite.SQLiteDatabase

class NotesStore private constructor(private val db: SQLiteDatabase) {

    fun add(title: String, body: String): Long {
        val values = ContentValues().apply {
            put("title", title)
            put("body", body)
        }
        return db.insert("note", null, values)
    }

    fun close() = db.close()

    companion object {
        fun open(path: String): NotesStore {
            val db = SQLiteDatabase.openDatabase(
                path,
                null,
                SQLiteDatabase.OPEN_READWRITE or SQLiteDatabase.CREATE_IF_NECESSARY,
            )
            DbConfig.configure(db)
            db.execSQL("CREATE TABLE IF NOT EXISTS note (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)")
            return NotesStore(db)
        }
    }
}
