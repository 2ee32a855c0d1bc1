package com.example.garden.store

import android.content.SharedPreferences
import android.util.Log
import mu.KotlinLogging
import timber.log.Timber

private const val TAG = "PlantStore"
private val logger = KotlinLogging.logger {}

class PlantStore(private val prefs: SharedPreferences) {
    // Each result below is written to the log and nothing else looks at it.
    fun setWatered(day: Int) {
        Log.d(TAG, "watered: " + prefs.edit().putInt("watered", day).commit()) // ~ prefs-commit
    }

    fun setSunlight(hours: Int) {
        val editor = prefs.edit().putInt("sunlight", hours)
        Timber.d("sunlight saved %s", editor.commit()) // ~ prefs-commit+
    }

    fun setSoil(kind: String) {
        println(prefs.edit().putString("soil", kind).commit()) // ~ prefs-commit+
    }

    fun setPot(size: Int) {
        val editor = prefs.edit()
        editor.putInt("pot", size)
        logger.info { "pot saved ${editor.commit()}" } // ~ prefs-commit+
    }

    fun setLabel(label: String) {
        val editor = prefs.edit().putString("label", label)
        Log.w(TAG, "commit=${editor.commit()}") // ~ prefs-commit+
    }

    // The condition only picks the message: still just a log line.
    fun setShade(shade: Boolean) {
        val editor = prefs.edit().putBoolean("shade", shade)
        Log.i(TAG, if (editor.commit()) "shade saved" else "shade not saved") // ~ prefs-commit+
    }

    fun setSpecies(species: String) {
        val editor = prefs.edit().putString("species", species)
        Timber.tag(TAG).v("species: %s", editor.commit().toString()) // ~ prefs-commit+
    }

    // Kept in a local that only the log reads.
    fun setMulch(depth: Int) {
        val saved = prefs.edit().putInt("mulch", depth).commit() // ~ prefs-commit+
        Timber.d("mulch saved: $saved")
    }
}

// The store comes from a helper declared to return SharedPreferences.
class HedgeStore(private val context: android.content.Context) {
    fun setHeight(height: Int) {
        height.let {
            val ok = store().edit().putInt("height", it).commit() // ~ prefs-commit
            Log.d(TAG, "height saved $ok")
        }
    }

    private fun store(): SharedPreferences = context.getSharedPreferences("hedge", 0)
}
