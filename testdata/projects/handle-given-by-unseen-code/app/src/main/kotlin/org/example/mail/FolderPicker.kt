package org.example.mail

// A project class that names no storage: the closure it is handed is
// given values, not a database, and the project holds its declaration.
class FolderPicker(private val folders: List<Folder>) {
    fun choose(title: String, callback: (Folder, Letter) -> Unit) {
        show(title, folders, callback)
    }
}
