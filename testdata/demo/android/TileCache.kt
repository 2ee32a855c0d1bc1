package com.trailmark.android.map

import android.content.Context
import android.database.sqlite.SQLiteDatabase
import android.database.sqlite.SQLiteOpenHelper
import android.util.Log
import java.io.File
import java.io.FileOutputStream

/**
 * Map tiles for offline hiking. Small tiles live in SQLite; large raster
 * packs are written as files next to it.
 */
class TileCache(private val context: Context) :
    SQLiteOpenHelper(context, "tiles.db", null, 1) {

    override fun onConfigure(db: SQLiteDatabase) {
        super.onConfigure(db)
        db.rawQuery("PRAGMA journal_mode = TRUNCATE", null).use { it.moveToFirst() }
    }

    override fun onCreate(db: SQLiteDatabase) {
        db.execSQL(
            "CREATE TABLE tile (z INTEGER NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL, " +
                "data BLOB NOT NULL, PRIMARY KEY (z, x, y))"
        )
    }

    override fun onUpgrade(db: SQLiteDatabase, oldVersion: Int, newVersion: Int) = Unit

    /** Saves a downloaded raster pack, one file per tile. */
    fun savePack(packId: String, tiles: Map<String, ByteArray>) {
        val dir = File(context.filesDir, "packs/$packId").apply { mkdirs() }
        tiles.forEach { (name, bytes) ->
            FileOutputStream(File(dir, name)).use { out ->
                out.write(bytes)
                out.fd.sync()
            }
        }
        Log.i(TAG, "saved ${tiles.size} tiles for pack $packId")
    }

    /** Writes the pack manifest once all tiles are on disk. */
    fun writeManifest(packId: String, names: List<String>) {
        val file = File(context.filesDir, "packs/$packId/manifest.txt")
        FileOutputStream(file).use { out ->
            for (name in names) {
                out.write((name + "\n").toByteArray())
            }
            // One sync for the whole manifest, after the loop.
            out.fd.sync()
        }
    }

    companion object {
        private const val TAG = "TileCache"
    }
}
