package com.example.notes.db

import androidx.room.migration.Migration
import androidx.sqlite.db.SupportSQLiteDatabase

// Each migration repeats the DDL Room generated for the entity at the time.
val MIGRATION_1_2 = object : Migration(1, 2) {
    override fun migrate(db: SupportSQLiteDatabase) {
        db.execSQL("CREATE TABLE IF NOT EXISTS `note` (`_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `folder_id` INTEGER NOT NULL, `remote_id` TEXT)")
        db.execSQL("CREATE UNIQUE INDEX IF NOT EXISTS `index_note_remote_id` ON `note` (`remote_id`)")
        db.execSQL("CREATE INDEX IF NOT EXISTS `note_folder` ON `note` (`folder_id`)")
    }
}

val MIGRATION_2_3 = object : Migration(2, 3) {
    override fun migrate(db: SupportSQLiteDatabase) {
        db.execSQL("CREATE TABLE IF NOT EXISTS `_new_note` (`_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `folder_id` INTEGER NOT NULL, `updated_at` INTEGER NOT NULL DEFAULT 0, `remote_id` TEXT)")
        db.execSQL("INSERT INTO `_new_note` (`_id`, `folder_id`, `remote_id`) SELECT `_id`, `folder_id`, `remote_id` FROM `note`")
        db.execSQL("DROP TABLE `note`")
        db.execSQL("ALTER TABLE `_new_note` RENAME TO `note`")
        db.execSQL("CREATE UNIQUE INDEX IF NOT EXISTS `index_note_remote_id` ON `note` (`remote_id`)")
        db.execSQL("CREATE INDEX IF NOT EXISTS `index_note_folder_id` ON `note` (`folder_id`)")
        db.execSQL("CREATE INDEX IF NOT EXISTS `index_note_folder_id_updated_at` ON `note` (`folder_id`, `updated_at`)")
    }
}
