package com.example.trails.data

import android.database.sqlite.SQLiteDatabase

fun createTables(db: SQLiteDatabase) {
    // storlint-ignore autoincrement -- ids are printed on receipts
    db.execSQL(
        """
        CREATE TABLE receipt (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            total INTEGER NOT NULL
        )
        """.trimIndent()
    )
    db.execSQL(
        """
        -- storlint-ignore autoincrement -- the SQL comment form, inside the string
        CREATE TABLE voucher (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            code TEXT NOT NULL
        )
        """.trimIndent()
    )
}
