package com.example.notes

import android.database.Cursor

/** Records the statements for a debug screen; nothing here runs them. */
class Db(private val log: MutableList<String>) {
    fun query(sql: String, each: (Cursor) -> Unit) {
        log.add(sql)
    }
}
