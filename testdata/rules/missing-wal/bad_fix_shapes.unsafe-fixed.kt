import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper

/** A helper with tab-indented members and no blank line after its header. */
class NoteDbHelper(context: Context) : SQLiteOpenHelper(context, "notes.db", null, 3) { // ~ missing-wal
	init {
		setWriteAheadLoggingEnabled(true)
	}

	override fun onCreate(db: SQLiteDatabase) {
		db.execSQL("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)")
	}

	override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
}

/** A helper whose header goes on over lines: its body opens on the last. */
class CacheDbHelper(
    context: Context,
    name: String,
) : SQLiteOpenHelper(context, name, null, 1) { // ~ missing-wal

    init {
        setWriteAheadLoggingEnabled(true)
    }

    override fun onCreate(db: SQLiteDatabase) = Unit

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
}

/** The open as a call's argument: WAL is chained on the opened database. */
fun registerArchive(context: Context, register: (SQLiteDatabase) -> Unit) {
    register(context.openOrCreateDatabase("archive.db", Context.MODE_PRIVATE, null).also { it.enableWriteAheadLogging() }) // ~ missing-wal
}

/** Bound with `var`, kept by the caller. */
fun openInbox(path: String): SQLiteDatabase {
    var db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.OPEN_READWRITE) // ~ missing-wal
    db.enableWriteAheadLogging()
    db.execSQL("DELETE FROM draft WHERE sent = 1")
    return db
}

/** A property's initializer: WAL is chained on the opened database. */
class RouteCache(path: String) {
    private val db: SQLiteDatabase = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.OPEN_READWRITE).also { it.enableWriteAheadLogging() } // ~ missing-wal

    fun clear() = db.execSQL("DELETE FROM route")
}

/** Assigned to a nullable property, through a safe call on the context. */
class DraftStore(private val context: Context?) {
    private var db: SQLiteDatabase? = null

    fun open() {
        db = context?.openOrCreateDatabase("drafts.db", Context.MODE_PRIVATE, null)?.also { it.enableWriteAheadLogging() } // ~ missing-wal
    }
}
