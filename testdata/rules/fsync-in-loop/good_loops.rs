//! Loops that run a sync once, or sync a different file each time.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};

/// A retry loop: the sync runs again only after an interrupted attempt.
pub fn sync_retrying(file: &File) -> io::Result<()> {
    loop {
        match file.sync_all() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            done => return done,
        }
    }
}

/// The same with a `break` once the sync succeeds.
pub fn sync_until_done(file: &File) {
    loop {
        if file.sync_data().is_ok() {
            break;
        }
    }
}

/// First success over a short list of candidates: the first one that opens
/// is synced and returned.
pub fn open_first(primary: &Path, fallback: &Path, header: &[u8]) -> io::Result<File> {
    for path in [primary, fallback] {
        if let Ok(mut file) = OpenOptions::new().create(true).append(true).open(path) {
            file.write_all(header)?;
            file.sync_all()?;
            return Ok(file);
        }
    }
    Err(io::Error::other("no writable location"))
}

/// Each directory entry is another file, synced once.
pub fn sync_directory(dir: &Path) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.path().is_file() {
            let file = File::open(entry.path())?;
            file.sync_all()?;
        }
    }
    Ok(())
}

/// One file per path, written and synced.
pub fn persist_all(paths: &[PathBuf], payload: &[u8]) -> io::Result<()> {
    paths.iter().try_for_each(|path| {
        let mut f = File::create(path)?;
        f.write_all(payload)?;
        f.sync_all()
    })
}

/// Every handle of the list is its own file.
pub fn flush_each(files: &[File]) -> Vec<io::Result<()>> {
    files.iter().map(|f| f.sync_data()).collect()
}

pub fn touch_all(files: &[File]) {
    files.iter().for_each(|f| {
        let _ = unsafe { libc::fdatasync(f.as_raw_fd()) };
    });
}

pub fn checkpoint_all(fds: &[i32]) -> nix::Result<()> {
    for &fd in fds {
        nix::unistd::fsync(fd)?;
    }
    Ok(())
}

/// Two parts written out in the source: the loop is the same code written
/// twice, whatever the data, not a sync per item.
pub fn write_envelope(file: &mut File, header: &[u8], footer: &[u8]) -> io::Result<()> {
    let parts = [header, footer];
    for part in &parts {
        file.write_all(part)?;
        file.sync_data()?;
    }
    Ok(())
}

/// The same with the pairs written in the loop's header.
pub fn write_labelled(file: &mut File, data: &[u8], index: &[u8]) -> io::Result<()> {
    for (label, part) in [("data", data), ("index", index)] {
        file.write_all(label.as_bytes())?;
        file.write_all(part)?;
        file.sync_all()?;
    }
    Ok(())
}
