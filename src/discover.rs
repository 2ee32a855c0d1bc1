//! Which files to check: walks the given paths, honouring `.gitignore` and
//! `.ignore`, skipping hidden and build directories, and picks each file's
//! language by extension.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::path::{Component, Path, PathBuf};

use crate::config::PathMatcher;
use crate::source::Language;
use crate::FileProblem;

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
    /// Paths not checked, and why: an unreadable directory, a symbolic
    /// link inside a walked directory, a FIFO or device, a named file in no
    /// supported language. None of them stops the run.
    pub problems: Vec<FileProblem>,
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

const NOT_REGULAR: &str = "skipped: not a regular file";

pub fn discover(paths: &[PathBuf], cwd: &Path) -> Result<Discovery, DiscoverError> {
    discover_excluding(paths, cwd, &PathMatcher::default())
}

/// `discover`, leaving out the paths `exclude` matches (and what excluded
/// directories hold), named ones too: a changed-file run honours it.
pub fn discover_excluding(
    paths: &[PathBuf],
    cwd: &Path,
    exclude: &PathMatcher,
) -> Result<Discovery, DiscoverError> {
    if let Some(missing) = paths.iter().find(|p| !p.exists()) {
        return Err(DiscoverError::NotFound(missing.clone()));
    }
    let mut discovery = Discovery::default();
    let mut problem = |path: &Path, message: String| {
        discovery.problems.push(FileProblem {
            path: display_path(path, cwd),
            message,
            position: None,
        })
    };
    let mut files = Vec::new();
    for root in paths.iter().filter(|root| !exclude.matches(root)) {
        // A named path is followed when it is a link; what it names decides.
        let metadata = match std::fs::metadata(root) {
            Ok(metadata) => metadata,
            Err(error) => {
                problem(root, format!("cannot be read: {error}"));
                continue;
            }
        };
        if metadata.is_file() {
            match Language::from_path(root) {
                Some(language) => files.push(Discovered {
                    path: root.clone(),
                    display: display_path(root, cwd),
                    layout_path: layout_path(root, cwd, root.parent().unwrap_or(root)),
                    language,
                }),
                None => problem(
                    root,
                    "not checked: storlint reads .rs, .swift, .kt, .kts and .sql files".to_string(),
                ),
            }
            continue;
        }
        if !metadata.is_dir() {
            // Reading a FIFO or a device could block forever.
            problem(root, NOT_REGULAR.to_string());
            continue;
        }
        let excluded = exclude.clone();
        let walker = ignore::WalkBuilder::new(root)
            .hidden(true)
            .require_git(false)
            .filter_entry(move |entry| {
                if excluded.matches(entry.path()) {
                    return false;
                }
                let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
                !(is_dir && entry.depth() > 0 && BUILD_DIRS.iter().any(|d| entry.file_name() == *d))
            })
            .build();
        for entry in walker {
            let entry = match entry {
                Ok(entry) => entry,
                Err(error) => {
                    let (path, message) = walk_problem(&error, root);
                    problem(&path, message);
                    continue;
                }
            };
            let Some(file_type) = entry.file_type() else {
                continue;
            };
            if file_type.is_dir() {
                continue;
            }
            let path = entry.path();
            // A named link to a directory is the walk's root: it is walked.
            if file_type.is_symlink() && entry.depth() > 0 {
                // Not followed: a link may lead out of the project or back
                // into it, in a loop. One that could hold sources is said.
                if Language::from_path(path).is_some() || path.is_dir() {
                    problem(
                        path,
                        "skipped: symbolic link (links inside a directory are not followed; \
                         name it on the command line to check it)"
                            .to_string(),
                    );
                }
                continue;
            }
            let Some(language) = Language::from_path(path) else {
                continue;
            };
            if !file_type.is_file() {
                problem(path, NOT_REGULAR.to_string());
                continue;
            }
            files.push(Discovered {
                display: display_path(path, cwd),
                layout_path: layout_path(path, cwd, root),
                path: entry.into_path(),
                language,
            });
        }
    }
    files.sort_by(|a, b| (&a.display, &a.path).cmp(&(&b.display, &b.path)));
    // The same file reached twice (a directory and a file in it, `./a.rs`
    // and `a.rs`) is checked once. Distinct files are never merged, even
    // when their names print alike.
    let mut seen = HashSet::new();
    files.retain(|file| seen.insert(cwd.join(&file.path).components().collect::<PathBuf>()));
    discovery.files = files;
    // Directory listings come in no particular order; reports do.
    discovery
        .problems
        .sort_by(|a, b| (&a.path, &a.message).cmp(&(&b.path, &b.message)));
    Ok(discovery)
}

