import android.database.sqlite.SQLiteDatabase
import org.example.storage.GuardedDatabase

// The database handle arrives as the parameter of a closure handed to a
// class this project does not hold (written in Java, or in a library):
// whether that class opens a transaction around the closure is decided
// where it is defined. Guessing "no transaction" is how a linter reports
// loops that already run in one.
class Inbox(private val guarded: GuardedDatabase) {
    fun store(letters: List<Letter>) {
        guarded.withDatabase(true) { handle ->
            for (letter in letters) {
                handle.insert("letters", null, letter.row())
            }
        }
    }

    // The handle passed on to a helper, which loops itself: the helper is
    // only ever called inside the unseen scope.
    fun relabel(letterId: Long, labels: List<String>) {
        guarded.withDatabase(true) { handle ->
            replaceLabels(handle, letterId, labels)
        }
    }

    private fun replaceLabels(database: SQLiteDatabase, letterId: Long, labels: List<String>) {
        for (label in labels) {
            database.insert("labels", null, labelRow(letterId, label))
        }
    }
}
