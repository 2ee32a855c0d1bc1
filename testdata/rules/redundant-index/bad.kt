package com.example.podcasts.data

import android.database.sqlite.SQLiteDatabase
import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.Index
import androidx.room.PrimaryKey

@Entity(
    tableName = "episode",
    indices = [
        Index("feed_id"), // ~ redundant-index
        Index(value = ["feed_id", "published_at"]),
        Index(value = ["guid"], unique = true),
    ]
)
data class Episode(
    @PrimaryKey val id: Long,
    @ColumnInfo(name = "feed_id") val feedId: Long,
    @ColumnInfo(name = "published_at") val publishedAt: Long,
    val guid: String,
)

/** Migration written by hand, before the entity declared its indexes. */
fun migrateTo5(db: SQLiteDatabase) {
    db.execSQL("CREATE UNIQUE INDEX episode_guid_unique ON episode (guid)") // ~ redundant-index
    db.execSQL("CREATE TABLE chapter (episode_id INTEGER NOT NULL, start_ms INTEGER NOT NULL, title TEXT, PRIMARY KEY (episode_id, start_ms))")
    db.execSQL(
        """
        CREATE INDEX chapter_by_episode -- ~ redundant-index
            ON chapter (episode_id)
        """.trimIndent()
    )
}
