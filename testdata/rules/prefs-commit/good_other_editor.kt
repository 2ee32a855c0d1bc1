package com.example.trails.notes

import com.example.trails.text.Editor

// This file does not import android.content.SharedPreferences: its Editor
// is a text editor, and committing its edits writes no preferences.
class NoteScreen(private val editor: Editor) {
    fun save() {
        editor.commit()
    }
}

fun saveAll(editors: List<Editor>) {
    for (editor in editors) {
        editor.commit()
    }
}
