package org.example.lists

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.withContext

class ListClient(private val service: ListService) {
    // Each request runs on this thread until the server answers.
    suspend fun items(listId: String): List<Item>? =
        withContext(Dispatchers.IO) {
            service.items(listId).execute().body()
        }

    suspend fun remove(listId: String, itemId: String) {
        withContext(Dispatchers.IO) { service.remove(listId, itemId).execute() }
    }
}
