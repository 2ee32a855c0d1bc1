//! Content-addressed storage for photo uploads.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub struct BlobStore {
    root: PathBuf,
}

impl BlobStore {
    pub fn new(root: PathBuf) -> io::Result<Self> {
        fs::create_dir_all(&root)?;
        Ok(BlobStore { root })
    }

    pub fn count(&self) -> io::Result<usize> {
        Ok(fs::read_dir(&self.root)?.count())
    }

    fn path_for(&self, digest: &str) -> PathBuf {
        self.root.join(&digest[..2]).join(digest)
    }

    /// Stores an upload that arrives in chunks.
    pub fn put_chunks(&self, digest: &str, chunks: &[Vec<u8>]) -> io::Result<PathBuf> {
        let path = self.path_for(digest);
        fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))?;
        let tmp = path.with_extension("part");
        let mut file = OpenOptions::new().create(true).truncate(true).write(true).open(&tmp)?;
        for chunk in chunks {
            file.write_all(chunk)?;
            file.sync_data()?;
        }
        fs::rename(&tmp, &path)?;
        Ok(path)
    }

    /// Writes the index of an account's blobs: one sync once the file is complete.
    pub fn write_index(&self, account: &str, digests: &[String]) -> io::Result<()> {
        let path = self.root.join(format!("{account}.index"));
        let mut file = File::create(&path)?;
        for digest in digests {
            writeln!(file, "{digest}")?;
        }
        file.sync_all()
    }
}
