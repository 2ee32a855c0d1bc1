use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::Path;

use tempfile::NamedTempFile;

fn convert(_path: &Path) -> std::io::Result<()> {
    Ok(())
}

pub fn convert_all(dir: &Path, chunks: &[Vec<u8>]) -> std::io::Result<()> {
    for chunk in chunks {
        let scratch = dir.join("scratch.tmp");
        fs::write(&scratch, chunk)?; // ~ temp-file-churn
        convert(&scratch)?;
        fs::remove_file(&scratch)?;
    }
    for chunk in chunks {
        let tmp = dir.join("part.tmp");
        let mut file = File::create(&tmp)?; // ~ temp-file-churn
        file.write_all(chunk)?;
        drop(file);
        convert(&tmp)?;
        fs::remove_file(tmp)?;
    }
    let mut index = 0;
    while index < chunks.len() {
        let lock = dir.join("job.lock");
        let _guard = OpenOptions::new().write(true).create_new(true).open(&lock)?; // ~ temp-file-churn
        index += 1;
        fs::remove_file(&lock)?;
    }
    Ok(())
}

pub fn stage_all(chunks: &[Vec<u8>]) -> std::io::Result<()> {
    for chunk in chunks {
        // Deleted when `staged` is dropped at the end of the iteration.
        let mut staged = NamedTempFile::new()?; // ~ temp-file-churn
        staged.write_all(chunk)?;
        convert(staged.path())?;
    }
    chunks.iter().try_for_each(|chunk| {
        let mut spill = tempfile::tempfile()?; // ~ temp-file-churn
        spill.write_all(chunk)
    })
}
