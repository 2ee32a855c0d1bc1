package app.sync

import android.content.SharedPreferences

class SyncState(private val prefs: SharedPreferences) {
    /** Queued: several applies in a row are written to disk as one. */
    fun markSynced(folder: String, at: Long) {
        prefs.edit().putLong("synced_$folder", at).apply()
    }
}
