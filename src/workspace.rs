//! The project a run belongs to. The paths on the command line name what to
//! report on; the project around them is where the cross-file facts come
//! from (the helper that enables WAL, the caller holding the transaction),
//! so a pre-commit run on one changed file judges it as a run on the whole
//! project would.

use std::path::{Path, PathBuf};

/// What marks a project's root: a git work tree (`.git` is a directory, or
/// a file in a linked work tree or submodule), or storlint's configuration.
const ROOT_MARKERS: &[&str] = &[".git", "storlint.toml", ".storlint.toml"];

/// The nearest directory at or above the paths (all of them) that holds a
/// root marker; `None` when there is none up to the file system's root.
pub fn find_root(paths: &[PathBuf], cwd: &Path) -> Option<PathBuf> {
    let start = common_ancestor(paths, cwd)?;
    start
        .ancestors()
        .find(|dir| ROOT_MARKERS.iter().any(|marker| dir.join(marker).exists()))
        .map(Path::to_path_buf)
}

/// The deepest directory holding every path (a file's directory for a
/// file), with links resolved.
fn common_ancestor(paths: &[PathBuf], cwd: &Path) -> Option<PathBuf> {
    let mut common: Option<PathBuf> = None;
    for path in paths {
        let real = std::fs::canonicalize(cwd.join(path)).ok()?;
        let dir = if real.is_dir() {
            real
        } else {
            real.parent()?.to_path_buf()
        };
        common = Some(match common {
            None => dir,
            Some(common) => common
                .ancestors()
                .find(|ancestor| dir.starts_with(ancestor))?
                .to_path_buf(),
        });
    }
    common
}

/// Whether every path names `root` itself: the run is the whole project.
pub fn is_whole_project(paths: &[PathBuf], root: &Path, cwd: &Path) -> bool {
    let root = std::fs::canonicalize(root).ok();
    paths
        .iter()
        .all(|path| std::fs::canonicalize(cwd.join(path)).ok() == root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_marked_directory_above_all_paths_is_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let top = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::create_dir_all(top.join(".git")).unwrap();
        std::fs::create_dir_all(top.join("app/src")).unwrap();
        std::fs::create_dir_all(top.join("lib/nested")).unwrap();
        std::fs::write(top.join("lib/nested/storlint.toml"), "").unwrap();
        std::fs::write(top.join("app/src/a.kt"), "").unwrap();
        std::fs::write(top.join("lib/nested/b.kt"), "").unwrap();
        let root = |paths: &[&str]| {
            let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
            find_root(&paths, &top)
        };
        assert_eq!(root(&["app/src/a.kt"]), Some(top.clone()));
        assert_eq!(root(&["lib/nested/b.kt"]), Some(top.join("lib/nested")));
        // Two paths: the root above both.
        assert_eq!(
            root(&["app/src/a.kt", "lib/nested/b.kt"]),
            Some(top.clone())
        );
        assert_eq!(root(&["missing.kt"]), None);
        assert!(is_whole_project(&[PathBuf::from(".")], &top, &top));
        assert!(!is_whole_project(&[PathBuf::from("app")], &top, &top));
    }
}
