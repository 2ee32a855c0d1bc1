import android.database.sqlite.SQLiteDatabase
import org.example.net.Mailbox

// A closure handed to an unseen call does not hide a loop's writes unless
// the closure is given the handle the writes use.
class Fetcher(private val db: SQLiteDatabase, private val mailbox: Mailbox) {
    // The closure is given the response; the writes go to the class's own
    // connection, outside any transaction.
    fun download() {
        mailbox.fetch { response ->
            for (letter in response.letters) {
                db.insert("letters", null, letter.row()) // ~ write-without-transaction
            }
        }
    }

    // A helper handed the scope's handle in one place and the class's own
    // connection in another is not always inside the scope.
    fun relabel(letterId: Long, labels: List<String>) {
        mailbox.withDatabase { handle ->
            replaceLabels(handle, letterId, labels)
        }
        replaceLabels(db, letterId, labels)
    }

    private fun replaceLabels(database: SQLiteDatabase, letterId: Long, labels: List<String>) {
        for (label in labels) {
            database.insert("labels", null, labelRow(letterId, label)) // ~ write-without-transaction
        }
    }
}
