import android.content.SharedPreferences
import androidx.core.content.edit

// Moving a secret from one store to another: the commit puts the copy on
// disk before the original is removed from the other file. With apply()
// the two files are written in the background in no set order, and a
// crash between them could lose both copies.
class TokenMigration(
    private val legacy: SharedPreferences,
    private val secure: SharedPreferences,
) {
    fun moveToken(key: String) {
        val value = legacy.getString(key, null) ?: return
        secure.edit(commit = true) { putString(key, value) }
        legacy.edit { remove(key) }
    }

    fun moveFlag(key: String) {
        secure.edit().putBoolean(key, legacy.getBoolean(key, false)).commit()
        legacy.edit().remove(key).apply()
    }
}
