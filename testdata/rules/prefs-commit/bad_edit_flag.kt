package com.example.trails.sync

import android.content.SharedPreferences
import androidx.core.content.edit

/** The KTX `edit` block asked to commit: the flag is dropped where it stands alone. */
class SyncState(private val prefs: SharedPreferences) {
    fun markSynced(at: Long) {
        prefs.edit(true) { putLong("synced_at", at) } // ~ prefs-commit
    }

    fun markFailed(reason: String) {
        prefs.edit (commit = true) { // ~ prefs-commit+
            putString("failure", reason)
        }
    }

    fun reset() {
        prefs.edit(commit = true, action = { clear() }) // ~ prefs-commit+
    }

    fun markPending() {
        prefs.edit(commit = true /* before the worker starts */) { putBoolean("pending", true) } // ~ prefs-commit+
    }
}
