package org.example.tags

import androidx.room.Dao
import androidx.room.Insert
import androidx.room.Query
import androidx.room.Update

@Dao
abstract class TagDao {
    @Query("SELECT * FROM tags WHERE name = :name")
    abstract suspend fun find(name: String): Tag?

    @Insert
    abstract suspend fun insert(tag: Tag): Long

    @Update
    abstract suspend fun update(tag: Tag)

    @Insert
    abstract suspend fun insertUse(use: TagUse): Long

    /** Writes only for a tag not seen before, or one renamed. */
    suspend fun getOrCreate(name: String, color: Int) =
        find(name)
            ?.apply {
                if (this.color != color) {
                    this.color = color
                    update(this)
                }
            }
            ?: Tag(name = name, color = color).apply { id = insert(this) }

    /** Records every use, whatever the lookup finds. */
    suspend fun recordUse(name: String) {
        val tagId = find(name)?.id ?: 0L
        insertUse(TagUse(tag = tagId))
    }
}
