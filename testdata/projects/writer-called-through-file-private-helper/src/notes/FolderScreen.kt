package notes

// Names no storage API: a later pass reads it for its calls of the DAO.
class FolderScreen(private val dao: NoteDao, private val view: FolderView) {
    fun onEmptyFolder(folder: Long) {
        for (note in dao.inFolder(folder)) {
            forget(note)
        }
    }

    // Reaches the DAO's write only through `forget`.
    fun onShown(folder: Long) {
        view.title = "Folder $folder"
        view.subtitle = "Notes kept in folder $folder, newest first"
        view.emptyText = "Nothing in this folder yet"
        view.count = dao.inFolder(folder).size
        view.showsCount = view.count > 0
        view.refresh()
    }

    private fun forget(note: Note) {
        dao.deleteById(note.id)
        view.remove(note.id)
    }
}
