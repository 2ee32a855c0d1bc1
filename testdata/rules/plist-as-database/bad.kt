import android.content.Context
import com.google.gson.Gson
import java.io.File
import java.io.FileOutputStream
import java.io.ObjectOutputStream
import kotlinx.serialization.encodeToString
import kotlinx.serialization.json.Json
import org.json.JSONObject

class FavoritesStore(context: Context, private val file: File) {
    private val gson = Gson()
    private val prefs = context.getSharedPreferences("favorites", Context.MODE_PRIVATE)

    // Every assignment re-encodes and rewrites the whole file.
    var favorites: List<String> = emptyList()
        set(value) {
            field = value
            file.writeText(gson.toJson(value)) // ~ plist-as-database
        }

    fun addAll(ids: List<String>, state: MutableMap<String, Int>) {
        for (id in ids) {
            state[id] = (state[id] ?: 0) + 1
            File(file.parentFile, "state.json").writeText(Json.encodeToString(state)) // ~ plist-as-database
        }
        ids.forEach { id ->
            state.remove(id)
            file.writeBytes(JSONObject(state as Map<*, *>).toString().toByteArray()) // ~ plist-as-database
        }
    }

    fun cache(entries: List<HashMap<String, String>>) {
        val all = ArrayList<HashMap<String, String>>()
        for (entry in entries) {
            all.add(entry)
            val out = ObjectOutputStream(FileOutputStream(file))
            out.writeObject(all) // ~ plist-as-database
            out.close()
        }
    }

    fun markSeen(ids: List<String>) {
        for (id in ids) {
            prefs.edit().putBoolean("seen_$id", true).apply() // ~ plist-as-database
        }
        ids.forEach { id ->
            prefs.edit { putLong("seen_at_$id", System.currentTimeMillis()) } // ~ plist-as-database
        }
        for (id in ids) {
            val removed = prefs.edit().remove("pending_$id").commit() // ~ plist-as-database
            if (!removed) return
        }
    }
}
