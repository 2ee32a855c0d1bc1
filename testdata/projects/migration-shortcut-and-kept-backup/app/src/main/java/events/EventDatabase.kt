package events

import androidx.room.migration.Migration
import androidx.sqlite.db.SupportSQLiteDatabase

object EventMigrations {
    val MIGRATION_1_2 = object : Migration(1, 2) {
        override fun migrate(db: SupportSQLiteDatabase) {
            db.execSQL("CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)")
        }
    }

    // The table is rebuilt; the old one is kept aside, and only read from.
    val MIGRATION_2_3 = object : Migration(2, 3) {
        override fun migrate(db: SupportSQLiteDatabase) {
            db.execSQL("ALTER TABLE events RENAME TO events_old")
            db.execSQL("CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, at INTEGER NOT NULL DEFAULT 0)")
            db.execSQL("INSERT INTO events (id, name) SELECT id, name FROM events_old")
        }
    }

    val MIGRATION_3_4 = object : Migration(3, 4) {
        override fun migrate(db: SupportSQLiteDatabase) {
            db.execSQL("CREATE INDEX IF NOT EXISTS events_at ON events (at)")
            // Set aside too, but the app keeps archiving into it.
            db.execSQL("CREATE TABLE visits (id INTEGER PRIMARY KEY AUTOINCREMENT, page TEXT NOT NULL)")
            db.execSQL("ALTER TABLE visits RENAME TO visits_archive")
            db.execSQL("CREATE TABLE visits (id INTEGER PRIMARY KEY, page TEXT NOT NULL)")
        }
    }

    // Another route from 2 to the same schema: an install takes one or the other.
    val MIGRATION_2_4 = object : Migration(2, 4) {
        override fun migrate(db: SupportSQLiteDatabase) {
            db.execSQL("ALTER TABLE events RENAME TO events_old")
            db.execSQL("CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, at INTEGER NOT NULL DEFAULT 0)")
            db.execSQL("INSERT INTO events (id, name) SELECT id, name FROM events_old")
            db.execSQL("CREATE INDEX IF NOT EXISTS events_at ON events (at)")
        }
    }
}

class EventLog(private val db: SupportSQLiteDatabase) {
    fun record(name: String, at: Long) {
        db.execSQL("INSERT INTO events (name, at) VALUES (?, ?)", arrayOf(name, at))
    }

    fun archive(page: String) {
        db.execSQL("INSERT INTO visits_archive (page) VALUES (?)", arrayOf(page))
    }
}
