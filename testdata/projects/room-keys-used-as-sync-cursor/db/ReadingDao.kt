package org.example.glucose.db

import androidx.room.Dao
import androidx.room.Insert
import androidx.room.Query

@Dao
interface ReadingDao {
    @Insert
    fun insert(reading: Reading): Long

    @Query("SELECT * FROM $TABLE_READINGS WHERE id > :lastSent ORDER BY id ASC LIMIT 1")
    fun nextToUpload(lastSent: Long): Reading?

    @Query("SELECT * FROM $TABLE_NOTES WHERE noteId = :noteId")
    fun note(noteId: Long): Note?
}
