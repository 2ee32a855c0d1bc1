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
        prefs.edit().putBoolean("metric", metric).apply() // ~ prefs-commit
    }

    fun setLastTrail(id: Long, name: String) {
        prefs.edit()
            .putLong("last_trail_id", id)
            .putString("last_trail_name", name)
            .apply() // ~ prefs-commit+
    }

    fun reset() {
        val editor = prefs.edit()
        editor.clear()
        editor.apply() // ~ prefs-commit+
    }

    fun setTheme(theme: String) {
        PreferenceManager.getDefaultSharedPreferences(context)
            .edit()
            .putString("theme", theme)
            .apply() // ~ prefs-commit+
    }

    fun setZoom(zoom: Float) {
        context.getSharedPreferences("map", Context.MODE_PRIVATE).edit().putFloat("zoom", zoom).apply() // ~ prefs-commit+
    }

    fun setTags(tags: Set<String>) {
        if (tags.isNotEmpty()) {
            prefs.edit().putStringSet("tags", tags).apply() // ~ prefs-commit+
        } else {
            prefs.edit().remove("tags").apply() // ~ prefs-commit+
        }
    }

    fun setOffline(offline: Boolean) {
        prefs.edit { putBoolean("offline", offline) } // ~ prefs-commit+
    }

    fun setRadius(radius: Int) {
        prefs.edit().apply { putInt("radius", radius) }.apply() // ~ prefs-commit+
    }
}

fun rememberTab(editor: SharedPreferences.Editor, tab: Int) {
    editor.putInt("tab", tab)
    editor.apply() // ~ prefs-commit
}

fun bindToggle(button: View, prefs: SharedPreferences) {
    button.setOnClickListener {
        prefs.edit().putBoolean("shown", true).apply() // ~ prefs-commit
    }
}

fun onAction(prefs: SharedPreferences, action: Int) {
    when (action) {
        0 -> prefs.edit().clear().apply() // ~ prefs-commit
        else -> prefs.edit().putInt("action", action).apply() // ~ prefs-commit
    }
}
