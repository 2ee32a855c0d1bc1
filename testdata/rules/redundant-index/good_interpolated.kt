package com.example.podcasts.data

import android.database.sqlite.SQLiteDatabase

object Columns {
    const val UUID = "uuid"
}

// Tables and columns named at run time: nothing says two of them are the same.
fun createIndexes(db: SQLiteDatabase, episodeTable: String, podcastTable: String, column: String) {
    db.execSQL("CREATE INDEX IF NOT EXISTS episode_uuid ON $episodeTable (uuid)")
    db.execSQL("CREATE INDEX IF NOT EXISTS podcast_uuid_title ON $podcastTable (uuid, title)")
    db.execSQL("CREATE INDEX IF NOT EXISTS bookmark_column ON bookmark ($column)")
    db.execSQL("CREATE INDEX IF NOT EXISTS bookmark_uuid_column ON bookmark (uuid, $column)")
}
