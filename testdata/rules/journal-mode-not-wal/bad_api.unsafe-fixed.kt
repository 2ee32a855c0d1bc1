package com.example.trails.data

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import androidx.room.Database
import androidx.room.Entity
import androidx.room.PrimaryKey
import androidx.room.Room
import androidx.room.RoomDatabase

private const val LEGACY_JOURNAL = "PRAGMA journal_mode = WAL" // ~ journal-mode-not-wal

@Entity
data class Track(@PrimaryKey val id: Long, val name: String)

@Database(entities = [Track::class], version = 1)
abstract class TrailDatabase : RoomDatabase()

/** Room is WAL by default; this builder opts out of it. */
fun buildTrailDatabase(context: Context): TrailDatabase =
    Room.databaseBuilder(context, TrailDatabase::class.java, "trails.db")
        .setJournalMode(RoomDatabase.JournalMode.WRITE_AHEAD_LOGGING) // ~ journal-mode-not-wal
        .build()

/** Same as PRAGMA journal_mode = DELETE. */
fun prepareExport(db: SQLiteDatabase) {
    db.enableWriteAheadLogging() // ~ journal-mode-not-wal
}

/** The pragma lives in a constant; the finding is where its text is. */
fun configureLegacy(db: SQLiteDatabase) {
    db.rawQuery(LEGACY_JOURNAL, null).use { it.moveToFirst() }
}
