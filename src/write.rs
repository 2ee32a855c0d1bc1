//! Writing a file without ever leaving it half-written: the new content goes
//! to a temporary file in the same directory (same file system, so the
//! rename is atomic), with the old file's permissions, then replaces it. A
//! run killed midway leaves the old file or the new one, never a mix.

use std::io::Write;
use std::path::Path;

/// Replaces the file at `path` (or creates it) with `contents`.
pub fn replace_file(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::Builder::new()
        .prefix(".storlint-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temporary.write_all(contents)?;
    temporary.as_file().sync_all()?;
    if let Ok(metadata) = std::fs::metadata(path) {
        temporary
            .as_file()
            .set_permissions(metadata.permissions())?;
    }
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_content_and_keeps_the_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.kt");
        std::fs::write(&path, "old").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        }
        replace_file(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
        }
        // No temporary file is left beside it.
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
        replace_file(&dir.path().join("fresh.json"), b"{}").unwrap();
    }
}
