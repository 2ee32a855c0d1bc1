package com.example.tasks.data

import android.database.sqlite.SQLiteDatabase

fun createSchema(db: SQLiteDatabase) {
    db.execSQL("CREATE TABLE task (id INTEGER PRIMARY KEY, priority INTEGER)")
    db.execSQL("CREATE INDEX task_priority ON task (priority)") // ~ non-partial-index
}

fun urgent(db: SQLiteDatabase) = db.rawQuery("SELECT id FROM task WHERE priority = 1", null)

// On a table named at run time, and testing the same value: no contradiction.
fun urgentIn(db: SQLiteDatabase, table: String) =
    db.rawQuery("SELECT id FROM $table WHERE priority = 1", null)
