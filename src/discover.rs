//! Which files to check: walks the given paths, honouring `.gitignore` and
//! `.ignore`, skipping hidden directories and build output, and picks each
//! file's language by extension.

use std::collections::{HashMap, HashSet};
use std::ffi::OsStr;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use rayon::iter::{ParallelBridge, ParallelIterator};

use crate::config::PathMatcher;
use crate::source::Language;
use crate::FileProblem;

/// Directories that hold build output or third-party code wherever they are.
/// Vendored dependencies (`cargo vendor`, Go's and others' `vendor/`,
/// Chromium-style `third_party/`) are other projects' code, as build output is
/// not the project's.
const ALWAYS_BUILD_OUTPUT: &[&str] = &["DerivedData", "node_modules", "vendor", "third_party"];

/// A directory named like a build system's output directory is one only
/// next to that build system's file: `src/build/` of a Rust crate is source.
/// (`.build`, SwiftPM's, is hidden and never walked.)
const OUTPUT_BESIDE: &[(&str, &[&str])] = &[
    ("target", &["Cargo.toml"]),
    // CocoaPods' checkouts of the pods a Podfile names.
    ("Pods", &["Podfile"]),
    (
        "build",
        &[
            "build.gradle",
            "build.gradle.kts",
            "settings.gradle",
            "settings.gradle.kts",
            "Package.swift",
            "CMakeLists.txt",
        ],
    ),
];

/// The file build tools (Cargo among them) leave in the directories they
/// generate, per https://bford.info/cachedir/.
const CACHEDIR_TAG: &str = "CACHEDIR.TAG";

/// Whether the directory at `path`, named `name`, holds build output.
fn is_build_output(path: &Path, name: &OsStr) -> bool {
    if ALWAYS_BUILD_OUTPUT.iter().any(|d| name == *d) {
        return true;
    }
    // Carthage checks its dependencies out in `Carthage/Checkouts`.
    let carthage = name == "Checkouts"
        && path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|parent| parent == "Carthage");
    let beside_its_build_file = OUTPUT_BESIDE.iter().any(|(dir, build_files)| {
        name == *dir
            && path
                .parent()
                .is_some_and(|parent| build_files.iter().any(|f| parent.join(f).is_file()))
    });
    carthage || beside_its_build_file || path.join(CACHEDIR_TAG).is_file()
}

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
    /// The file's text when it is given rather than read from disk: an
    /// editor's unsaved buffer, on stdin.
    pub text: Option<String>,
    /// The file's real path (`identity`), which tells the same file reached
    /// twice from distinct ones.
    identity: PathBuf,
}

#[derive(Debug, Default)]
pub struct Discovery {
    pub files: Vec<Discovered>,
    /// Paths not checked, and why: an unreadable directory, a symbolic
    /// link inside a walked directory, a FIFO or device, a named file in no
    /// supported language. None of them stops the run.
    pub problems: Vec<FileProblem>,
    /// Directories of build output not walked.
    pub build_dirs_skipped: usize,
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
    discover_reading(paths, cwd, exclude, &|_| ()).map(|(discovery, _)| discovery)
}

