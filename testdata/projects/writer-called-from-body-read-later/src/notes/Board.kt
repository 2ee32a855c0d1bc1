package notes

class Board(private val pins: Pins) {
    fun show(id: Long) {
        pins.pinOne(id)
    }
}
