package com.example.trails.settings

import android.content.SharedPreferences

// The caller picks the synchronous write or the background one: commit() is
// one of two writes of the same editor, chosen on purpose.
class QueueSettings(private val prefs: SharedPreferences) {
    fun setPosition(position: Int, now: Boolean) {
        val editor = prefs.edit()
        editor.putInt("position", position)
        if (now) {
            editor.commit()
        } else {
            editor.apply()
        }
    }

    fun setSpeed(speed: Float, beforeExit: Boolean) {
        if (beforeExit) prefs.edit().putFloat("speed", speed).commit() else prefs.edit().putFloat("speed", speed).apply()
    }
}
