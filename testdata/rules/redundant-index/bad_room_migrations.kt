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

// `@ColumnInfo(index = true)` on the leading column of a wider index.
@Entity(tableName = "play", indices = [Index(value = ["track_id", "played_at"], unique = true)])
data class Play(
    @PrimaryKey val id: Long,
    @ColumnInfo(name = "track_id", index = true) val trackId: Long, // ~ redundant-index
    @ColumnInfo(name = "played_at") val playedAt: Long,
)
