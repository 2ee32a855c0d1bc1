package com.example.notes.data

import android.database.Cursor
import android.database.sqlite.SQLiteDatabase

private const val NOTE_COLUMNS = "id, title, body"

/** Schema and queries of the notes screen; the database is opened elsewhere. */
class NoteDao(private val db: SQLiteDatabase) {

    fun createSchema() {
        db.execSQL(
            """
            CREATE TABLE IF NOT EXISTS note (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL,
                body TEXT,
                archived INTEGER NOT NULL DEFAULT 0,
                trashed_at INTEGER,
                color TEXT,
                is_locked BOOLEAN NOT NULL DEFAULT 0
            )
            """.trimIndent()
        )
        db.execSQL("CREATE INDEX idx_note_archived ON note (archived)") // ~ non-partial-index
        db.execSQL(
            """
            CREATE INDEX idx_note_trash -- ~ non-partial-index
                ON note (trashed_at)
            """.trimIndent()
        )
        db.execSQL("CREATE INDEX idx_note_locked ON note (is_locked)") // ~ non-partial-index
    }

    fun visibleNotes(): Cursor =
        db.rawQuery("SELECT $NOTE_COLUMNS FROM note WHERE archived = 0 AND trashed_at IS NULL", null)

    fun countVisible(): Int =
        db.rawQuery("SELECT count(*) FROM note n WHERE n.archived = 0", null).use { cursor ->
            cursor.moveToFirst()
            cursor.getInt(0)
        }

    fun search(term: String): Cursor =
        db.rawQuery(
            "SELECT " + NOTE_COLUMNS + " FROM note WHERE archived = 0 AND title LIKE ?",
            arrayOf("%$term%")
        )

    fun archiveAll() {
        db.execSQL("UPDATE note SET archived = 1 WHERE archived = 0 AND trashed_at IS NULL")
    }
}
