package com.example.trails.settings

import android.annotation.SuppressLint
import android.content.SharedPreferences

class ProfileStore(private val prefs: SharedPreferences) {
    // Another lint check's suppression does not cover this one.
    @SuppressLint("CommitPrefEdits")
    fun rename(name: String) {
        prefs.edit().putString("name", name).apply() // ~ prefs-commit
    }

    @SuppressLint("ApplySharedPref")
    fun reset() {
        prefs.edit().clear().commit()
    }

    // The suppression on reset() does not reach its neighbour.
    fun touch() {
        prefs.edit().putLong("touched", 1L).apply() // ~ prefs-commit
    }
}
