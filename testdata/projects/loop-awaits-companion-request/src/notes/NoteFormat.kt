package notes

object NoteFormat {
    fun check(body: String) {
        require(body.isNotEmpty())
    }
}
