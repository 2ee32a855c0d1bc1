package com.example.trails.io

import java.io.File
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.RandomAccessFile
import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.file.Path
import java.nio.file.StandardOpenOption

class PointLogWriter(private val file: File) {

    fun append(points: List<String>) {
        FileOutputStream(file, true).use { out ->
            for (point in points) {
                out.write((point + "\n").toByteArray())
                out.fd.sync() // ~ fsync-in-loop
            }
        }
    }

    fun appendEach(points: List<String>) {
        for (point in points) {
            FileOutputStream(file, true).use { out ->
                out.write(point.toByteArray())
                out.getFD().sync() // ~ fsync-in-loop
            }
        }
    }
}

fun writeTiles(tiles: List<ByteArray>, target: File) {
    val stream = FileOutputStream(target)
    val fd = stream.fd
    tiles.forEach { tile ->
        stream.write(tile)
        fd.sync() // ~ fsync-in-loop
    }
    stream.close()
}

fun writeIndexed(chunks: List<ByteArray>, raf: RandomAccessFile) {
    chunks.forEachIndexed { i, chunk ->
        raf.seek(i.toLong() * chunk.size)
        raf.write(chunk)
        raf.channel.force(true) // ~ fsync-in-loop
    }
}

fun drain(queue: ArrayDeque<ByteBuffer>, path: Path) {
    val channel = FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.APPEND)
    while (queue.isNotEmpty()) {
        channel.write(queue.removeFirst())
        channel.force(true) // ~ fsync-in-loop
    }
    channel.close()
}

fun retrySync(descriptor: FileDescriptor) {
    var attempts = 0
    do {
        descriptor.sync() // ~ fsync-in-loop
        attempts++
    } while (attempts < 3)
}


fun touch(file: File, times: Int) {
    val raf = RandomAccessFile(file, "rw")
    repeat(times) {
        raf.write(0)
        raf.getChannel().force(true) // ~ fsync-in-loop
    }
    raf.close()
}

/** The loop names a file per item but syncs the one journal every time. */
fun logEach(journal: FileOutputStream, names: List<String>) {
    for (name in names) {
        journal.write((name + "\n").toByteArray())
        journal.fd.sync() // ~ fsync-in-loop
    }
}

/** A `break` that only some iterations take: the others sync again. */
fun appendUntilMarker(out: FileOutputStream, lines: List<String>) {
    for (line in lines) {
        out.write(line.toByteArray())
        out.fd.sync() // ~ fsync-in-loop
        if (line.isEmpty()) break
    }
}

/** The helper syncs the stream it is handed: the same one on every iteration. */
fun persist(out: FileOutputStream, bytes: ByteArray) {
    out.write(bytes)
    out.fd.sync()
}

fun persistEach(out: FileOutputStream, items: List<ByteArray>) {
    for (item in items) {
        persist(out, item) // ~ fsync-in-loop
    }
}
