//! The project a run belongs to. The paths on the command line name what to
//! report on; the project around them is where the cross-file facts come
//! from (the helper that enables WAL, the caller holding the transaction),
//! so a pre-commit run on one changed file judges it as a run on the whole
//! project would.

use std::path::{Path, PathBuf};

/// What marks a project's root besides a configuration file
/// (`config::FILE_NAMES`): a git work tree (`.git` is a directory, or a
/// file in a linked work tree or submodule).
const GIT: &str = ".git";

/// The nearest directory at or above the paths (all of them) that holds a
/// root marker; `None` when there is none up to the file system's root.
pub fn find_root(paths: &[PathBuf], cwd: &Path) -> Option<PathBuf> {
    crate::config::common_ancestor(paths, cwd)
        .ancestors()
        .find(|dir| {
            dir.join(GIT).exists()
                || crate::config::FILE_NAMES
                    .iter()
                    .any(|name| dir.join(name).is_file())
        })
        .map(Path::to_path_buf)
}

/// Whether every path names `root` itself: the run is the whole project.
pub fn is_whole_project(paths: &[PathBuf], root: &Path, cwd: &Path) -> bool {
    let root = std::fs::canonicalize(root).ok();
    paths
        .iter()
        .all(|path| std::fs::canonicalize(cwd.join(path)).ok() == root)
}

/// Turns the paths a run displays (relative to the working directory, or
/// absolute) into paths relative to the project root, the form baselines
/// and code review record: the same whichever directory the run started in.
#[derive(Debug, Clone)]
pub struct ProjectPaths {
    root: PathBuf,
    cwd: PathBuf,
    /// The working directory relative to the root, when inside it.
    cwd_in_root: Option<PathBuf>,
}

impl ProjectPaths {
    pub fn new(cwd: &Path, root: &Path) -> ProjectPaths {
        let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        let (cwd, root) = (real(cwd), real(root));
        ProjectPaths {
            cwd_in_root: cwd.strip_prefix(&root).ok().map(Path::to_path_buf),
            root,
            cwd,
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `display` relative to the project root, with `/` between components;
    /// `None` for a path outside the project.
    pub fn relative(&self, display: &str) -> Option<String> {
        let path = Path::new(display);
        let relative = if path.is_absolute() {
            path.strip_prefix(&self.root).ok()?.to_path_buf()
        } else {
            crate::config::normalize(&self.cwd_in_root.as_ref()?.join(path))
        };
        let parts: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        parts
            .first()
            .is_none_or(|first| first != "..")
            .then(|| parts.join("/"))
    }

    /// `display` as an absolute path.
    pub fn absolute(&self, display: &str) -> PathBuf {
        self.cwd.join(display)
    }
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
        // Nothing marks a project above a bare temporary directory.
        let bare = tempfile::tempdir().unwrap();
        assert_eq!(find_root(&[PathBuf::from(".")], bare.path()), None);
        assert!(is_whole_project(&[PathBuf::from(".")], &top, &top));
        let from_app = ProjectPaths::new(&top.join("app"), &top);
        assert_eq!(
            from_app.relative("src/a.kt").as_deref(),
            Some("app/src/a.kt")
        );
        assert_eq!(
            from_app.relative("../lib/nested/b.kt").as_deref(),
            Some("lib/nested/b.kt")
        );
        let absolute = top.join("lib/nested/b.kt").display().to_string();
        assert_eq!(
            from_app.relative(&absolute).as_deref(),
            Some("lib/nested/b.kt")
        );
        assert_eq!(from_app.relative("/elsewhere/c.kt"), None);
        assert!(!is_whole_project(&[PathBuf::from("app")], &top, &top));
    }
}
