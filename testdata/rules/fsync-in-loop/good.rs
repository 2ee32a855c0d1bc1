//! Segment writers that sync once per batch.

use std::fs::File;
use std::io::{self, Write};
use std::os::unix::io::AsRawFd;

/// One sync after the whole batch.
pub fn write_chunks(file: &mut File, chunks: &[Vec<u8>]) -> io::Result<()> {
    for chunk in chunks {
        file.write_all(chunk)?;
    }
    file.sync_all()
}

/// The sync lives in a helper without a loop; the loop in the caller only
/// calls the helper, which is not itself an fsync.
pub fn persist(file: &mut File, payload: &[u8]) -> io::Result<()> {
    file.write_all(payload)?;
    file.sync_data()
}

pub fn persist_each(files: &mut [File], payload: &[u8]) -> io::Result<()> {
    for file in files.iter_mut() {
        persist(file, payload)?;
    }
    Ok(())
}

/// Closures built in the loop are stored and run later, once each.
pub fn deferred_flushes(files: &[File]) -> Vec<Box<dyn Fn() -> io::Result<()> + '_>> {
    let mut pending: Vec<Box<dyn Fn() -> io::Result<()> + '_>> = Vec::new();
    for file in files {
        let flush = move || file.sync_all();
        pending.push(Box::new(flush));
    }
    pending
}

/// A method named sync() on something that is not a file.
pub struct Replica;

impl Replica {
    pub fn sync(&self) -> io::Result<()> {
        Ok(())
    }
}

pub fn sync_replicas(replicas: &[Replica]) -> io::Result<()> {
    for replica in replicas {
        replica.sync()?;
    }
    Ok(())
}

/// Logs and comments that mention fsync are not calls.
pub fn report(files: &[File]) {
    for file in files {
        // No fsync here: the OS flushes its cache periodically.
        log::debug!("skipping fsync for fd {}", file.as_raw_fd());
    }
    let fd = files.first().map(|f| f.as_raw_fd()).unwrap_or(-1);
    if fd >= 0 {
        unsafe { libc::fsync(fd) };
    }
}
