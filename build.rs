//! The analysis cache's build id (`src/cache.rs`): a hash of everything that
//! decides what the analysis of a file holds, the crate's sources, its
//! manifest and the locked dependency versions. A build that changes any of
//! them gets a cache directory of its own, and a run knows its build without
//! reading and hashing its own executable (tens of megabytes, the grammars'
//! tables) at every start.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

fn main() {
    let mut inputs = vec![PathBuf::from("Cargo.toml"), PathBuf::from("Cargo.lock")];
    sources(Path::new("src"), &mut inputs);
    inputs.sort();
    // A file added to or removed from `src` changes the directory.
    println!("cargo:rerun-if-changed=src");
    let mut hasher = DefaultHasher::new();
    for input in &inputs {
        println!("cargo:rerun-if-changed={}", input.display());
        input.hash(&mut hasher);
        std::fs::read(input).unwrap_or_default().hash(&mut hasher);
    }
    println!("cargo:rustc-env=STORLINT_BUILD_ID={:016x}", hasher.finish());
}

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, found);
        } else {
            found.push(path);
        }
    }
}
