//! Commits that order writes without flushing the drive's cache.

use std::fs::File;
use std::io;
use std::os::unix::io::AsRawFd;

/// F_BARRIERFSYNC orders the writes; it does not flush the whole drive cache.
pub fn commit(file: &File) -> io::Result<()> {
    let rc = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_BARRIERFSYNC) };
    if rc == -1 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// A plain sync is not F_FULLFSYNC.
pub fn persist(file: &File) -> io::Result<()> {
    file.sync_all()
}

/// Comments and strings mentioning F_FULLFSYNC are not calls.
pub fn describe() -> &'static str {
    // We used to call fcntl(fd, F_FULLFSYNC) here.
    "F_FULLFSYNC is not used"
}

/// Other fcntl commands are no syncs.
pub fn flags(file: &File) -> i32 {
    unsafe { libc::fcntl(file.as_raw_fd(), libc::F_GETFL) }
}
