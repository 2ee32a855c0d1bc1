package com.trailmark.android.settings

import android.content.ContentValues
import android.content.Context
import android.content.SharedPreferences
import android.database.sqlite.SQLiteDatabase

/** User settings and the offline waypoint list. */
class SettingsStore(context: Context, private val db: SQLiteDatabase) {

    private val prefs: SharedPreferences =
        context.getSharedPreferences("trailmark", Context.MODE_PRIVATE)

    fun setUnits(metric: Boolean) {
        prefs.edit().putBoolean("metric", metric).commit()
    }

    fun rememberRecentPeaks(peaks: List<String>) {
        for ((index, peak) in peaks.withIndex()) {
            prefs.edit().putString("recent_peak_$index", peak).apply()
        }
    }

    fun saveWaypoints(waypoints: List<Waypoint>) {
        for (waypoint in waypoints) {
            val values = ContentValues().apply {
                put("name", waypoint.name)
                put("lat", waypoint.lat)
                put("lon", waypoint.lon)
            }
            db.insert("waypoint", null, values)
        }
    }

    fun setTheme(dark: Boolean) {
        // apply() writes in the background: fine.
        prefs.edit().putBoolean("dark", dark).apply()
    }
}

data class Waypoint(val name: String, val lat: Double, val lon: Double)
