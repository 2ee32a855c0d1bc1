package com.example.trails.io

import java.io.File
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.IOException
import java.io.RandomAccessFile
import java.nio.ByteBuffer

/** A retry loop: the sync runs again only after a failed attempt. */
fun syncRetrying(descriptor: FileDescriptor) {
    while (true) {
        try {
            descriptor.sync()
            break
        } catch (e: IOException) {
            continue
        }
    }
}

/** First success over a short list of candidates. */
fun writeFirst(primary: File, fallback: File, data: ByteArray): File? {
    for (candidate in listOf(primary, fallback)) {
        try {
            FileOutputStream(candidate).use { out ->
                out.write(data)
                out.fd.sync()
            }
            return candidate
        } catch (e: IOException) {
            continue
        }
    }
    return null
}

/** Each target is its own file, written and synced once. */
fun writeCopies(data: ByteArray, targets: List<File>): List<Long> =
    targets.map { target ->
        RandomAccessFile(target, "rw").use { raf ->
            val ch = raf.channel
            ch.write(ByteBuffer.wrap(data))
            ch.force(true)
            ch.size()
        }
    }

fun saveAll(files: List<File>, data: ByteArray) {
    for (file in files) {
        FileOutputStream(file).use { out ->
            out.write(data)
            out.fd.sync()
        }
    }
}

/** Two parts written out in the source: the same code twice, not a sync per item. */
fun writeEnvelope(out: FileOutputStream, header: ByteArray, footer: ByteArray) {
    for (part in listOf(header, footer)) {
        out.write(part)
        out.fd.sync()
    }
}