/// The path a walk error is about (the directory that could not be read),
/// and what went wrong.
fn walk_problem(error: &ignore::Error, root: &Path) -> (PathBuf, String) {
    match error {
        ignore::Error::WithPath { path, err } => (path.clone(), walk_problem(err, root).1),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_problem(err, root)
        }
        ignore::Error::Io(io) => (root.to_path_buf(), format!("cannot be read: {io}")),
        other => (root.to_path_buf(), other.to_string()),
    }
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
    shown(relative)
}

/// `./src/a.rs` -> `src/a.rs`; an absolute path under `cwd` -> relative to it.
pub fn display_path(path: &Path, cwd: &Path) -> String {
    let relative = path
        .strip_prefix(cwd)
        .or_else(|_| path.strip_prefix("."))
        .unwrap_or(path);
    if relative.as_os_str().is_empty() {
        shown(path)
    } else {
        shown(relative)
    }
}

/// A path as text, with `/` between its components, that tells distinct
/// paths apart and stays on one line: bytes that are not UTF-8 show as
/// `\xff`, control characters as `\n`, `\t` or `\u{1b}`. A backslash in a
/// Unix file name stays a backslash, never a separator.
fn shown(path: &Path) -> String {
    let mut out = String::new();
    for component in path.components() {
        match component {
            Component::Prefix(prefix) => out.push_str(&prefix.as_os_str().to_string_lossy()),
            Component::RootDir => out.push('/'),
            other => {
                if !out.is_empty() && !out.ends_with('/') {
                    out.push('/');
                }
                escape_into(&mut out, other.as_os_str());
            }
        }
    }
    out
}

fn escape_into(out: &mut String, name: &OsStr) {
    for chunk in name.as_encoded_bytes().utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_control() {
                out.extend(c.escape_default());
            } else {
                out.push(c);
            }
        }
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
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
    fn names_are_shown_distinctly_and_on_one_line() {
        assert_eq!(shown(Path::new("./a//b/c.rs")), "./a/b/c.rs");
        assert_eq!(shown(Path::new("/x/new\nline.sql")), "/x/new\\nline.sql");
        assert_eq!(shown(Path::new("a\\b.sql")), "a\\b.sql");
        assert_eq!(shown(Path::new("My App/Café.swift")), "My App/Café.swift");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let latin1 = Path::new(OsStr::from_bytes(b"caf\xe9.sql"));
            assert_eq!(shown(latin1), "caf\\xe9.sql");
        }
    }

    #[test]
    fn a_walk_error_names_the_directory_it_could_not_read() {
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let error = ignore::Error::WithDepth {
            depth: 2,
            err: Box::new(ignore::Error::WithPath {
                path: PathBuf::from("app/locked"),
                err: Box::new(ignore::Error::Io(denied)),
            }),
        };
        let (path, message) = walk_problem(&error, Path::new("app"));
        assert_eq!(path, Path::new("app/locked"));
        assert_eq!(message, "cannot be read: permission denied");
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
        let problems: Vec<String> = found.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            problems,
            ["notes.txt: not checked: storlint reads .rs, .swift, .kt, .kts and .sql files"]
        );
    }
}
