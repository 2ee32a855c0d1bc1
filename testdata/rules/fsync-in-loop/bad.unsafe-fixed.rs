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

pub fn full_flush_each(files: &[File]) {
    for f in files {
        if f.metadata().map(|m| m.len() > 0).unwrap_or(false) {
            unsafe { libc::fcntl(f.as_raw_fd(), libc::F_BARRIERFSYNC) }; // ~ fsync-in-loop ~ full-fsync
        }
    }
}


/// The loop names a file per item but syncs the one journal every time.
pub fn log_each(journal: &mut File, paths: &[PathBuf]) -> io::Result<()> {
    for path in paths {
        writeln!(journal, "{}", path.display())?;
        journal.sync_data()?; // ~ fsync-in-loop
    }
    Ok(())
}

/// Leaving on the first failure does not make a batch run once.
pub fn store_until_failure(file: &mut File, blocks: &[Vec<u8>]) -> io::Result<()> {
    for block in blocks {
        file.write_all(block)?;
        if file.sync_all().is_err() { // ~ fsync-in-loop
            return Err(io::Error::other("sync failed"));
        }
    }
    Ok(())
}

/// A `break` that only some iterations take: the others sync again.
pub fn append_until_marker(file: &mut File, lines: &[&str]) -> io::Result<()> {
    for line in lines {
        writeln!(file, "{line}")?;
        file.sync_all()?; // ~ fsync-in-loop
        if line.is_empty() {
            break;
        }
    }
    Ok(())
}

/// A retry loop whose exit does not depend on the sync: a daemon that syncs
/// on every tick until it is told to stop.
pub fn sync_until_stopped(file: &File, stop: &std::sync::atomic::AtomicBool) -> io::Result<()> {
    loop {
        file.sync_all()?; // ~ fsync-in-loop
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(());
        }
        std::thread::sleep(std::time::Duration::from_secs(1));
    }
}

/// F_FULLFSYNC flushes the whole drive: once after the loop covers every file.
pub fn full_flush_all(paths: &[PathBuf]) -> io::Result<()> {
    for path in paths {
        let file = File::open(path)?;
        unsafe { libc::fcntl(file.as_raw_fd(), libc::F_BARRIERFSYNC) }; // ~ fsync-in-loop ~ full-fsync
    }
    Ok(())
}

/// A list written out, but long: each of its items pays a sync.
pub fn write_sections(file: &mut File, sections: [&[u8]; 2], extra: &[u8]) -> io::Result<()> {
    let all = [sections[0], sections[1], extra, b"a", b"b", b"c"];
    for part in all {
        file.write_all(part)?;
        file.sync_data()?; // ~ fsync-in-loop
    }
    Ok(())
}
