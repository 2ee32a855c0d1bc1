import Foundation

func commitJournal(fd: Int32) -> Bool {
    return fcntl(fd, F_BARRIERFSYNC) != -1 // ~ full-fsync
}

final class Checkpointer {
    private let fd: Int32

    init(fd: Int32) {
        self.fd = fd
    }

    func checkpoint() {
        if fcntl(fd, F_BARRIERFSYNC) == -1 { // ~ full-fsync
            fsync(fd)
        }
    }
}

func flushEach(_ descriptors: [Int32]) {
    for fd in descriptors {
        _ = fcntl(fd, F_BARRIERFSYNC) // ~ full-fsync ~ fsync-in-loop
    }
}
