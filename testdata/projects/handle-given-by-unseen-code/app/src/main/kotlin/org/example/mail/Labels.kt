package org.example.mail

import android.database.sqlite.SQLiteDatabase

object Labels {
    fun replace(database: SQLiteDatabase, letterId: Long, labels: List<String>) {
        for (label in labels) {
            database.insert("labels", null, labelRow(letterId, label))
        }
    }
}
