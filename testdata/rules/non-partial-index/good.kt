package com.example.notes.data

import android.database.Cursor
import android.database.sqlite.SQLiteDatabase
import androidx.room.Dao
import androidx.room.Entity
import androidx.room.Index
import androidx.room.PrimaryKey
import androidx.room.Query

/** Room cannot declare a partial index, so its indexes are left alone. */
@Entity(tableName = "reminder", indices = [Index("done")])
data class Reminder(
    @PrimaryKey val id: Long,
    val title: String,
    val done: Int,
)

@Dao
interface ReminderDao {
    @Query("SELECT * FROM reminder WHERE done = 0")
    fun open(): List<Reminder>
}

/** Indexes that already fit the queries that use them. */
class NoteDao(private val db: SQLiteDatabase) {

    fun createSchema() {
        db.execSQL(
            """
            CREATE TABLE IF NOT EXISTS note (
                id INTEGER PRIMARY KEY,
                folder_id INTEGER NOT NULL,
                title TEXT NOT NULL,
                archived INTEGER NOT NULL DEFAULT 0,
                updated_at INTEGER NOT NULL,
                color TEXT,
                share_token TEXT
            )
            """.trimIndent()
        )
        // Already partial: only the rows the list screen reads.
        db.execSQL("CREATE INDEX idx_note_visible ON note (updated_at) WHERE archived = 0")
        // The folder is always a parameter, even though archived is constant.
        db.execSQL("CREATE INDEX idx_note_folder ON note (folder_id, archived)")
        // Tested with two different colors.
        db.execSQL("CREATE INDEX idx_note_color ON note (color)")
        // UNIQUE enforces a rule whatever the queries ask.
        db.execSQL("CREATE UNIQUE INDEX idx_note_share ON note (share_token)")
    }

    fun inFolder(folderId: Long): Cursor =
        db.rawQuery(
            "SELECT id, title FROM note WHERE folder_id = ? AND archived = 0 ORDER BY updated_at DESC",
            arrayOf(folderId.toString())
        )

    fun changedSince(since: Long): Cursor =
        db.rawQuery("SELECT id FROM note WHERE archived = 0 AND updated_at > ?", arrayOf(since.toString()))

    fun red(): Cursor = db.rawQuery("SELECT id FROM note WHERE color = 'red'", null)

    fun yellowOrUntitled(): Cursor =
        db.rawQuery("SELECT id FROM note WHERE color = 'yellow' OR title = ''", null)

    fun unshared(): Cursor = db.rawQuery("SELECT id FROM note WHERE share_token IS NULL", null)
}
