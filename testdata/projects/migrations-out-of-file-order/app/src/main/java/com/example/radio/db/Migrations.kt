package com.example.radio.db

import androidx.sqlite.db.SupportSQLiteDatabase

/** Newer migrations are kept at the top; they still run after the old ones. */
object Migrations {
    val MIGRATION_3_4 = addMigration(3, 4) { db ->
        // The queue moved into the episodes table.
        db.execSQL("DROP TABLE IF EXISTS queue")
    }

    val MIGRATION_4_5 = addMigration(4, 5) { db ->
        db.execSQL("CREATE TABLE events (_id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT, at INTEGER)")
    }

    val LEGACY = arrayOf(
        addMigration(1, 2) { db ->
            db.execSQL("CREATE TABLE queue (_id INTEGER PRIMARY KEY AUTOINCREMENT, episode TEXT, position INTEGER)")
        },
        addMigration(2, 3) { db ->
            db.execSQL("ALTER TABLE queue ADD COLUMN added INTEGER")
        },
    )

    private fun addMigration(from: Int, to: Int, body: (SupportSQLiteDatabase) -> Unit) =
        object : androidx.room.migration.Migration(from, to) {
            override fun migrate(db: SupportSQLiteDatabase) = body(db)
        }
}
