//! Which files to check: walks the given paths, honouring `.gitignore` and
//! `.ignore`, skipping hidden and build directories, and picks each file's
//! language by extension.

use std::path::{Path, PathBuf};

use crate::source::Language;

/// Directories that hold build output or third-party code, never the
/// project's own sources.
const BUILD_DIRS: &[&str] = &["target", "build", ".build", "DerivedData", "node_modules"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discovered {
    pub path: PathBuf,
    /// The path as the user should see it: relative to the working directory when under it.
    pub display: String,
    /// The path relative to the project: relative to the working directory
    /// when under it, otherwise to the directory walked. Layout conventions
    /// (test directories) are read from it, never from the directories
    /// above the project (a checkout under `~/tests/` is not test code).
    pub layout_path: String,
    pub language: Language,
}

#[derive(Debug, Default)]
pub struct Discovery {
    pub files: Vec<Discovered>,
    /// Problems that do not stop the run (an unreadable directory, a named
    /// file in no supported language).
    pub warnings: Vec<String>,
}

#[derive(Debug)]
pub enum DiscoverError {
    NotFound(PathBuf),
}

impl std::fmt::Display for DiscoverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DiscoverError::NotFound(path) => {
                write!(f, "{}: no such file or directory", path.display())
            }
        }
    }
}

impl std::error::Error for DiscoverError {}

pub fn discover(paths: &[PathBuf], cwd: &Path) -> Result<Discovery, DiscoverError> {
    if let Some(missing) = paths.iter().find(|p| !p.exists()) {
        return Err(DiscoverError::NotFound(missing.clone()));
    }
    let mut discovery = Discovery::default();
    for root in paths {
        if root.is_file() {
            match Language::from_path(root) {
                Some(language) => discovery.files.push(Discovered {
                    path: root.clone(),
                    display: display_path(root, cwd),
                    layout_path: layout_path(root, cwd, root.parent().unwrap_or(root)),
                    language,
                }),
                None => discovery.warnings.push(format!(
                    "{}: not checked: storlint reads .rs, .swift, .kt, .kts and .sql files",
                    display_path(root, cwd)
                )),
            }
            continue;
        }
        let walker = ignore::WalkBuilder::new(root)
            .hidden(true)
            .require_git(false)
            .filter_entry(|entry| {
                let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
                !(is_dir && entry.depth() > 0 && BUILD_DIRS.iter().any(|d| entry.file_name() == *d))
            })
            .build();
        for entry in walker {
            match entry {
                Ok(entry) => {
                    if !entry.file_type().is_some_and(|t| t.is_file()) {
                        continue;
                    }
                    if let Some(language) = Language::from_path(entry.path()) {
                        discovery.files.push(Discovered {
                            display: display_path(entry.path(), cwd),
                            layout_path: layout_path(entry.path(), cwd, root),
                            path: entry.into_path(),
                            language,
                        });
                    }
                }
                Err(error) => discovery.warnings.push(error.to_string()),
            }
        }
    }
    discovery.files.sort_by(|a, b| a.display.cmp(&b.display));
    discovery.files.dedup_by(|a, b| a.display == b.display);
    Ok(discovery)
}

/// The path relative to `cwd` when under it, otherwise relative to `root`
/// (the directory walked, or a named file's directory).
fn layout_path(path: &Path, cwd: &Path, root: &Path) -> String {
    let absolute = |p: &Path| {
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            cwd.join(p)
        }
    };
    let path = absolute(path);
    let relative = path
        .strip_prefix(cwd)
        .or_else(|_| path.strip_prefix(absolute(root)))
        .unwrap_or(&path);
    relative.to_string_lossy().replace('\\', "/")
}

/// `./src/a.rs` -> `src/a.rs`; an absolute path under `cwd` -> relative to it.
pub fn display_path(path: &Path, cwd: &Path) -> String {
    let relative = path
        .strip_prefix(cwd)
        .or_else(|_| path.strip_prefix("."))
        .unwrap_or(path);
    let shown = if relative.as_os_str().is_empty() {
        path
    } else {
        relative
    };
    shown.to_string_lossy().replace('\\', "/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_build_and_hidden_dirs_and_honours_gitignore() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for file in [
            "app/Store.swift",
            "app/notes.txt",
            "target/debug/gen.rs",
            "build/gen.kt",
            ".build/x.swift",
            "DerivedData/y.swift",
            "node_modules/z.sql",
            ".hidden/q.rs",
            "ignored/skip.rs",
            "src/lib.rs",
            "db/schema.sql",
            "android/Build.kts",
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "x").unwrap();
        }
        std::fs::write(root.join(".gitignore"), "ignored/\n").unwrap();
        let found = discover(&[root.to_path_buf()], root).unwrap();
        let names: Vec<_> = found.files.iter().map(|f| f.display.as_str()).collect();
        assert_eq!(
            names,
            [
                "android/Build.kts",
                "app/Store.swift",
                "db/schema.sql",
                "src/lib.rs"
            ]
        );
        assert_eq!(found.files[0].language, Language::Kotlin);
    }

    #[test]
    fn a_missing_path_is_an_error_naming_it() {
        let err = discover(&[PathBuf::from("no/such/dir")], Path::new(".")).unwrap_err();
        assert_eq!(err.to_string(), "no/such/dir: no such file or directory");
    }

    #[test]
    fn a_named_file_of_another_language_is_a_warning() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("notes.txt");
        std::fs::write(&file, "VACUUM").unwrap();
        let found = discover(std::slice::from_ref(&file), dir.path()).unwrap();
        assert!(found.files.is_empty());
        assert_eq!(
            found.warnings,
            ["notes.txt: not checked: storlint reads .rs, .swift, .kt, .kts and .sql files"]
        );
    }
}
