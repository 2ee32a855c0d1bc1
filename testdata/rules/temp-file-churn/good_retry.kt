import java.io.File
import java.io.FileOutputStream

fun verified(file: File): Boolean = file.length() > 0

/** Only the failed attempts are deleted; the one that verifies is returned. */
fun reserveUpload(dir: File, payload: ByteArray): File {
    var attempt = 0
    while (true) {
        attempt++
        val candidate = File(dir, "upload-$attempt.part")
        FileOutputStream(candidate).use { it.write(payload) }
        if (verified(candidate)) return candidate
        candidate.delete()
    }
}
