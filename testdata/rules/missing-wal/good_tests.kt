import android.database.sqlite.SQLiteDatabase
import org.junit.Before
import org.junit.Test

class StoreCheck {
    private lateinit var db: SQLiteDatabase

    @Before
    fun setUp() {
        db = SQLiteDatabase.openOrCreateDatabase("/tmp/check.db", null)
    }

    @Test
    fun inserts() {}
}
