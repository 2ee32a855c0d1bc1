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
        _ = fcntl(fd, F_FULLFSYNC) // ~ fsync-in-loop ~ full-fsync
    }
}

func persist(_ items: [(path: String, data: Data)]) -> [Bool] {
    return items.map { item in
        let fd = open(item.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        _ = item.data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        return fsync(fd) == 0 // ~ fsync-in-loop
    }
}

func retryUntilDurable(fd: Int32, attempts: Int) {
    var left = attempts
    repeat {
        if fsync(fd) == 0 { break } // ~ fsync-in-loop
        left -= 1
    } while left > 0
}

func writeRecords(_ records: [[UInt8]], path: FilePath) throws {
    let fd = try FileDescriptor.open(path, .writeOnly, options: [.append, .create], permissions: .ownerReadWrite)
    defer { try? fd.close() }
    for record in records {
        _ = try fd.writeAll(record)
        try fd.sync() // ~ fsync-in-loop
    }
}

func exportAll(_ urls: [URL], payload: Data) -> [URL] {
    return urls.compactMap { url in
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { return nil }
        let out: FileHandle
        do { out = try FileHandle(forWritingTo: url) } catch { return nil }
        out.write(payload)
        out.synchronizeFile() // ~ fsync-in-loop
        out.closeFile()
        return url
    }
}
