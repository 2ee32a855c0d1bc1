package com.trailmark.android.export

import com.trailmark.android.data.TrackPoint
import java.io.File
import java.io.RandomAccessFile
import java.time.Instant

/** Writes a track as a GPX file while it is being recorded. */
class GpxWriter(file: File) : AutoCloseable {
    private val raf = RandomAccessFile(file, "rw")

    fun writeHeader(name: String) {
        raf.setLength(0)
        raf.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Trailmark"><trk><name>$name</name><trkseg>
            """.trimIndent().toByteArray()
        )
    }

    /** Appends a batch of points; each point is flushed as soon as it is written. */
    fun append(points: List<TrackPoint>) {
        for (p in points) {
            val time = Instant.ofEpochMilli(p.recordedAt)
            raf.write("<trkpt lat=\"${p.lat}\" lon=\"${p.lon}\"><time>$time</time></trkpt>\n".toByteArray())
            raf.channel.force(true)
        }
    }

    fun finish() {
        raf.write("</trkseg></trk></gpx>\n".toByteArray())
        raf.channel.force(true)
    }

    override fun close() = raf.close()
}
