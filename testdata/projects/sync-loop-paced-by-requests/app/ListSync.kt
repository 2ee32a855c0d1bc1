package org.example.lists

class ListSync(
    private val dao: ListDao,
    private val client: ListClient,
    private val saver: ItemSaver,
) {
    // Each list waits on the server, two calls down, before its row is
    // updated: the loop is paced by the network, and one transaction
    // around it would stay open across every request.
    suspend fun pull(lists: List<RemoteList>) {
        for (list in lists) {
            val items = fetchAndApply(list) ?: continue
            dao.update(list.copy(count = items.size))
        }
    }

    // A request only for some items still makes it a sync loop.
    suspend fun pushDeletions(moved: List<Item>) {
        for (item in moved) {
            item.remoteId?.let { client.remove(item.listId, it) }
            dao.insertItem(item.copy(moved = false))
        }
    }

    // A retry loop sleeping between attempts is paced by the clock.
    suspend fun confirm(list: RemoteList) {
        repeat(5) {
            dao.update(list.copy(checking = true))
            Thread.sleep(3000)
        }
    }

    // Only local work each time round: the pause two calls down is on a
    // branch the saves do not take, so every item is its own transaction.
    suspend fun duplicate(items: List<Item>) {
        for (item in items) {
            saver.save(item.copy(id = 0))
        }
    }

    private suspend fun fetchAndApply(list: RemoteList): List<Item>? {
        val items = client.items(list.remoteId) ?: return null
        dao.update(list.copy(fetched = true))
        return items
    }
}
