package notes

// The app's own interface: only the app calls its implementations.
interface Importer {
    fun importAll(notes: List<Note>)
}
