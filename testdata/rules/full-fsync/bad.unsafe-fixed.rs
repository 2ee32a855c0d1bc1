//! Durable commits for the blob store.

use std::fs::File;
use std::io;
use std::os::unix::io::AsRawFd;

pub fn commit(file: &File) -> io::Result<()> {
    let rc = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_BARRIERFSYNC) }; // ~ full-fsync
    if rc == -1 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

pub fn commit_nix(file: &File) -> nix::Result<()> {
    nix::fcntl::fcntl(file.as_raw_fd(), nix::fcntl::FcntlArg::F_FULLFSYNC)?; // ~ full-fsync
    Ok(())
}

pub fn commit_all(files: &[File]) {
    for file in files {
        unsafe { libc::fcntl(file.as_raw_fd(), libc::F_BARRIERFSYNC) }; // ~ full-fsync ~ fsync-in-loop
    }
}
