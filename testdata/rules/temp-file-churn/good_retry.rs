//! Unique-name retries: the file that works leaves the loop.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

fn verified(_path: &Path) -> bool {
    true
}

/// Only the failed attempts are deleted; the one that verifies is returned.
pub fn reserve_upload(dir: &Path, payload: &[u8]) -> io::Result<PathBuf> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let candidate = dir.join(format!("upload-{attempt}.part"));
        let mut file = File::create(&candidate)?;
        file.write_all(payload)?;
        if verified(&candidate) {
            return Ok(candidate);
        }
        fs::remove_file(&candidate)?;
    }
}

/// A scratch file tried until its name suits, then handed out.
pub fn ascii_scratch(dir: &Path) -> io::Result<NamedTempFile> {
    loop {
        let scratch = NamedTempFile::new_in(dir)?;
        if scratch.path().to_string_lossy().is_ascii() {
            return Ok(scratch);
        }
    }
}
