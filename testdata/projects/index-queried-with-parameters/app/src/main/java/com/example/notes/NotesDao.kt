package com.example.notes

import android.database.Cursor
import android.database.sqlite.SQLiteDatabase

/** Queries of the notes list; the database is opened and migrated elsewhere. */
class NotesDao(private val db: SQLiteDatabase) {

    /** The same screen shows the archive, so the flag is a parameter. */
    fun listNotes(archived: Boolean): Cursor =
        db.rawQuery(
            "SELECT id, title, updated_at FROM notes WHERE archived = ?",
            arrayOf(if (archived) "1" else "0")
        )

    fun countNotes(archived: Boolean): Int =
        db.rawQuery("SELECT count(*) FROM notes WHERE archived = ?", arrayOf(if (archived) "1" else "0")).use { cursor ->
            cursor.moveToFirst()
            cursor.getInt(0)
        }
}
