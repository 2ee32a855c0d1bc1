package com.example.trails.settings

import android.content.SharedPreferences

// A reason never widens a marker, and prose never becomes a rule list or
// "every rule": these commits stay reported.
class DraftStore(private val prefs: SharedPreferences) {
    fun saveDraft(text: String) {
        // storlint-ignore Because the OS may kill us at any moment // ~ storlint
        prefs.edit()
            .putString("draft", text)
            .apply() // ~ prefs-commit
    }

    fun clearDraft() {
        // storlint-ignore missing-wal -- prefs-commit is fine here, says the reason
        prefs.edit()
            .remove("draft")
            .apply() // ~ prefs-commit+
    }

    fun saveTitle(title: String) {
        // storlint-ignore prefs-comit // ~ storlint
        prefs.edit()
            .putString("title", title)
            .apply() // ~ prefs-commit+
    }

    fun saveCursor(cursor: Int) {
        // storlint-ignore (prefs-commit) // ~ storlint
        prefs.edit().putInt("cursor", cursor).apply() // ~ prefs-commit+
    }

    fun saveBoth(a: Int, b: Int) {
        // storlint-ignore prefs-commit
        prefs.edit().putInt("a", a).commit()

        // A blank line ends what the marker above governs.
        prefs.edit().putInt("b", b).apply() // ~ prefs-commit+
    }
}
