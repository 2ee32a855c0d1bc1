use std::fs::{self, File};
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;

use tempfile::NamedTempFile;

fn convert(_file: &File) -> std::io::Result<()> {
    Ok(())
}

// Fine: one scratch file, created before the loop and reused.
pub fn convert_all(chunks: &[Vec<u8>]) -> std::io::Result<()> {
    let mut scratch = tempfile::tempfile()?;
    for chunk in chunks {
        scratch.set_len(0)?;
        scratch.seek(SeekFrom::Start(0))?;
        scratch.write_all(chunk)?;
        convert(&scratch)?;
    }
    Ok(())
}

// Fine: a different file per iteration, kept.
pub fn export(dir: &Path, chunks: &[Vec<u8>]) -> std::io::Result<()> {
    for (index, chunk) in chunks.iter().enumerate() {
        fs::write(dir.join(format!("{index}.bin")), chunk)?;
    }
    Ok(())
}

// Fine: a cleanup loop deletes files created elsewhere.
pub fn clean(dir: &Path) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        fs::remove_file(entry?.path())?;
    }
    Ok(())
}

// Fine: created in the loop, deleted once after it.
pub fn append_all(path: &Path, chunks: &[Vec<u8>]) -> std::io::Result<()> {
    for chunk in chunks {
        let mut file = File::create(path)?;
        file.write_all(chunk)?;
    }
    fs::remove_file(path)
}

// Fine: created in one loop and deleted in another.
pub fn two_passes(dir: &Path, names: &[String]) -> std::io::Result<()> {
    for name in names {
        fs::write(dir.join(name), b"")?;
    }
    for name in names {
        fs::remove_file(dir.join(name))?;
    }
    Ok(())
}

// Fine: written to a temporary name and renamed into place: the file is kept.
pub fn save_each(dir: &Path, chunks: &[Vec<u8>]) -> std::io::Result<()> {
    for (index, chunk) in chunks.iter().enumerate() {
        let mut staged = NamedTempFile::new_in(dir)?;
        staged.write_all(chunk)?;
        staged.persist(dir.join(index.to_string()))?;
    }
    Ok(())
}

// Fine: the temporary files outlive the loop.
pub fn spill(chunks: &[Vec<u8>]) -> std::io::Result<Vec<NamedTempFile>> {
    let mut spilled = Vec::new();
    for chunk in chunks {
        let mut part = NamedTempFile::new()?;
        part.write_all(chunk)?;
        spilled.push(part);
    }
    Ok(spilled)
}

// Fine: a single create and delete outside any loop.
pub fn once(path: &Path) -> std::io::Result<()> {
    File::create(path)?;
    fs::remove_file(path)
}
