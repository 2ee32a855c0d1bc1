package org.example.glucose.db

import androidx.room.migration.Migration
import androidx.sqlite.db.SupportSQLiteDatabase

val migration3to4 = object : Migration(3, 4) {
    override fun migrate(db: SupportSQLiteDatabase) {
        // Room checks this against the Note entity: the entity is the finding.
        db.execSQL(
            """CREATE TABLE IF NOT EXISTS `$TABLE_NOTES` (
                `noteId` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
                `text` TEXT NOT NULL
            )"""
        )
    }
}
