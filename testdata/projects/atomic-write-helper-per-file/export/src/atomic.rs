//! Replaces a file so that readers see the old or the new bytes, never half.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let staging = path.with_extension("tmp");
    let mut file = File::create(&staging)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    fs::rename(&staging, path)
}
