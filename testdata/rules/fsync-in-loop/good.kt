package com.example.trails.io

import android.util.Log
import java.io.File
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.RandomAccessFile

class PointLogWriter(private val file: File) {

    // One sync after the whole batch.
    fun append(points: List<String>) {
        FileOutputStream(file, true).use { out ->
            for (point in points) {
                out.write((point + "\n").toByteArray())
            }
            out.fd.sync()
        }
    }
}

// The helper syncs the stream it is handed, and each iteration hands it
// another file: every file is made durable once.
fun persist(out: FileOutputStream, bytes: ByteArray) {
    out.write(bytes)
    out.fd.sync()
}

fun persistEach(dir: File, items: Map<String, ByteArray>) {
    for ((name, bytes) in items) {
        FileOutputStream(File(dir, name)).use { out -> persist(out, bytes) }
    }
}

// Closures created in the loop are stored and run later.
fun makeFlushers(descriptors: List<FileDescriptor>): List<() -> Unit> {
    val flushers = mutableListOf<() -> Unit>()
    for (fd in descriptors) {
        val cb = { fd.sync() }
        flushers += cb
    }
    return flushers
}

// sync() on a repository is a network sync, not an fsync.
interface TrackRepository {
    fun sync()
}

fun syncAll(repositories: List<TrackRepository>) {
    repositories.forEach { repo ->
        repo.sync()
    }
    for (repo in repositories) {
        repo.sync()
    }
}

// Logs that mention fsync are not calls; force(true) after the loop is fine.
fun writeChunks(file: File, chunks: List<ByteArray>) {
    RandomAccessFile(file, "rw").use { raf ->
        for (chunk in chunks) {
            raf.write(chunk)
            Log.v("Chunks", "wrote ${chunk.size} bytes, no fsync yet")
        }
        raf.channel.force(true)
    }
}
