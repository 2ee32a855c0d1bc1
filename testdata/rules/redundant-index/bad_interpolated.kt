package com.example.podcasts.data

import android.database.sqlite.SQLiteDatabase

// Interpolated values elsewhere do not hide a redundancy between known names.
fun createIndexes(db: SQLiteDatabase, column: String) {
    db.execSQL("CREATE INDEX IF NOT EXISTS episode_uuid ON episode (uuid)") // ~ redundant-index
    db.execSQL("CREATE INDEX IF NOT EXISTS episode_uuid_title ON episode (uuid, title)")
    db.execSQL("CREATE INDEX IF NOT EXISTS bookmark_column ON bookmark ($column)")
}
