package notes

// Joins a later pass for `pin`; `pinAll` names only `Board.show`, a
// function the pass after next finds to write: its body is read then.
class Pins(private val dao: NoteDao, private val board: Board) {
    fun pinOne(id: Long) {
        dao.pin(id)
    }

    fun pinAll(ids: List<Long>) {
        for (id in ids) {
            board.show(id)
        }
        board.title = "Pinned ${ids.size} notes"
        board.subtitle = "Pinned notes stay at the top of every list"
    }
}
