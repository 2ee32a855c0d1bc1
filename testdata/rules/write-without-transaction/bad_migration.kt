import android.database.sqlite.SQLiteDatabase
import androidx.room.migration.Migration
import androidx.sqlite.db.SupportSQLiteDatabase

// Named like a migration, but nothing runs it in a transaction.
class TagMover {
    fun migrate(db: SQLiteDatabase, ids: List<Long>) {
        for (id in ids) {
            db.execSQL("UPDATE tags SET moved = 1 WHERE id = $id") // ~ write-without-transaction?
        }
    }
}

// A method beside `migrate` in a migration class runs wherever it is called.
class TagMigration : Migration(5, 6) {
    override fun migrate(db: SupportSQLiteDatabase) {
        db.execSQL("ALTER TABLE tags ADD COLUMN seen INTEGER")
    }

    fun markAllSeen(db: SupportSQLiteDatabase, ids: List<Long>) {
        for (id in ids) {
            db.execSQL("UPDATE tags SET seen = 1 WHERE id = $id") // ~ write-without-transaction?
        }
    }
}
