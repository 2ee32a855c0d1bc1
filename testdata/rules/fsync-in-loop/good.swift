import Foundation
import os

private let logger = Logger(subsystem: "com.example.tiles", category: "io")

final class TileWriter {
    private let handle: FileHandle

    init(handle: FileHandle) {
        self.handle = handle
    }

    /// One sync after the whole batch.
    func write(tiles: [Data]) throws {
        for tile in tiles {
            try handle.write(contentsOf: tile)
        }
        try handle.synchronize()
    }
}

/// The helper syncs the descriptor it is handed, and each iteration opens
/// another file: every file is made durable once.
func persist(_ data: Data, fd: Int32) {
    data.withUnsafeBytes { _ = Foundation.write(fd, $0.baseAddress, $0.count) }
    fsync(fd)
}

func persistEach(_ items: [String: Data], in directory: String) {
    for (name, data) in items {
        let fd = open(directory + "/" + name, O_WRONLY | O_CREAT, 0o644)
        persist(data, fd: fd)
        close(fd)
    }
}

/// Closures created in the loop are stored and run later.
func makeFlushers(_ descriptors: [Int32]) -> [() -> Void] {
    var flushers: [() -> Void] = []
    for fd in descriptors {
        let work: () -> Void = { _ = fsync(fd) }
        flushers.append(work)
    }
    return flushers
}

/// A sync() method that has nothing to do with files.
final class SyncEngine {
    func sync() {}
}

func syncAccounts(_ engines: [SyncEngine]) {
    for engine in engines {
        engine.sync()
    }
}

/// F_BARRIERFSYNC after the loop orders the writes without a full flush.
func writeOrdered(_ chunks: [Data], fd: Int32) {
    for chunk in chunks {
        chunk.withUnsafeBytes { _ = Foundation.write(fd, $0.baseAddress, $0.count) }
        // No fsync per chunk: the OS cache absorbs these writes.
        logger.debug("wrote chunk without fsync")
    }
    _ = fcntl(fd, F_BARRIERFSYNC)
}
