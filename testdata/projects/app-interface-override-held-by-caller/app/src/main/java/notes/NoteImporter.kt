package notes

import android.database.sqlite.SQLiteDatabase

// An override of the app's own method, not of the library type's it also
// extends: whoever calls the interface's method holds the transaction.
class NoteImporter(private val db: SQLiteDatabase) : AutoCloseable, Importer {
    override fun importAll(notes: List<Note>) {
        for (note in notes) {
            db.insert("notes", null, note.values())
        }
    }

    override fun close() {
        db.close()
    }
}
