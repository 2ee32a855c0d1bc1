package com.example.music.data

import android.database.sqlite.SQLiteDatabase
import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.Index
import androidx.room.PrimaryKey

@Entity(tableName = "track", indices = [Index("artist_id")])
data class Track(
    @PrimaryKey val id: Long,
    @ColumnInfo(name = "artist_id") val artistId: Long,
)

// An index the entity already declares, created again under another name.
fun migrate3To4(db: SQLiteDatabase) {
    db.execSQL("CREATE INDEX IF NOT EXISTS `track_artist` ON `track` (`artist_id`)") // ~ redundant-index
}
