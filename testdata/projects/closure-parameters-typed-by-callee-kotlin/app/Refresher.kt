package org.example.feeds

class Refresher(private val store: FeedStore) {
    fun refresh(titles: List<String>, tags: List<String>) {
        store.batched { it.saveEntries(titles) }
        store.direct { writer -> writer.saveTags(tags) }
    }
}
