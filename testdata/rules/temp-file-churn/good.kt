import android.database.sqlite.SQLiteDatabase
import java.io.File
import java.io.RandomAccessFile
import java.nio.file.Files

fun upload(file: File) {}

// Fine: one scratch file created before the loop and reused.
fun uploadAll(chunks: List<ByteArray>, cacheDir: File) {
    val scratch = File.createTempFile("chunk", ".bin", cacheDir)
    RandomAccessFile(scratch, "rw").use { raf ->
        for (chunk in chunks) {
            raf.setLength(0)
            raf.write(chunk)
            upload(scratch)
        }
    }
    scratch.delete()
}

// Fine: `delete` on a database is SQL, not a file deletion (and the
// deletes share one transaction).
fun cacheAll(db: SQLiteDatabase, names: List<String>, dir: File, data: ByteArray) {
    db.transaction {
        for (name in names) {
            File(dir, name).writeBytes(data)
            db.delete("pending", "name = ?", arrayOf(name))
        }
    }
}

// Fine: a cleanup loop deletes files created elsewhere.
fun clean(dir: File) {
    dir.listFiles()?.forEach { it.delete() }
    for (path in Files.list(dir.toPath())) {
        Files.deleteIfExists(path)
    }
}

// Fine: created in the loop, each one kept; deleted together later.
fun exportAll(chunks: List<ByteArray>, dir: File) {
    val written = ArrayList<File>()
    for ((index, chunk) in chunks.withIndex()) {
        val file = File(dir, "$index.bin")
        file.writeBytes(chunk)
        written.add(file)
    }
    for (file in written) {
        Files.deleteIfExists(file.toPath())
    }
}

// Fine: a single create and delete outside any loop.
fun once(dir: File) {
    val marker = File(dir, "marker")
    marker.createNewFile()
    marker.delete()
}
