import Foundation

func convert(_ path: String) {}

func convertAll(_ images: [Data], scratch: String, directory: URL) throws {
    let fileManager = FileManager.default
    for image in images {
        fileManager.createFile(atPath: scratch, contents: image) // ~ temp-file-churn
        convert(scratch)
        try fileManager.removeItem(atPath: scratch)
    }
    try images.forEach { image in
        let url = directory.appendingPathComponent("upload.tmp")
        try image.write(to: url) // ~ temp-file-churn
        convert(url.path)
        try FileManager.default.removeItem(at: url)
    }
}
