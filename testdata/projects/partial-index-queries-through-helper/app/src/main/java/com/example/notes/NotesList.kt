package com.example.notes

/** The notes list reads only unarchived notes, through the app's helper. */
class NotesList(private val db: Db) {
    fun titles(): List<String> {
        val titles = mutableListOf<String>()
        db.query("SELECT title FROM notes WHERE archived = 0") { titles.add(it.getString(0)) }
        return titles
    }

    fun count(): Int {
        var count = 0
        db.query("SELECT count(*) FROM notes WHERE archived = 0") { count = it.getInt(0) }
        return count
    }
}
