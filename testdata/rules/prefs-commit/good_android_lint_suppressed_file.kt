@file:SuppressLint("ApplySharedPref")

package com.example.trails.settings

import android.annotation.SuppressLint
import android.content.SharedPreferences

fun wipe(prefs: SharedPreferences) {
    prefs.edit().clear().commit()
}
