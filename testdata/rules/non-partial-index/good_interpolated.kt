package com.example.tasks.data

import android.database.sqlite.SQLiteDatabase

fun createSchema(db: SQLiteDatabase) {
    db.execSQL("CREATE TABLE task (id INTEGER PRIMARY KEY, done INTEGER, priority INTEGER)")
    db.execSQL("CREATE INDEX task_done ON task (done)")
    db.execSQL("CREATE INDEX task_priority ON task (priority)")
}

// A query on a table named at run time is no evidence about `task`...
fun finished(db: SQLiteDatabase, table: String) =
    db.rawQuery("SELECT id FROM $table WHERE done = 1", null)

// ...but it may be on `task`, and then it looks up another value.
fun urgent(db: SQLiteDatabase) = db.rawQuery("SELECT id FROM task WHERE priority = 1", null)

fun idle(db: SQLiteDatabase, table: String) =
    db.rawQuery("SELECT id FROM $table WHERE priority = 5", null)
