package app.sync

import android.content.SharedPreferences

class SyncState(private val prefs: SharedPreferences) {
    fun markSynced(folder: String, at: Long): Boolean {
        return prefs.edit().putLong("synced_$folder", at).commit()
    }
}
