package com.example.trails.data

import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper

class TrackMaintenance(private val helper: SQLiteOpenHelper) {

    fun deleteTrack(id: Long) {
        val db = helper.writableDatabase
        db.delete("track", "id = ?", arrayOf(id.toString()))
        db.execSQL("VACUUM") // ~ full-vacuum
    }

    fun compactMain() {
        helper.writableDatabase.execSQL("vacuum main") // ~ full-vacuum
    }

    fun compactWithCursor() {
        helper.writableDatabase.rawQuery("VACUUM", null).use { it.moveToFirst() } // ~ full-vacuum
    }

    fun compactCompiled() {
        val stmt = helper.writableDatabase.compileStatement("Vacuum") // ~ full-vacuum
        stmt.execute()
        stmt.close()
    }

    fun purgeAndCompact(db: SQLiteDatabase) {
        db.execSQL("DELETE FROM point WHERE track_id NOT IN (SELECT id FROM track)")
        db.execSQL(
            """
            VACUUM -- ~ full-vacuum
            """.trimIndent()
        )
    }
}

fun compactOnLowStorage(db: SQLiteDatabase, lowStorage: Boolean) {
    if (lowStorage) {
        db.execSQL("VACUUM;") // ~ full-vacuum
    }
}
