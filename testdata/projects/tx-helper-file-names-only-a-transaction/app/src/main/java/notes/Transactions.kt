package notes

import android.database.sqlite.SQLiteDatabase

// Names a transaction and nothing else of storage: found from the loop
// whose closure is handed to it, not for its own words.
fun SQLiteDatabase.inTransaction(block: () -> Unit) {
    beginTransaction()
    try {
        block()
        setTransactionSuccessful()
    } finally {
        endTransaction()
    }
}
