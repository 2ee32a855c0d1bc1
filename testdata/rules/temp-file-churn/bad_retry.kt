import java.io.File
import java.io.FileOutputStream

fun verified(file: File): Boolean = file.length() > 0

/** The early return carries a flag, not the probe file. */
fun probeEach(dir: File, chunks: List<ByteArray>): Boolean {
    val probe = File(dir, "probe.bin")
    for (chunk in chunks) {
        FileOutputStream(probe).use { it.write(chunk) } // ~ temp-file-churn
        if (!verified(probe)) return false
        probe.delete()
    }
    return true
}
