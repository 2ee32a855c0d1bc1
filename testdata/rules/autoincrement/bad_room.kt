package com.example.downloads.data

import android.database.sqlite.SQLiteDatabase
import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.PrimaryKey

@Entity(tableName = Download.TABLE)
data class Download(
    @PrimaryKey(autoGenerate = true) // ~ autoincrement
    @ColumnInfo(name = "_id")
    val id: Long = 0,
    val url: String,
) {
    companion object {
        const val TABLE = "download"
    }
}

@Entity
data class Chunk(
    @PrimaryKey(autoGenerate = true) val id: Long = 0, // ~ autoincrement
    val offset: Long,
)

// The migrations repeat the DDL Room generates for the entity: one finding,
// at the annotation that emits the keyword.
fun migrate3To4(db: SQLiteDatabase) {
    db.execSQL("CREATE TABLE IF NOT EXISTS `download` (`_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `url` TEXT NOT NULL)")
}

fun migrate7To8(db: SQLiteDatabase) {
    db.execSQL("CREATE TABLE IF NOT EXISTS `_new_download` (`_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `url` TEXT NOT NULL)")
    db.execSQL("INSERT INTO `_new_download` (`_id`, `url`) SELECT `_id`, `url` FROM `download`")
    db.execSQL("DROP TABLE `download`")
    db.execSQL("ALTER TABLE `_new_download` RENAME TO `download`")
}
