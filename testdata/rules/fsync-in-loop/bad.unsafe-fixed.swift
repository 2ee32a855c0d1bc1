import Foundation
import SystemPackage

final class TileWriter {
    private let handle: FileHandle

    init(handle: FileHandle) {
        self.handle = handle
    }

    func write(tiles: [Data]) throws {
        for tile in tiles {
            try handle.write(contentsOf: tile)
            try handle.synchronize() // ~ fsync-in-loop
        }
    }
}

func appendLines(_ lines: [String], to url: URL) throws {
    let log = try FileHandle(forWritingTo: url)
    defer { try? log.close() }
    log.seekToEndOfFile()
    var index = 0
    while index < lines.count {
        log.write(Data((lines[index] + "\n").utf8))
        log.synchronizeFile() // ~ fsync-in-loop
        index += 1
    }
}

func writeRaw(_ chunks: [Data], fd: Int32) {
    for chunk in chunks {
        chunk.withUnsafeBytes { buffer in
            _ = Foundation.write(fd, buffer.baseAddress, buffer.count)
            fsync(fd) // ~ fsync-in-loop
        }
    }
}

func flushAll(_ descriptors: [Int32]) {
    descriptors.forEach { fd in
        _ = fcntl(fd, F_BARRIERFSYNC) // ~ fsync-in-loop ~ full-fsync
    }
}

func writeRecords(_ records: [[UInt8]], path: FilePath) throws {
    let fd = try FileDescriptor.open(path, .writeOnly, options: [.append, .create], permissions: .ownerReadWrite)
    defer { try? fd.close() }
    for record in records {
        _ = try fd.writeAll(record)
        try fd.sync() // ~ fsync-in-loop
    }
}


/// The loop names a file per item but syncs the one journal every time.
func logEach(_ names: [String], journal: FileHandle) throws {
    for name in names {
        try journal.write(contentsOf: Data(name.utf8))
        try journal.synchronize() // ~ fsync-in-loop
    }
}

/// A `break` inside a `switch` leaves the switch, not the loop.
func appendAll(_ chunks: [Data], to handle: FileHandle) throws {
    for chunk in chunks {
        try handle.write(contentsOf: chunk)
        try handle.synchronize() // ~ fsync-in-loop
        switch chunk.count {
        case 0: break
        default: continue
        }
    }
}

/// The helper syncs the descriptor it is handed: the same one on every iteration.
func persist(_ data: Data, fd: Int32) {
    data.withUnsafeBytes { _ = Foundation.write(fd, $0.baseAddress, $0.count) }
    fsync(fd)
}

func persistEach(_ items: [Data], fd: Int32) {
    for item in items {
        persist(item, fd: fd) // ~ fsync-in-loop
    }
}
