package notes

class Api(private val http: HttpClient) {
    suspend fun download(note: Note): Note {
        return http.get(note.url)
    }
}
