package shelf

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper

// SQLiteOpenHelper runs onCreate and onUpgrade inside its own transaction:
// what they call, however deep, is held by it.
class ShelfDatabase(context: Context) : SQLiteOpenHelper(context, "shelf.db", null, 7) {
    override fun onConfigure(db: SQLiteDatabase) {
        db.enableWriteAheadLogging()
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT, shelf INTEGER)")
        Seeder(db).seedDefaults()
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) {
        UpgradeRunner(db).upgrade(oldVersion)
    }
}
