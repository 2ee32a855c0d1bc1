import android.database.sqlite.SQLiteDatabase
import okhttp3.OkHttpClient

// Each calendar is fetched over the network with the client handed to
// the helper (through a WebDAV library the catalog does not know): one
// transaction around the loop would hold the write lock across every
// request, and the one write per calendar is paced by them.
class CalendarSync(private val db: SQLiteDatabase, private val client: OkHttpClient) {
    fun syncAll(calendars: List<Calendar>) {
        for (calendar in calendars) {
            db.execSQL("DELETE FROM members WHERE calendar = ${calendar.id}")
            fetchChanges(calendar, client)
        }
    }

    private fun fetchChanges(calendar: Calendar, httpClient: OkHttpClient) {
        DavCollection(httpClient, calendar.url).propfind(1) { response, _ ->
            calendar.remember(response)
        }
    }
}
