//! Writing a file without ever leaving it half-written: the new content goes
//! to a temporary file in the same directory (same file system, so the
//! rename is atomic), with the old file's permissions, then replaces it. A
//! run killed midway leaves the old file or the new one, never a mix.

use std::io::Write;
use std::path::Path;

/// Replaces the file at `path` (or creates it) with `contents`. A symbolic
/// link stays one: the file it points to is replaced.
pub fn replace_file(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let target = match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => std::fs::canonicalize(path)?,
        _ => path.to_path_buf(),
    };
    let path = target.as_path();
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

/// Replaces a file storlint read and checked (`checked`, its bytes then)
/// with `contents`. Refused when the file is read-only, which says someone
/// means it to stay as it is (a rename would replace it all the same), or
/// when it no longer holds `checked`.
pub fn replace_checked(path: &Path, checked: &[u8], contents: &[u8]) -> Result<(), String> {
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot be read again: {e}"))?;
    if metadata.permissions().readonly() {
        return Err("read-only: not modified".into());
    }
    unchanged_on_disk(path, checked)?;
    replace_file(path, contents).map_err(|e| format!("cannot be written: {e}"))
}

/// The file at `path` still holds `checked`, the bytes that were read and
/// checked: anything else was written meanwhile (an editor, a formatter),
/// and writing over it would lose that change.
fn unchanged_on_disk(path: &Path, checked: &[u8]) -> Result<(), String> {
    let on_disk = std::fs::read(path).map_err(|e| format!("cannot be read again: {e}"))?;
    if on_disk != checked {
        return Err("changed since it was checked: not modified (run again)".into());
    }
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

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_stays_one_and_its_target_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("real")).unwrap();
        let target = dir.path().join("real/a.sql");
        std::fs::write(&target, "old").unwrap();
        let link = dir.path().join("a.sql");
        std::os::unix::fs::symlink("real/a.sql", &link).unwrap();
        replace_file(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    }

    #[test]
    fn a_read_only_file_is_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.kt");
        std::fs::write(&path, "read").unwrap();
        let mut permissions = std::fs::metadata(&path).unwrap().permissions();
        permissions.set_readonly(true);
        std::fs::set_permissions(&path, permissions).unwrap();
        let refused = replace_checked(&path, b"read", b"new").unwrap_err();
        assert!(refused.contains("read-only"), "{refused}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "read");
        let mut permissions = std::fs::metadata(&path).unwrap().permissions();
        #[allow(clippy::permissions_set_readonly_false)]
        permissions.set_readonly(false);
        std::fs::set_permissions(&path, permissions).unwrap();
        replace_checked(&path, b"read", b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_noticed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.kt");
        std::fs::write(&path, "read").unwrap();
        assert!(unchanged_on_disk(&path, b"read").is_ok());
        std::fs::write(&path, "edited").unwrap();
        assert!(unchanged_on_disk(&path, b"read").is_err());
    }
}
