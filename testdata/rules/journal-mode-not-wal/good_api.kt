package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import androidx.room.Database
import androidx.room.Entity
import androidx.room.PrimaryKey
import androidx.room.Room
import androidx.room.RoomDatabase
import androidx.room.RoomDatabase.JournalMode

private const val WAL_JOURNAL = "PRAGMA journal_mode = WAL"

@Entity
data class Track(@PrimaryKey val id: Long, val name: String)

@Database(entities = [Track::class], version = 1)
abstract class TrailDatabase : RoomDatabase()

/** Room picks WAL by itself (JournalMode.AUTOMATIC)... */
fun buildTrailDatabase(context: Context): TrailDatabase =
    Room.databaseBuilder(context, TrailDatabase::class.java, "trails.db")
        .setJournalMode(JournalMode.AUTOMATIC)
        .build()

/** ...or can be told so explicitly. */
fun buildCacheDatabase(context: Context): TrailDatabase =
    Room.databaseBuilder(context, TrailDatabase::class.java, "cache.db")
        .setJournalMode(RoomDatabase.JournalMode.WRITE_AHEAD_LOGGING)
        .build()

fun prepareImport(db: SQLiteDatabase) {
    db.enableWriteAheadLogging()
}

/** A constant that sets WAL. */
fun configureShared(db: SQLiteDatabase) {
    db.rawQuery(WAL_JOURNAL, null).use { it.moveToFirst() }
}
