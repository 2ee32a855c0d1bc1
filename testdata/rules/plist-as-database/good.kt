import android.content.Context
import android.os.Handler
import android.os.Looper
import com.google.gson.Gson
import java.io.ByteArrayOutputStream
import java.io.File
import java.io.ObjectOutputStream
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.debounce
import kotlinx.serialization.encodeToString
import kotlinx.serialization.json.Json

class Note(val id: String, val text: String)

class FavoritesStore(context: Context, private val file: File, private val dir: File) {
    private val gson = Gson()
    private val handler = Handler(Looper.getMainLooper())
    private val prefs = context.getSharedPreferences("favorites", Context.MODE_PRIVATE)

    // Fine: the write is posted later, once per burst of changes.
    var favorites: List<String> = emptyList()
        set(value) {
            field = value
            handler.removeCallbacksAndMessages(null)
            handler.postDelayed({ file.writeText(gson.toJson(value)) }, 500)
        }

    // Fine: a getter does not run per change.
    val snapshot: String
        get() = gson.toJson(favorites)

    // Fine: the setter writes a plain line, not a serialized document.
    var lastError: String = ""
        set(value) {
            field = value
            File(dir, "last-error.txt").writeText(value)
        }

    // Fine: a debounced flow writes once per quiet period.
    suspend fun persist(changes: Flow<List<String>>) {
        changes.debounce(500).collect { file.writeText(gson.toJson(it)) }
    }

    // Fine: one write after building the data.
    fun addAll(ids: List<String>, state: MutableMap<String, Int>) {
        for (id in ids) {
            state[id] = (state[id] ?: 0) + 1
        }
        file.writeText(Json.encodeToString(state))
    }

    // Fine: a different file per iteration.
    fun export(notes: List<Note>) {
        for (note in notes) {
            val target = File(dir, "${note.id}.json")
            target.writeText(gson.toJson(note))
        }
        notes.forEach { File(dir, it.id + ".json").writeText(gson.toJson(it)) }
        for (i in notes.indices) {
            File(dir, "part$i.json").writeText(gson.toJson(notes[i]))
        }
        repeat(notes.size) { File(dir, "copy$it.json").writeText(gson.toJson(notes[it])) }
    }

    // Fine: serialized into memory, not into a file.
    fun sizes(entries: List<HashMap<String, String>>): List<Int> {
        val sizes = ArrayList<Int>()
        for (entry in entries) {
            val bytes = ByteArrayOutputStream()
            ObjectOutputStream(bytes).writeObject(entry)
            sizes.add(bytes.size())
        }
        return sizes
    }

    // Fine: one editor and one apply() after the loop; `apply { }` as a
    // scope function on a list is no preference write.
    fun markSeen(ids: List<String>) {
        val editor = prefs.edit()
        val seen = ArrayList<String>()
        for (id in ids) {
            editor.putBoolean("seen_$id", true)
            seen.apply { add(id) }
        }
        editor.apply()
    }
}

// Fine: the disk cache is written by a coroutine started through the app's
// own launcher, after cancelling the pending one and a quiet second: a loop
// of changes writes the file once.
class ShelfCache(private val scope: CoroutineScope, private val cacheFile: File) {
    private val gson = Gson()
    private val shelves = mutableListOf<String>()
    private var writeJob: Job? = null

    fun removeAll(names: List<String>) {
        for (name in names) {
            shelves.remove(name)
            scheduleWrite()
        }
    }

    private fun scheduleWrite() {
        writeJob?.cancel()
        writeJob = scope.launchIO {
            delay(1000)
            cacheFile.writeText(gson.toJson(shelves))
        }
    }
}

// Fine: the loop builds one row per option; each row's tap handler writes
// the choice, once per tap, never once per row.
class UnitPicker(context: Context) {
    private val prefs = context.getSharedPreferences("units", Context.MODE_PRIVATE)

    fun rows(options: List<String>): List<Row> {
        val rows = mutableListOf<Row>()
        options.forEach { option ->
            rows += Row(option, Modifier.clickable { prefs.edit().putString("unit", option).apply() })
        }
        return rows
    }

    fun bind(views: List<TextView>) {
        for (view in views) {
            view.setOnClickListener { prefs.edit().putString("unit", view.text.toString()).apply() }
        }
    }
}
