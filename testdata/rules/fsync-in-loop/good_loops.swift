import Foundation

/// A retry loop: the sync runs again only after a failed attempt.
func syncRetrying(_ handle: FileHandle) {
    while true {
        do {
            try handle.synchronize()
            break
        } catch {
            continue
        }
    }
}

/// First success over a short list of candidates.
func writeFirst(_ data: Data, primary: URL, fallback: URL) -> URL? {
    for url in [primary, fallback] {
        guard let handle = try? FileHandle(forWritingTo: url) else { continue }
        handle.write(data)
        handle.synchronizeFile()
        return url
    }
    return nil
}

/// Each item is its own file.
func persist(_ items: [(path: String, data: Data)]) -> [Bool] {
    return items.map { item in
        let fd = open(item.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        _ = item.data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        return fsync(fd) == 0
    }
}

func retryUntilDurable(fd: Int32, attempts: Int) {
    var left = attempts
    repeat {
        if fsync(fd) == 0 { break }
        left -= 1
    } while left > 0
}

func exportAll(_ urls: [URL], payload: Data) -> [URL] {
    return urls.compactMap { url in
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { return nil }
        let out: FileHandle
        do { out = try FileHandle(forWritingTo: url) } catch { return nil }
        out.write(payload)
        out.synchronizeFile()
        out.closeFile()
        return url
    }
}

/// Two parts written out in the source: the same code twice, not a sync per item.
func writeEnvelope(_ handle: FileHandle, header: Data, footer: Data) throws {
    for part in [header, footer] {
        try handle.write(contentsOf: part)
        try handle.synchronize()
    }
}
