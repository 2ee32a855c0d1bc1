package org.example.mail

import android.database.sqlite.SQLiteDatabase

class Filing(private val db: SQLiteDatabase) {
    fun fileAway(folders: List<Folder>) {
        FolderPicker(folders).choose("File in") { folder, letter ->
            copyToFolders(folders, folder, letter)
        }
    }

    private fun copyToFolders(folders: List<Folder>, chosen: Folder, letter: Letter) {
        for (folder in folders) {
            db.insert("filed", null, filedRow(folder, chosen, letter))
        }
    }
}
