package com.example.trails.settings

import android.content.Context
import android.content.SharedPreferences
import android.view.View
import androidx.core.content.edit
import androidx.preference.PreferenceManager

class SettingsStore(private val context: Context) {
    private val prefs: SharedPreferences =
        context.getSharedPreferences("settings", Context.MODE_PRIVATE)

    fun setUnits(metric: Boolean) {
        prefs.edit().putBoolean("metric", metric).commit() // ~ prefs-commit
    }

    fun setLastTrail(id: Long, name: String) {
        prefs.edit()
            .putLong("last_trail_id", id)
            .putString("last_trail_name", name)
            .commit() // ~ prefs-commit+
    }

    fun reset() {
        val editor = prefs.edit()
        editor.clear()
        editor.commit() // ~ prefs-commit+
    }

    fun setTheme(theme: String) {
        PreferenceManager.getDefaultSharedPreferences(context)
            .edit()
            .putString("theme", theme)
            .commit() // ~ prefs-commit+
    }

    fun setZoom(zoom: Float) {
        context.getSharedPreferences("map", Context.MODE_PRIVATE).edit().putFloat("zoom", zoom).commit() // ~ prefs-commit+
    }

    fun setTags(tags: Set<String>) {
        if (tags.isNotEmpty()) {
            prefs.edit().putStringSet("tags", tags).commit() // ~ prefs-commit+
        } else {
            prefs.edit().remove("tags").commit() // ~ prefs-commit+
        }
    }

    fun setOffline(offline: Boolean) {
        prefs.edit(commit = true) { putBoolean("offline", offline) } // ~ prefs-commit+
    }

    fun setRadius(radius: Int) {
        prefs.edit().apply { putInt("radius", radius) }.commit() // ~ prefs-commit+
    }
}

fun rememberTab(editor: SharedPreferences.Editor, tab: Int) {
    editor.putInt("tab", tab)
    editor.commit() // ~ prefs-commit
}

fun bindToggle(button: View, prefs: SharedPreferences) {
    button.setOnClickListener {
        prefs.edit().putBoolean("shown", true).commit() // ~ prefs-commit
    }
}

fun onAction(prefs: SharedPreferences, action: Int) {
    when (action) {
        0 -> prefs.edit().clear().commit() // ~ prefs-commit
        else -> prefs.edit().putInt("action", action).commit() // ~ prefs-commit
    }
}
