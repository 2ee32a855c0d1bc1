package notes

class NoteRequests {
    companion object {
        suspend fun fetch(id: Long): String = http.get("https://example.com/notes/$id")
    }
}
