package notes

import android.content.ContentValues
import android.database.sqlite.SQLiteDatabase

class Sync(private val db: SQLiteDatabase) {
    // Each iteration waits on a request before it writes: one transaction
    // around the loop would stay open across the network.
    suspend fun pull(ids: List<Long>) {
        for (id in ids) {
            val body = NoteRequests.fetch(id)
            db.insert("notes", null, ContentValues().apply { put("body", body) })
        }
    }

    // Only a check each iteration: every write is its own transaction.
    fun store(bodies: List<String>) {
        for (body in bodies) {
            NoteFormat.check(body)
            db.insert("notes", null, ContentValues().apply { put("body", body) })
        }
    }
}
