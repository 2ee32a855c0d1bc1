package com.example.trails.settings

import android.content.SharedPreferences

// Each storlint-ignore comment covers the whole statement that starts on the
// line below it, however many lines the statement spans.
class SessionStore(private val prefs: SharedPreferences) {
    fun endSession() {
        // storlint-ignore prefs-commit -- the process is killed right after this write
        prefs.edit()
            .remove("session")
            .remove("token")
            .commit()
    }

    fun markCrashed() {
        // storlint-ignore: prefs-commit
        // The crash handler exits the process next: the write must land first.
        prefs.edit()
            .putBoolean("crashed", true)
            .commit()
    }

    fun resetAll() {
        // storlint-ignore prefs-commit, missing-wal
        prefs.edit().clear()
            .commit()
    }

    fun stamp() {
        prefs.edit() // storlint-ignore prefs-commit: written before the app restarts itself
            .putLong("stamp", 1L)
            .commit()
    }

    fun wipe() {
        // A bare marker covers every rule.
        // storlint-ignore
        prefs.edit()
            .clear()
            .commit()
    }
}
