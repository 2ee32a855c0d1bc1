package com.example.podcasts.data

import android.database.sqlite.SQLiteDatabase
import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.Index
import androidx.room.PrimaryKey

@Entity(
    tableName = "episode",
    indices = [
        Index(value = ["feed_id", "published_at"]),
        Index("published_at"),
        Index(value = ["guid"], unique = true),
        Index(value = ["guid", "published_at"]),
    ]
)
data class Episode(
    @PrimaryKey val id: Long,
    @ColumnInfo(name = "feed_id") val feedId: Long,
    @ColumnInfo(name = "published_at") val publishedAt: Long,
    val guid: String,
)

@Entity(tableName = "download", indices = [Index("feed_id")])
data class Download(
    @PrimaryKey @ColumnInfo(name = "episode_id") val episodeId: Long,
    @ColumnInfo(name = "feed_id") val feedId: Long,
)

fun migrateTo5(db: SQLiteDatabase) {
    db.execSQL("CREATE TABLE chapter (episode_id INTEGER NOT NULL, start_ms INTEGER NOT NULL, title TEXT, PRIMARY KEY (episode_id, start_ms))")
    // start_ms alone is not a prefix of the PRIMARY KEY (episode_id, start_ms).
    db.execSQL("CREATE INDEX chapter_by_start ON chapter (start_ms)")
    // episode_id leads the PRIMARY KEY of chapter, but this index is on bookmark.
    db.execSQL("CREATE TABLE bookmark (id INTEGER PRIMARY KEY, episode_id INTEGER NOT NULL, start_ms INTEGER NOT NULL)")
    db.execSQL("CREATE INDEX bookmark_by_episode ON bookmark (episode_id, start_ms)")
    // A partial index covers other rows than the full one.
    db.execSQL("CREATE INDEX bookmark_early ON bookmark (episode_id) WHERE start_ms < 60000")
}
