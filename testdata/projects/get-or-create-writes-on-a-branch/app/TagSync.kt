package org.example.tags

class TagSync(private val tagDao: TagDao) {
    suspend fun pull(remote: List<Pair<String, Int>>) {
        for ((name, color) in remote) {
            tagDao.getOrCreate(name, color)
        }
    }

    suspend fun replay(names: List<String>) {
        for (name in names) {
            tagDao.recordUse(name)
        }
    }
}
