import android.database.sqlite.SQLiteDatabase
import java.io.File

// Two overloads, one open: the overload taking a name delegates to the one
// taking a file, and only the real open is reported.
object Databases {
    fun openOrCreateDatabase(name: String): SQLiteDatabase = openOrCreateDatabase(File(name))

    fun openOrCreateDatabase(file: File): SQLiteDatabase =
        SQLiteDatabase.openOrCreateDatabase(file, null).also { it.enableWriteAheadLogging() } // ~ missing-wal
}
