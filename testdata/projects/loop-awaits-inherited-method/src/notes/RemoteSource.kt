package notes

open class RemoteSource(private val http: HttpClient) {
    suspend fun download(note: Note): Note = http.get(note.url)
}
