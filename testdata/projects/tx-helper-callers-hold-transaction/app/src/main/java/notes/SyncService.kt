package notes

import android.database.sqlite.SQLiteDatabase
import androidx.core.database.sqlite.transaction

class SyncService(private val db: SQLiteDatabase) {
    fun apply(remote: List<Note>) {
        db.transaction {
            saveBatch(this, remote)
        }
    }
}
