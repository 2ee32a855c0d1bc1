package com.example.trails.data

import android.database.sqlite.SQLiteDatabase

/** Escapes before the value: the fix edits the value's own bytes. */
fun configureQuoted(db: SQLiteDatabase) {
    db.execSQL("PRAGMA\tjournal_mode = 'PERSIST'") // ~ journal-mode-not-wal
}

/** A raw string with a template around the pragma. */
fun configureRaw(db: SQLiteDatabase, size: Int) {
    db.execSQL(
        """
        PRAGMA cache_size = $size;
        PRAGMA journal_mode = TRUNCATE; -- ~ journal-mode-not-wal
        """
    )
}

/** The value built at run time: no fix. */
fun configureChosen(db: SQLiteDatabase, mode: String) {
    db.execSQL("PRAGMA journal_mode = $mode")
}

/** The value in a double-quoted SQL string, escaped in Kotlin: no fix. */
fun configureEscaped(db: SQLiteDatabase) {
    db.execSQL("PRAGMA journal_mode = \"DELETE\"") // ~ journal-mode-not-wal
}
