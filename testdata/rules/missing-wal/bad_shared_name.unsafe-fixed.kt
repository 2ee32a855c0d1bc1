import android.content.Context
import android.database.sqlite.SQLiteDatabase

// On Android the framework sets the journal mode again on each connection:
// the second connection to the same file is not in WAL.
object Db {
    const val NAME = "app.db"

    fun main(context: Context): SQLiteDatabase {
        val db = context.openOrCreateDatabase(NAME, Context.MODE_PRIVATE, null)
        db.enableWriteAheadLogging()
        return db
    }
}

object Reader {
    fun second(context: Context): SQLiteDatabase =
        context.openOrCreateDatabase(Db.NAME, Context.MODE_PRIVATE, null).also { it.enableWriteAheadLogging() } // ~ missing-wal
}
