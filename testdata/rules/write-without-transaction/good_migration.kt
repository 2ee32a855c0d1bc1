import androidx.room.migration.Migration
import androidx.sqlite.db.SupportSQLiteDatabase

// Room runs every migration inside one transaction.
val MIGRATION_3_4 = object : Migration(3, 4) {
    override fun migrate(db: SupportSQLiteDatabase) {
        db.execSQL("ALTER TABLE tags ADD COLUMN normalized TEXT")
        for (id in 1..100L) {
            db.execSQL("UPDATE tags SET normalized = lower(name) WHERE id = $id")
        }
    }
}

// A project helper that builds Room migrations from lambdas: the lambda
// runs inside `migrate`, in Room's transaction.
fun migration(from: Int, to: Int, body: (SupportSQLiteDatabase) -> Unit): Migration =
    object : Migration(from, to) {
        override fun migrate(db: SupportSQLiteDatabase) {
            body(db)
        }
    }

val MIGRATION_4_5 = migration(4, 5) { db ->
    for (id in 1..100L) {
        db.execSQL("UPDATE tags SET color = 0 WHERE id = $id")
    }
}
