package org.example.lists

import kotlinx.coroutines.delay

class Reminders {
    // Speaks reminders one after another: a pause on a rare path, not a
    // wait every save makes.
    suspend fun announce(items: List<Item>, speak: Boolean) {
        if (speak) {
            items.forEach {
                delay(2000)
                println(it)
            }
        }
    }
}
