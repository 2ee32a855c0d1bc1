import Foundation

func convert(_ handle: FileHandle) {}

// Fine: one scratch file created before the loop, reused, deleted after it.
func convertAll(_ images: [Data], scratch: URL) throws {
    FileManager.default.createFile(atPath: scratch.path, contents: nil)
    let handle = try FileHandle(forUpdating: scratch)
    for image in images {
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: image)
        convert(handle)
    }
    try handle.close()
    try FileManager.default.removeItem(at: scratch)
}

// Fine: a different file per iteration, kept.
func export(_ images: [Data], directory: URL) throws {
    for (index, image) in images.enumerated() {
        try image.write(to: directory.appendingPathComponent("\(index).png"))
    }
}

// Fine: a cleanup loop deletes files created elsewhere.
func clean(_ urls: [URL]) {
    for url in urls {
        try? FileManager.default.removeItem(at: url)
    }
}

// Fine: created in one loop, deleted in another.
func twoPasses(_ images: [Data], urls: [URL]) throws {
    for (image, url) in zip(images, urls) {
        try image.write(to: url)
    }
    for url in urls {
        try FileManager.default.removeItem(at: url)
    }
}

// Fine: the old file is replaced, not a temporary one created and deleted.
func replaceAll(_ versions: [String], at url: URL) throws {
    for version in versions {
        try? FileManager.default.removeItem(at: url)
        try version.write(to: url, atomically: false, encoding: .utf8)
    }
}

// Fine: a single create and delete outside any loop.
func once(_ path: String) throws {
    FileManager.default.createFile(atPath: path, contents: nil)
    try FileManager.default.removeItem(atPath: path)
}
