import Foundation
import os

/// Exports the photos of a hike to a folder the user picked, and appends an
/// export log that the support team can ask for.
final class PhotoExporter {
    struct Photo {
        let fileName: String
        let data: Data
    }

    private let logger = Logger(subsystem: "com.trailmark", category: "export")
    private let fileManager = FileManager.default

    /// Writes every photo of a hike into `folder`, one file each.
    func export(_ photos: [Photo], to folder: URL) throws -> Int {
        var written = 0
        for photo in photos {
            let url = folder.appendingPathComponent(photo.fileName)
            guard fileManager.createFile(atPath: url.path, contents: nil) else {
                logger.error("could not create \(photo.fileName, privacy: .public)")
                continue
            }
            let handle = try FileHandle(forWritingTo: url)
            try handle.write(contentsOf: photo.data)
            try handle.synchronize()
            try handle.close()
            written += 1
        }
        return written
    }

    /// Appends one line per exported photo to the export log, then flushes
    /// once for the whole batch.
    func appendLog(_ photos: [Photo], logURL: URL) throws {
        if !fileManager.fileExists(atPath: logURL.path) {
            fileManager.createFile(atPath: logURL.path, contents: nil)
        }
        let log = try FileHandle(forWritingTo: logURL)
        defer { try? log.close() }
        try log.seekToEnd()
        for photo in photos {
            let line = "\(Date().timeIntervalSince1970) exported \(photo.fileName)\n"
            try log.write(contentsOf: Data(line.utf8))
        }
        try log.synchronize()
        logger.debug("export log flushed with a single fsync")
    }
}
