package com.example.trails.settings

import android.annotation.SuppressLint
import android.content.SharedPreferences

// Code that silences Android Lint's ApplySharedPref has chosen commit() on purpose.
class AccountStore(private val prefs: SharedPreferences) {
    @SuppressLint("ApplySharedPref")
    fun signOut() {
        prefs.edit().clear().commit()
    }

    @Suppress("ApplySharedPref")
    fun forget(key: String) {
        prefs.edit().remove(key).commit()
    }
}

@SuppressLint("CommitPrefEdits", "ApplySharedPref")
class KioskStore(private val prefs: SharedPreferences) {
    fun lock() {
        prefs.edit().putBoolean("locked", true).commit()
    }
}
