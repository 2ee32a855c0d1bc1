pub mod atomic;

use std::io;
use std::path::Path;

pub struct Document {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// One file per document: each sync makes a different file durable, once.
pub fn export_all(dir: &Path, documents: &[Document]) -> io::Result<()> {
    for document in documents {
        let target = dir.join(&document.name);
        atomic::write_atomically(&target, &document.bytes)?;
    }
    Ok(())
}

/// The index is written once, after the documents.
pub fn finish(dir: &Path, documents: &[Document]) -> io::Result<()> {
    let names: Vec<&str> = documents.iter().map(|d| d.name.as_str()).collect();
    atomic::write_atomically(&dir.join("index"), names.join("\n").as_bytes())
}
