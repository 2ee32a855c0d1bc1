package com.example.trails.settings

import android.content.SharedPreferences

class PlayerSettings(private val prefs: SharedPreferences, private val cache: SharedPreferences) {
    // apply() on another editor is no choice between the two writes.
    fun setVolume(volume: Int) {
        val editor = prefs.edit()
        val cacheEditor = cache.edit()
        editor.putInt("volume", volume)
        cacheEditor.putInt("volume", volume)
        editor.apply() // ~ prefs-commit
        cacheEditor.apply()
    }

    // apply() in another function does not make this commit() a choice.
    fun setMuted(muted: Boolean) {
        val editor = prefs.edit()
        editor.putBoolean("muted", muted)
        editor.apply() // ~ prefs-commit
    }

    fun setMutedLater(muted: Boolean) {
        val editor = prefs.edit()
        editor.putBoolean("muted", muted)
        editor.apply()
    }
}