/// `discover_excluding`, with what `read` makes of each file, in the
/// order of `Discovery::files`. Called on a thread of a rayon pool, the
/// pool's threads call it as the walk finds the files: the listing waits on
/// the file system, and the reading fills the time (a file reached twice
/// is read twice, and one reading kept).
pub fn discover_reading<T: Send>(
    paths: &[PathBuf],
    cwd: &Path,
    exclude: &PathMatcher,
    read: &(dyn Fn(&Discovered) -> T + Sync),
) -> Result<(Discovery, Vec<T>), DiscoverError> {
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
    let mut walk_problems = Vec::new();
    let mut canonical_dirs = HashMap::new();
    let build_dirs_skipped = Arc::new(AtomicUsize::new(0));
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
                Some(language) => {
                    let file = Discovered {
                        path: root.clone(),
                        display: display_path(root, cwd),
                        layout_path: layout_path(root, cwd, root.parent().unwrap_or(root)),
                        language,
                        text: None,
                        identity: identity(root, cwd, &mut canonical_dirs),
                    };
                    let reading = read(&file);
                    files.push((file, reading));
                }
                None => problem(
                    root,
                    format!("not checked: storlint reads {} files", Language::EXTENSIONS),
                ),
            }
            continue;
        }
        if !metadata.is_dir() {
            // Reading a FIFO or a device could block forever.
            problem(root, NOT_REGULAR.to_string());
            continue;
        }
        // Links inside the walk are not followed: a walked file's real path
        // is the root's, resolved once, joined with the path below it (a
        // directory resolved per file cost a system call per component,
        // some twelve thousand on a large app).
        let real_root = real_dir(&cwd.join(root));
        let skipped = Arc::clone(&build_dirs_skipped);
        let excluded = exclude.clone();
        let walker = ignore::WalkBuilder::new(root)
            .hidden(true)
            .require_git(false)
            .filter_entry(move |entry| {
                if excluded.matches(entry.path()) {
                    return false;
                }
                let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
                let build_output =
                    is_dir && entry.depth() > 0 && is_build_output(entry.path(), entry.file_name());
                if build_output {
                    skipped.fetch_add(1, Ordering::Relaxed);
                }
                !build_output
            })
            // As many as the parsing pool (`RAYON_NUM_THREADS` sets both).
            .threads(rayon::current_num_threads())
            .build_parallel();
        // Each entry is judged on the walk's threads: its names (display,
        // layout, real path) cost more than the listing, and done in one
        // place after it they were a tenth of a small project's run. The
        // files are read as they come, on the threads of the current rayon
        // pool, not the walk's: a walk thread listing a directory of
        // hundreds of files would read them all alone.
        let (sender, receiver) = crossbeam_channel::unbounded();
        let walked: Vec<Walked<T>> = std::thread::scope(|scope| {
            scope.spawn(|| {
                walker.run(|| {
                    let sender = sender.clone();
                    let real_root = &real_root;
                    Box::new(move |entry| {
                        if let Some(walked) = judge(entry, root, real_root, cwd) {
                            // The receiver outlives the walk: a send cannot fail.
                            let _ = sender.send(walked);
                        }
                        ignore::WalkState::Continue
                    })
                });
                drop(sender);
            });
            let with_reading = |walked| match walked {
                Walked::File(file, ()) => {
                    let reading = read(&file);
                    Walked::File(file, reading)
                }
                Walked::Outside(file, ()) => {
                    let reading = read(&file);
                    Walked::Outside(file, reading)
                }
                Walked::Problem(found) => Walked::Problem(found),
            };
            // Outside a pool (a discovery that reads nothing, or a thread
            // the global pool may be waiting for), here.
            match rayon::current_thread_index() {
                Some(_) => receiver
                    .into_iter()
                    .par_bridge()
                    .map(with_reading)
                    .collect(),
                None => receiver.into_iter().map(with_reading).collect(),
            }
        });
        for walked in walked {
            match walked {
                Walked::File(file, reading) => files.push((file, reading)),
                Walked::Outside(mut file, reading) => {
                    file.identity = identity(&file.path, cwd, &mut canonical_dirs);
                    files.push((file, reading));
                }
                Walked::Problem(found) => walk_problems.push(found),
            }
        }
    }
    discovery.problems.append(&mut walk_problems);
    let (files, readings) = checked_once(files).into_iter().unzip();
    discovery.files = files;
    discovery.build_dirs_skipped = build_dirs_skipped.load(Ordering::Relaxed);
    // Directory listings come in no particular order; reports do.
    discovery
        .problems
        .sort_by(|a, b| (&a.path, &a.message).cmp(&(&b.path, &b.message)));
    Ok((discovery, readings))
}

/// The files under `paths`, then the rest of the project at `root`, and
/// for each whether it was asked for. A named file is found even where the
/// project's walk does not go (an ignored or build directory); the
/// project's own problems are not the run's.
pub fn discover_in_project(
    paths: &[PathBuf],
    root: &Path,
    cwd: &Path,
    exclude: &PathMatcher,
) -> Result<(Discovery, Vec<bool>), DiscoverError> {
    let mut discovery = discover_excluding(paths, cwd, exclude)?;
    let project = discover_excluding(&[root.to_path_buf()], cwd, exclude)?;
    let asked: HashSet<PathBuf> = (discovery.files.iter())
        .map(|file| file.identity.clone())
        .collect();
    let mut reported = vec![true; discovery.files.len()];
    for file in project.files {
        if !asked.contains(&file.identity) {
            discovery.files.push(file);
            reported.push(false);
        }
    }
    Ok((discovery, reported))
}

/// A file's text given rather than read from disk: an editor's unsaved
/// buffer. The file need not exist on disk.
#[derive(Debug, Clone)]
pub struct Buffer {
    pub path: PathBuf,
    pub language: Language,
    pub text: String,
}

