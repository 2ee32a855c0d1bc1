package shelf

import android.app.Activity
import android.database.sqlite.SQLiteDatabase

class ShelfActivity : Activity() {
    fun onResetClicked(db: SQLiteDatabase) {
        Seeder(db).seedSamples(listOf("One", "Two"))
    }
}
