import Foundation

/// Journal entries being written, kept across launches.
final class DraftStore {
    private let directory: URL
    private let defaults = UserDefaults.standard

    init(directory: URL) {
        self.directory = directory
    }

    func markOnboardingDone() {
        defaults.set(true, forKey: "onboardingDone")
        defaults.synchronize()
    }

    func saveDraft(_ text: String, id: UUID) throws {
        let url = directory.appendingPathComponent("\(id).txt")
        try Data(text.utf8).write(to: url, options: .atomic)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        _ = fcntl(handle.fileDescriptor, F_FULLFSYNC)
    }
}
