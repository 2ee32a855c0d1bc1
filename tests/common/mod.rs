//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test crate uses a different subset

use std::path::{Path, PathBuf};

use storlint::source::{Language, SourceFile};

pub fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

/// Reads a fixture the way the pipeline does.
pub fn load(path: &Path) -> SourceFile {
    let language =
        Language::from_path(path).unwrap_or_else(|| panic!("{}: unknown language", path.display()));
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = SourceFile::decode(bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // Shown relative to the package, as a run from its root would: layout
    // conventions must not read the directories the checkout sits in.
    let display = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string();
    SourceFile::new(path.to_path_buf(), display, language, text)
}

/// (1-based line, rule id) of every finding, sorted.
pub fn findings(file: &SourceFile) -> Vec<(usize, String)> {
    let diagnostics = storlint::lint_source(file).unwrap_or_else(|p| panic!("{p}"));
    let mut found: Vec<(usize, String)> = diagnostics
        .iter()
        .map(|d| (file.line_col(d.primary.range.start).0, d.rule.to_string()))
        .collect();
    found.sort();
    found
}
