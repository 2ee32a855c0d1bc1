package app.db

import android.database.sqlite.SQLiteDatabase

/** Runs one statement: the app's own helper, named like the framework's method. */
object DbUtils {
    fun execSQL(db: SQLiteDatabase, sql: String) {
        db.execSQL(sql)
    }
}
