package com.example.downloads.data

import android.database.sqlite.SQLiteDatabase
import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.PrimaryKey

// The entity says what the table is now: its key is no longer AUTOINCREMENT,
// and the old migration's DDL is history.
@Entity(tableName = "download")
data class Download(
    @PrimaryKey
    @ColumnInfo(name = "_id")
    val id: Long,
    val url: String,
)

@Entity
data class Chunk(
    @PrimaryKey(autoGenerate = false) val id: Long,
    val offset: Long,
)

fun migrate3To4(db: SQLiteDatabase) {
    db.execSQL("CREATE TABLE IF NOT EXISTS `download` (`_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `url` TEXT NOT NULL)")
}

// A table a later migration drops.
fun migrate4To5(db: SQLiteDatabase) {
    db.execSQL("CREATE TABLE IF NOT EXISTS `legacy_queue` (`_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `url` TEXT)")
}

fun migrate6To7(db: SQLiteDatabase) {
    db.execSQL("DROP TABLE IF EXISTS `legacy_queue`")
}
