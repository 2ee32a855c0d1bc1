import android.database.sqlite.SQLiteDatabase
import okhttp3.OkHttpClient

// The helper is handed the calendar only: nothing says it waits on the
// network, and the loop's deletes each commit on their own.
class CalendarCleanup(private val db: SQLiteDatabase, private val client: OkHttpClient) {
    fun pruneAll(calendars: List<Calendar>) {
        for (calendar in calendars) {
            db.execSQL("DELETE FROM members WHERE calendar = ${calendar.id}") // ~ write-without-transaction
            summarize(calendar)
        }
    }

    private fun summarize(calendar: Calendar) {
        calendar.recount()
    }
}
