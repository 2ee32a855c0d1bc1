//! Segment writers for the sync server's blob store.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};

pub fn write_chunks(file: &mut File, chunks: &[Vec<u8>]) -> io::Result<()> {
    for chunk in chunks {
        file.write_all(chunk)?;
        file.sync_all()?; // ~ fsync-in-loop
    }
    Ok(())
}

pub fn append_records(path: &Path, records: &[String]) -> io::Result<()> {
    let mut file = OpenOptions::new().append(true).open(path)?;
    let mut i = 0;
    while i < records.len() {
        writeln!(file, "{}", records[i])?;
        file.sync_data()?; // ~ fsync-in-loop
        i += 1;
    }
    Ok(())
}

pub fn drain_queue(file: &File, queue: &std::sync::mpsc::Receiver<Vec<u8>>) -> io::Result<()> {
    let fd = file.as_raw_fd();
    loop {
        let Ok(buf) = queue.recv() else { break };
        (&*file).write_all(&buf)?;
        unsafe { libc::fsync(fd) }; // ~ fsync-in-loop
    }
    Ok(())
}

pub fn persist_all(paths: &[PathBuf], payload: &[u8]) -> io::Result<()> {
    paths.iter().try_for_each(|path| {
        let mut f = File::create(path)?;
        f.write_all(payload)?;
        f.sync_all() // ~ fsync-in-loop
    })
}

pub fn touch_all(files: &[File]) {
    files.iter().for_each(|f| {
        let _ = unsafe { libc::fdatasync(f.as_raw_fd()) }; // ~ fsync-in-loop
    });
}

pub fn flush_each(files: &[File]) -> Vec<io::Result<()>> {
    files.iter().map(|f| f.sync_data()).collect() // ~ fsync-in-loop
}

pub fn full_flush_each(files: &[File]) {
    for f in files {
        if f.metadata().map(|m| m.len() > 0).unwrap_or(false) {
            unsafe { libc::fcntl(f.as_raw_fd(), libc::F_FULLFSYNC) }; // ~ fsync-in-loop ~ full-fsync
        }
    }
}

pub fn checkpoint_all(fds: &[i32]) -> nix::Result<()> {
    for &fd in fds {
        nix::unistd::fsync(fd)?; // ~ fsync-in-loop
    }
    Ok(())
}
