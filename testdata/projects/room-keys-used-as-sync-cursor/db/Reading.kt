package org.example.glucose.db

import androidx.room.Entity
import androidx.room.PrimaryKey

/** Uploaded in order: the uploader keeps the last id it sent. */
@Entity(tableName = TABLE_READINGS)
data class Reading(
    @PrimaryKey(autoGenerate = true)
    var id: Long = 0,
    var value: Int,
    var timestamp: Long,
)

/** Never read past a kept position. */
@Entity(tableName = TABLE_NOTES)
data class Note(
    @PrimaryKey(autoGenerate = true)
    var noteId: Long = 0,
    var text: String,
)
