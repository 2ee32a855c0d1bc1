package com.example.trails.settings

import android.content.Context
import android.content.SharedPreferences
import androidx.core.content.edit
import androidx.fragment.app.FragmentActivity
import com.jakewharton.disklrucache.DiskLruCache

class SettingsStore(private val context: Context) {
    private val prefs: SharedPreferences =
        context.getSharedPreferences("settings", Context.MODE_PRIVATE)

    // apply() writes the file in the background.
    fun setUnits(metric: Boolean) {
        prefs.edit().putBoolean("metric", metric).apply()
    }

    // The KTX edit { } commits with apply() by default.
    fun setOffline(offline: Boolean) {
        prefs.edit { putBoolean("offline", offline) }
    }

    // commit = false is apply().
    fun setZoom(zoom: Float) {
        prefs.edit(commit = false) { putFloat("zoom", zoom) }
    }

    // The result is returned: the caller wants to know the write succeeded.
    fun saveToken(token: String): Boolean {
        return prefs.edit().putString("token", token).commit()
    }

    // An expression body returns the result too.
    fun clearAll() = prefs.edit().clear().commit()

    // The result is checked.
    fun migrate() {
        if (!prefs.edit().putInt("schema", 2).commit()) {
            throw IllegalStateException("could not save the schema version")
        }
    }

    // The result is kept and checked.
    fun saveName(name: String) {
        val saved = prefs.edit().putString("name", name).commit()
        check(saved) { "name not saved" }
    }

    // The result is handed on as an argument.
    fun saveAndReport(id: Long) {
        report(prefs.edit().putLong("id", id).commit())
    }

    private fun report(ok: Boolean) {}
}

// A FragmentTransaction's commit() is not a preferences write.
fun showDetails(activity: FragmentActivity, fragment: androidx.fragment.app.Fragment) {
    activity.supportFragmentManager.beginTransaction()
        .replace(android.R.id.content, fragment)
        .commit()
}

// DiskLruCache.Editor.commit() publishes a cache entry.
fun putBlob(cache: DiskLruCache, key: String, bytes: ByteArray) {
    val editor = cache.edit(key) ?: return
    editor.newOutputStream(0).use { it.write(bytes) }
    editor.commit()
}

// A database transaction's commit() is not a preferences write either.
interface Transaction {
    fun commit()
}

fun finish(tx: Transaction) {
    tx.commit()
}
