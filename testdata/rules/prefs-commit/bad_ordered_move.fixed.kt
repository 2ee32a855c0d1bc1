import android.content.SharedPreferences
import androidx.core.content.edit

class TokenCleanup(private val secure: SharedPreferences) {
    // The later write goes to the same store: the commit orders nothing
    // apply() would not.
    fun rename(from: String, to: String) {
        val value = secure.getString(from, null) ?: return
        secure.edit { putString(to, value) } // ~ prefs-commit
        secure.edit { remove(from) }
    }

    // Nothing is written after it.
    fun store(key: String, value: String) {
        secure.edit { putString(key, value) } // ~ prefs-commit
    }
}
