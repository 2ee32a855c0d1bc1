package com.example.notes

import android.database.Cursor
import android.database.sqlite.SQLiteDatabase

/** Queries of the notes list; the database is opened and migrated elsewhere. */
class NotesDao(private val db: SQLiteDatabase) {

    fun listNotes(): Cursor =
        db.rawQuery("SELECT id, title, updated_at FROM notes WHERE archived = 0", null)

    fun countNotes(): Int =
        db.rawQuery("SELECT count(*) FROM notes WHERE archived = 0", null).use { cursor ->
            cursor.moveToFirst()
            cursor.getInt(0)
        }

    fun search(term: String): Cursor =
        db.rawQuery(
            "SELECT id, title FROM notes WHERE archived = 0 AND (title LIKE ? OR body LIKE ?)",
            arrayOf("%$term%", "%$term%")
        )
}
