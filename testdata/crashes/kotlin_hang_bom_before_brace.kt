    init {
        db.execSQL(SCHEMA_PRAGMA)
        db.execSQL("CREATE TABLE photo (id INTEGER PRIMARY KEY, path TEXT NOT NULL)")
﻿    }
    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit
/** Switches an existing file, outside any transaction; the VACUUM applies the mode. */
fun migrateToAutoVacuum(db: SQLiteDatabase) {
    db.execSQL("PRAGMA auto_vacuum = 1") // ~ auto-vacuum-full
    db.execSQL("VACUUM")
}

fun createAlbums(db: SQLiteDatabase) {
    db.execSQL("pragma main.auto_vacuum(full)") // ~ auto-vacuum-full
    db.execSQL("CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT)")
}