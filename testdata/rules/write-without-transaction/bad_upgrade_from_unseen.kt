import android.content.ContentValues
import android.database.sqlite.SQLiteDatabase

// The same upgrade run by the project's own code on a database it opened
// itself, outside any transaction: each update commits on its own (a
// one-shot job, so a hint).
object LedgerUpgrades {
    fun upgradeLedger(db: SQLiteDatabase) {
        if (db.version < 7) SplitEntries(db).run()
    }
}

class SplitEntries(private val db: SQLiteDatabase) {
    fun run() {
        val ids = mutableListOf<Long>()
        for (id in ids) {
            val values = ContentValues().apply { put("split", 1) }
            db.update("labels", values, "id = ?", arrayOf(id.toString())) // ~ write-without-transaction?
        }
    }
}

class LedgerStore(private val path: String) {
    fun open(): SQLiteDatabase {
        val db = SQLiteDatabase.openOrCreateDatabase(path, null)
        db.enableWriteAheadLogging()
        LedgerUpgrades.upgradeLedger(db)
        return db
    }
}

// A function merely named for an upgrade, handed a database, is not run
// by the framework when the project calls it itself, nor when nothing
// says Java calls it.
class Settings(private val db: SQLiteDatabase) {
    fun upgradeFlags(flags: List<String>) {
        for (flag in flags) {
            db.execSQL("UPDATE flags SET on = 1 WHERE name = '$flag'") // ~ write-without-transaction?
        }
    }

    fun refresh(flags: List<String>) {
        upgradeFlags(flags)
    }
}

object Cleanup {
    fun upgradeTrash(db: SQLiteDatabase, ids: List<Long>) {
        for (id in ids) {
            db.execSQL("DELETE FROM trash WHERE id = $id") // ~ write-without-transaction?
        }
    }
}
