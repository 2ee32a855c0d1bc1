package org.example.mail

import android.database.sqlite.SQLiteDatabase
import org.example.storage.GuardedDatabase

// GuardedDatabase is declared in no file storlint reads (a Java class of
// the app, or a library's): the transaction around the closure it hands
// the database to is its own business.
class Mailbox(private val guarded: GuardedDatabase) {
    fun store(letters: List<Letter>) {
        guarded.withDatabase(true) { handle ->
            for (letter in letters) {
                handle.insert("letters", null, letter.row())
            }
        }
    }

    fun relabel(letterId: Long, labels: List<String>) {
        guarded.withDatabase(true) { handle ->
            Labels.replace(handle, letterId, labels)
        }
    }
}
