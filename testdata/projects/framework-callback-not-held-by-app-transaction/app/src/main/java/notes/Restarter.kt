package notes

import android.database.sqlite.SQLiteDatabase
import androidx.core.database.sqlite.transaction

// The app's one call of onCreate holds a transaction; the framework's
// calls do not.
class Restarter(private val db: SQLiteDatabase) {
    fun restart(activity: SyncActivity) {
        db.transaction {
            activity.onCreate(null)
        }
    }
}
