package db.developer

import android.content.Context

// A developer screen, opened by hand from a hidden menu: not production work.
class FakeDataPanel(private val context: Context) {
    fun fillPrefs(count: Int) {
        val prefs = context.getSharedPreferences("notes", Context.MODE_PRIVATE)
        prefs.edit().putInt("fake_count", count).commit()
    }
}
