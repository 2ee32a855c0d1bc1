package org.example.lists

import androidx.room.Dao
import androidx.room.Insert
import androidx.room.Update

@Dao
abstract class ListDao {
    @Update
    abstract suspend fun update(list: RemoteList)

    @Insert
    abstract suspend fun insertItem(item: Item): Long
}
