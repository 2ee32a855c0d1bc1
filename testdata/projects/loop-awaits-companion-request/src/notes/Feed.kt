package notes

// Another `fetch`, of another type: the loop's call cannot reach it.
class Feed {
    fun fetch(id: Long): String = ""
}
