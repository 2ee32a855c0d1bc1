package com.example.messages.data

import android.database.sqlite.SQLiteDatabase
import android.util.Log

private const val PRIVACY_PRAGMA = "PRAGMA secure_delete = FAST"

fun harden(db: SQLiteDatabase) {
    db.rawQuery(PRIVACY_PRAGMA, null).use { it.moveToFirst() }
}

/** Re-downloadable attachments need no zeroing at all. */
fun relaxAttachments(db: SQLiteDatabase) {
    db.execSQL("ATTACH DATABASE 'attachments.db' AS attachments")
    db.rawQuery("pragma attachments.secure_delete = off", null).use { it.moveToFirst() }
    db.rawQuery("PRAGMA temp.secure_delete(0)", null).use { it.moveToFirst() }
}

/** Reading the setting is a query, not a setting. */
fun secureDeleteLevel(db: SQLiteDatabase): Int =
    db.rawQuery("PRAGMA secure_delete", null).use { c ->
        c.moveToFirst()
        c.getInt(0)
    }

fun logSettings() {
    Log.i("MessagesDb", "secure_delete=ON was replaced by FAST")
}
