package com.example.garden.store

import android.content.SharedPreferences
import android.util.Log
import timber.log.Timber

private const val TAG = "SeedStore"

class SeedStore(private val prefs: SharedPreferences) {
    // The result is tested; the log only reports the failure.
    fun setPlanted(day: Int) {
        val editor = prefs.edit().putInt("planted", day)
        if (!editor.commit()) {
            Log.e(TAG, "could not save the planting day")
        }
    }

    fun setSeeds(count: Int) {
        check(prefs.edit().putInt("seeds", count).commit())
    }

    fun setHarvest(day: Int): Boolean {
        val saved = prefs.edit().putInt("harvest", day).commit()
        Log.d(TAG, "harvest saved: $saved")
        if (!saved) {
            Timber.w("harvest day kept in memory only")
        }
        return saved
    }

    fun setRow(row: Int): Boolean {
        return prefs.edit().putInt("row", row).commit()
    }

    // Logged and tested at once: the test acts on it.
    fun setBed(bed: String): Boolean {
        val editor = prefs.edit().putString("bed", bed)
        return editor.commit().also { saved -> Log.d(TAG, "bed saved: $saved") }
    }

    fun setTray(tray: Int) {
        val editor = prefs.edit().putInt("tray", tray)
        Log.d(TAG, "tray saved: " + editor.commit().also { if (!it) retryLater() })
    }

    // A function that is no logger takes the result somewhere.
    fun setLight(light: Int) {
        val editor = prefs.edit().putInt("light", light)
        report(TAG, "light saved: ${editor.commit()}")
    }

    private fun retryLater() {}

    private fun report(tag: String, message: String) {
        Log.d(tag, message)
    }

    // Kept in a local, logged, and returned.
    fun setCompost(kind: String): Boolean {
        val ok = prefs.edit().putString("compost", kind).commit()
        Log.d(TAG, "compost saved $ok")
        return ok
    }
}

// A helper that returns a disk cache's editor: its commit() is no preferences write.
class CuttingCache(private val cache: DiskCache) {
    fun put(key: String, bytes: ByteArray) {
        val ok = editor(key).commit()
        Log.d(TAG, "cutting cached $ok")
    }

    private fun editor(key: String): DiskCache.Editor = cache.edit(key)
}

class DiskCache {
    fun edit(key: String): Editor = Editor()

    class Editor {
        fun commit(): Boolean = true
    }
}