/// The project at `root` with the `buffers` standing for their files, and
/// for each file whether it is reported: the buffers only. Without a root,
/// the buffers alone.
pub fn discover_buffers(
    buffers: Vec<Buffer>,
    root: Option<&Path>,
    cwd: &Path,
    exclude: &PathMatcher,
) -> Result<(Discovery, Vec<bool>), DiscoverError> {
    let mut discovery = match root {
        Some(root) => discover_excluding(&[root.to_path_buf()], cwd, exclude)?,
        None => Discovery::default(),
    };
    let mut reported = vec![false; discovery.files.len()];
    let mut canonical_dirs = HashMap::new();
    let mut index_of: HashMap<PathBuf, usize> = HashMap::new();
    for (index, file) in discovery.files.iter().enumerate() {
        index_of.insert(file.identity.clone(), index);
    }
    for buffer in buffers {
        let identity = identity(&buffer.path, cwd, &mut canonical_dirs);
        match index_of.get(&identity) {
            Some(&index) => {
                discovery.files[index].text = Some(buffer.text);
                reported[index] = true;
            }
            None => {
                let display = display_path(&buffer.path, cwd);
                discovery.files.push(Discovered {
                    layout_path: match root {
                        Some(root) => layout_path(&buffer.path, cwd, root),
                        None => display.clone(),
                    },
                    path: buffer.path,
                    display,
                    language: buffer.language,
                    text: Some(buffer.text),
                    identity,
                });
                reported.push(true);
            }
        }
    }
    Ok((discovery, reported))
}

/// What the walk found at one entry: a file with its reading, or a problem.
enum Walked<T> {
    File(Discovered, T),
    /// A file whose path is not below the walked root (never expected):
    /// its real path is resolved by `identity`, with the directories
    /// already resolved.
    Outside(Discovered, T),
    Problem(FileProblem),
}

/// Judges one entry of the walk of `root` (`real_root` its real path):
/// a source file, a problem worth a word, or nothing (a directory, a
/// file in no language storlint reads).
fn judge(
    entry: Result<ignore::DirEntry, ignore::Error>,
    root: &Path,
    real_root: &Path,
    cwd: &Path,
) -> Option<Walked<()>> {
    let problem = |path: &Path, message: String| {
        Some(Walked::Problem(FileProblem {
            path: display_path(path, cwd),
            message,
            position: None,
        }))
    };
    let entry = match entry {
        Ok(entry) => entry,
        Err(error) => {
            let (path, message) = walk_problem(&error, root);
            return problem(&path, message);
        }
    };
    let file_type = entry.file_type()?;
    if file_type.is_dir() {
        return None;
    }
    let path = entry.path();
    // A named link to a directory is the walk's root: it is walked.
    if file_type.is_symlink() && entry.depth() > 0 {
        // Not followed: a link may lead out of the project or back
        // into it, in a loop. One that could hold sources is said.
        if Language::from_path(path).is_some() || path.is_dir() {
            return problem(
                path,
                "skipped: symbolic link (links inside a directory are not followed; \
                 name it on the command line to check it)"
                    .to_string(),
            );
        }
        return None;
    }
    let language = Language::from_path(path)?;
    if !file_type.is_file() {
        return problem(path, NOT_REGULAR.to_string());
    }
    let below = path
        .strip_prefix(root)
        .ok()
        .map(|below| real_root.join(below));
    let file = Discovered {
        display: display_path(path, cwd),
        layout_path: layout_path(path, cwd, root),
        path: entry.into_path(),
        language,
        text: None,
        identity: below.clone().unwrap_or_default(),
    };
    Some(match below {
        Some(_) => Walked::File(file, ()),
        None => Walked::Outside(file, ()),
    })
}

/// The same file reached twice (a directory and a file in it, `./a.rs` and
/// `a.rs`, `demo` and `demo/ios/../ios`) is checked once, under its
/// shortest name. Distinct files are never merged, even when their names
/// print alike. Sorted by name.
fn checked_once<T>(files: Vec<(Discovered, T)>) -> Vec<(Discovered, T)> {
    // Keyed by the identity's bytes, which hash several times faster than
    // a path's components (this runs alone, between the walk and the
    // parses): every identity is a resolved directory joined with a name
    // as walked or given, so two name one file exactly when their bytes
    // are the same.
    let mut kept_at: foldhash::HashMap<&std::ffi::OsStr, usize> =
        foldhash::HashMap::with_capacity_and_hasher(files.len(), Default::default());
    for (index, (file, _)) in files.iter().enumerate() {
        let at = kept_at.entry(file.identity.as_os_str()).or_insert(index);
        let shown = &files[*at].0.display;
        if (file.display.len(), &file.display) < (shown.len(), shown) {
            *at = index;
        }
    }
    let mut kept = vec![false; files.len()];
    for &index in kept_at.values() {
        kept[index] = true;
    }
    drop(kept_at);
    let mut files: Vec<(Discovered, T)> = (files.into_iter().zip(kept))
        .filter_map(|(file, kept)| kept.then_some(file))
        .collect();
    // No two kept files share a path: the sort's order is the only one.
    files.sort_unstable_by(|(a, _), (b, _)| (&a.display, &a.path).cmp(&(&b.display, &b.path)));
    files
}

