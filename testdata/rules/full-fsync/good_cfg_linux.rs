//! Syncs that are plain fsync/fdatasync: built for Linux, for every
//! platform but Apple's, or for any platform.

use std::fs::File;
use std::io;

#[cfg(target_os = "linux")]
pub fn seal_segment(segment: &File) -> io::Result<()> {
    segment.sync_all()
}

#[cfg(not(target_os = "macos"))]
pub fn settle(header: &File) -> io::Result<()> {
    header.sync_data()
}

#[cfg(not(any(target_os = "macos", target_os = "ios")))]
mod elsewhere {
    pub fn settle(header: &std::fs::File) -> std::io::Result<()> {
        header.sync_all()
    }
}

/// Built for macOS and Linux alike: on Linux this is a plain fsync.
#[cfg(any(target_os = "macos", target_os = "linux"))]
pub fn persist_unix(file: &File) -> io::Result<()> {
    file.sync_all()
}

/// Portable code: no cfg at all.
pub fn persist(file: &File) -> io::Result<()> {
    file.sync_all()
}

pub fn close(index: File) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        index.sync_all()?;
    }
    #[cfg(unix)]
    index.sync_data()?;
    Ok(())
}

/// A barrier sync on Apple is what the rule suggests.
#[cfg(target_os = "macos")]
pub fn order(file: &File) -> i32 {
    use std::os::unix::io::AsRawFd;
    unsafe { libc::fcntl(file.as_raw_fd(), libc::F_BARRIERFSYNC) }
}
