import android.app.Application
import android.database.DatabaseErrorHandler
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteDatabase.CursorFactory

// The app opens its databases itself in one process; the crash reporter's
// process gets the framework's open. The framework's open is reached through
// the override, so only the app's own open is a finding.
class NotesApplication : Application() {
    var isReporterProcess = false

    override fun openOrCreateDatabase(name: String, mode: Int, factory: CursorFactory?): SQLiteDatabase {
        if (isReporterProcess) {
            return super.openOrCreateDatabase(name, mode, factory)
        }
        return SQLiteDatabase.openDatabase( // ~ missing-wal
            getDatabasePath(name).path,
            factory,
            SQLiteDatabase.CREATE_IF_NECESSARY,
        ).also { it.enableWriteAheadLogging() }
    }

    override fun openOrCreateDatabase(
        name: String,
        mode: Int,
        factory: CursorFactory?,
        errorHandler: DatabaseErrorHandler?,
    ): SQLiteDatabase =
        if (isReporterProcess) {
            super.openOrCreateDatabase(name, mode, factory, errorHandler)
        } else {
            openOrCreateDatabase(name, mode, factory)
        }
}