/// The file's real path: its directory resolved once per directory (`..`
/// and links), its name as found (walked links are never followed, so a
/// file's name is its own).
fn identity(path: &Path, cwd: &Path, canonical_dirs: &mut HashMap<PathBuf, PathBuf>) -> PathBuf {
    let absolute = cwd.join(path);
    let (Some(dir), Some(name)) = (absolute.parent(), absolute.file_name()) else {
        return absolute.components().collect();
    };
    let real_dir = (canonical_dirs.entry(dir.to_path_buf())).or_insert_with(|| real_dir(dir));
    real_dir.join(name)
}

/// `dir` with `..` and links resolved; as written when it cannot be.
fn real_dir(dir: &Path) -> PathBuf {
    std::fs::canonicalize(dir).unwrap_or_else(|_| dir.components().collect())
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
    let mut out = String::with_capacity(path.as_os_str().len());
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
        let valid = chunk.valid();
        if !valid.chars().any(char::is_control) {
            out.push_str(valid);
        } else {
            for c in valid.chars() {
                if c.is_control() {
                    out.extend(c.escape_default());
                } else {
                    out.push(c);
                }
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
            "Cargo.toml",
            "build.gradle",
            "src/build/mod.rs",
            "generated/CACHEDIR.TAG",
            "generated/out.rs",
            "vendor/dep/lib.rs",
            "third_party/sqlite/shell.swift",
            "ios/Pods/Dep/Dep.swift",
            "ios/Podfile",
            "pods/Pods/Kept.swift",
            "Carthage/Checkouts/Dep/Dep.swift",
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
                "pods/Pods/Kept.swift",
                "src/build/mod.rs",
                "src/lib.rs"
            ]
        );
        assert_eq!(found.files[0].language, Language::Kotlin);
        // target, build, DerivedData, node_modules, generated, vendor,
        // third_party, Pods beside its Podfile, Carthage/Checkouts.
        assert_eq!(found.build_dirs_skipped, 9);
    }

    #[test]
    fn each_reading_follows_its_file_on_a_pool_and_off_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        // A directory of many files, read on the pool as the walk finds
        // them, and one file named again on its own.
        let mut names: Vec<String> = (0..200).map(|i| format!("many/f{i:03}.kt")).collect();
        names.extend(["a/Store.swift".to_string(), "b/lib.rs".to_string()]);
        for name in &names {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, name).unwrap();
        }
        let paths = [root.to_path_buf(), root.join("a/Store.swift")];
        let read = |file: &Discovered| std::fs::read_to_string(&file.path).unwrap();
        let check = |(found, readings): (Discovery, Vec<String>)| {
            assert_eq!(found.files.len(), names.len());
            assert_eq!(readings.len(), found.files.len());
            for (file, reading) in found.files.iter().zip(&readings) {
                assert!(
                    file.display.ends_with(reading.as_str()),
                    "{file:?}: {reading}"
                );
            }
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        check(
            pool.install(|| {
                discover_reading(&paths, root, &PathMatcher::default(), &read).unwrap()
            }),
        );
        check(discover_reading(&paths, root, &PathMatcher::default(), &read).unwrap());
    }

    #[test]
    fn names_are_shown_distinctly_and_on_one_line() {
        assert_eq!(shown(Path::new("./a//b/c.rs")), "./a/b/c.rs");
        assert_eq!(shown(Path::new("/x/new\nline.sql")), "/x/new\\nline.sql");
        assert_eq!(shown(Path::new("a\\b.sql")), "a\\b.sql");
        assert_eq!(shown(Path::new("My App/Café.swift")), "My App/Café.swift");
        // A control character among others that need no escape, and one
        // outside ASCII (U+0085, next line).
        assert_eq!(shown(Path::new("Café\t\u{85}é.kt")), "Café\\t\\u{85}é.kt");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let latin1 = Path::new(OsStr::from_bytes(b"caf\xe9.sql"));
            assert_eq!(shown(latin1), "caf\\xe9.sql");
            let mixed = Path::new(OsStr::from_bytes(b"d\xe9j\xe0\n.rs"));
            assert_eq!(shown(mixed), "d\\xe9j\\xe0\\n.rs");
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
            ["notes.txt: not checked: storlint reads .rs, .swift, .kt, .kts, .sql and .sq (SQLDelight) files"]
        );
    }
}
