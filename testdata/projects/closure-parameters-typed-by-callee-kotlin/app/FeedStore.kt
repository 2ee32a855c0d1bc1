package org.example.feeds

import android.database.sqlite.SQLiteDatabase

class FeedStore(private val db: SQLiteDatabase) {
    /** Runs [block] inside one transaction. */
    fun <T> batched(block: (FeedWriter) -> T): T {
        db.beginTransaction()
        try {
            val result = block(FeedWriter(db))
            db.setTransactionSuccessful()
            return result
        } finally {
            db.endTransaction()
        }
    }

    /** Runs [block] with every statement committing on its own. */
    fun <T> direct(block: (FeedWriter) -> T): T = block(FeedWriter(db))
}

class FeedWriter(private val db: SQLiteDatabase) {
    fun saveEntries(titles: List<String>) {
        for (title in titles) {
            db.execSQL("INSERT INTO entries(title) VALUES (?)", arrayOf(title))
        }
    }

    fun saveTags(tags: List<String>) {
        for (tag in tags) {
            db.execSQL("INSERT INTO tags(name) VALUES (?)", arrayOf(tag))
        }
    }
}
