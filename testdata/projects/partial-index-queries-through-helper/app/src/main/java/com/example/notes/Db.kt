package com.example.notes

import android.database.Cursor
import android.database.sqlite.SQLiteDatabase

/** The app's query helper: runs a statement and hands each row to a callback. */
class Db(private val database: SQLiteDatabase) {
    fun query(sql: String, each: (Cursor) -> Unit) {
        database.rawQuery(sql, null).use { cursor ->
            while (cursor.moveToNext()) each(cursor)
        }
    }
}
