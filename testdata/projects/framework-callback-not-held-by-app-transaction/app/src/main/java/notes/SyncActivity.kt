package notes

import android.database.sqlite.SQLiteDatabase
import android.os.Bundle
import androidx.appcompat.app.AppCompatActivity

// The framework calls onCreate, with no transaction of the app's around
// it: the loop writes a row per note outside any transaction.
open class SyncActivity : AppCompatActivity() {
    lateinit var db: SQLiteDatabase
    var pending: List<Note> = emptyList()

    override fun onCreate(state: Bundle?) {
        super.onCreate(state)
        for (note in pending) {
            db.insert("notes", null, note.values())
        }
    }
}
