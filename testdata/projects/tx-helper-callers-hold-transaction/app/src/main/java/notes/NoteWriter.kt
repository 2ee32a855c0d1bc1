package notes

import android.database.sqlite.SQLiteDatabase

// Loops over the notes without a transaction of its own: every caller in
// the project holds one around the call.
internal fun insertEach(db: SQLiteDatabase, notes: List<Note>) {
    for (note in notes) {
        db.insert("notes", null, note.values())
    }
}

// No transaction here either, but its own callers hold one.
internal fun saveBatch(db: SQLiteDatabase, notes: List<Note>) {
    db.delete("notes", "draft = 1", null)
    insertEach(db, notes)
}
