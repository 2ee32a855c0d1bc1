package org.example.lists

class ItemSaver(private val dao: ListDao, private val reminders: Reminders) {
    suspend fun save(item: Item) {
        dao.insertItem(item)
        reminders.announce(listOf(item), speak = false)
    }
}
