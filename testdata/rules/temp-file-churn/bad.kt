import java.io.File
import java.io.FileOutputStream

fun upload(file: File) {}

fun uploadAll(chunks: List<ByteArray>, cacheDir: File) {
    for (chunk in chunks) {
        val tmp = File.createTempFile("chunk", ".bin", cacheDir) // ~ temp-file-churn
        tmp.writeBytes(chunk)
        upload(tmp)
        tmp.delete()
    }
    val scratch = File(cacheDir, "scratch.bin")
    chunks.forEach { chunk ->
        FileOutputStream(scratch).use { it.write(chunk) } // ~ temp-file-churn
        upload(scratch)
        scratch.delete()
    }
}
