package com.example.music.data

import android.database.sqlite.SQLiteDatabase
import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.Index
import androidx.room.PrimaryKey

@Entity(
    tableName = Track.TABLE,
    indices = [
        Index(value = ["album_id"], name = "track_album"),
        Index("artist_id"),
    ]
)
data class Track(
    @PrimaryKey val id: Long,
    @ColumnInfo(name = "album_id") val albumId: Long,
    @ColumnInfo(name = "artist_id") val artistId: Long,
) {
    companion object {
        const val TABLE = "track"
    }
}

// The migrations create the indexes the entity declares, under the same names.
fun migrate2To3(db: SQLiteDatabase) {
    db.execSQL("CREATE INDEX IF NOT EXISTS `track_album` ON `track` (`album_id`)")
}

fun migrate3To4(db: SQLiteDatabase) {
    db.execSQL("CREATE INDEX IF NOT EXISTS `index_track_artist_id` ON `track` (`artist_id`)")
}

fun migrate5To6(db: SQLiteDatabase) {
    db.execSQL("CREATE INDEX IF NOT EXISTS `index_track_artist_id` ON `track` (`artist_id`)")
}

// `@ColumnInfo(index = true)` declares Room's `index_<table>_<column>`.
@Entity(tableName = "play")
data class Play(
    @PrimaryKey val id: Long,
    @ColumnInfo(name = "track_id", index = true) val trackId: Long,
)

fun migrate6To7(db: SQLiteDatabase) {
    db.execSQL("CREATE INDEX IF NOT EXISTS `index_play_track_id` ON `play` (`track_id`)")
}
