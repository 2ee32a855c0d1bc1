package com.example.messages.data

import android.database.sqlite.SQLiteDatabase

private const val PRIVACY_PRAGMA = "PRAGMA secure_delete = FAST" // ~ secure-delete-on

fun harden(db: SQLiteDatabase) {
    db.rawQuery(PRIVACY_PRAGMA, null).use { it.moveToFirst() }
}

fun hardenChecked(db: SQLiteDatabase): Boolean =
    db.rawQuery("PRAGMA secure_delete(FAST)", null).use { c -> // ~ secure-delete-on
        c.moveToFirst() && c.getInt(0) == 1
    }

fun hardenAttachments(db: SQLiteDatabase) {
    db.execSQL("ATTACH DATABASE 'attachments.db' AS attachments")
    db.rawQuery("pragma attachments.secure_delete = fast", null).use { it.moveToFirst() } // ~ secure-delete-on
}

fun hardenMultiline(db: SQLiteDatabase) {
    db.rawQuery(
        """
        PRAGMA main.secure_delete = 'fast' -- ~ secure-delete-on
        """.trimIndent(),
        null,
    ).use { it.moveToFirst() }
}
