import Foundation

// F_BARRIERFSYNC orders the writes without flushing the drive's cache.
func commitJournal(fd: Int32) -> Bool {
    return fcntl(fd, F_BARRIERFSYNC) != -1
}

// A plain fsync is not F_FULLFSYNC.
func persist(fd: Int32) {
    fsync(fd)
}

// Other fcntl commands are no syncs at all.
func setNonBlocking(fd: Int32) {
    _ = fcntl(fd, F_SETFL, O_NONBLOCK)
}

// Mentions in comments and strings are not calls: F_FULLFSYNC is not used here.
func describe() -> String {
    return "fcntl(fd, F_FULLFSYNC) is not called"
}
