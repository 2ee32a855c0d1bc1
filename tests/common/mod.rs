//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test crate uses a different subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use storlint::source::{Language, SourceFile};

pub fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

/// The built binary, run in `cwd`, without colour.
pub fn storlint(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_storlint"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .output()
        .expect("the storlint binary runs")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A temporary directory holding `files` (path, text).
pub fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
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

/// How a fixture marks a finding: its rule id, with `?` when it is a hint
/// where its rule warns (a cost paid once, a setting without evidence).
pub fn marker_of(diagnostic: &storlint::diagnostic::Diagnostic) -> String {
    let rule_default = storlint::rules::RULES
        .iter()
        .find(|rule| rule.id == diagnostic.rule)
        .map(|rule| rule.severity);
    let lowered = diagnostic.severity == storlint::diagnostic::Severity::Hint
        && rule_default != Some(storlint::diagnostic::Severity::Hint);
    format!("{}{}", diagnostic.rule, if lowered { "?" } else { "" })
}

/// What fixtures write for a warning about a `storlint-ignore` comment,
/// the label `--format concise` gives it.
pub const SUPPRESSION_WARNING: &str = "storlint";

/// (1-based line, rule id) of every finding, and (line, `SUPPRESSION_WARNING`)
/// of every warning about a `storlint-ignore` comment, sorted.
pub fn findings(file: &SourceFile) -> Vec<(usize, String)> {
    let checked = storlint::check_source(file, &storlint::Options::default())
        .unwrap_or_else(|p| panic!("{p}"));
    let warnings = checked.warnings.iter().map(|w| {
        let (line, _) = w.position.unwrap_or_else(|| panic!("{w}: no position"));
        (line, SUPPRESSION_WARNING.to_string())
    });
    // A finding's merged occurrences of the same cause are `~ id+`.
    let members = checked.diagnostics.iter().flat_map(|d| {
        d.secondary
            .iter()
            .filter(|label| label.member)
            .map(|label| (file.line_col(label.range.start).0, format!("{}+", d.rule)))
    });
    let mut found: Vec<(usize, String)> = checked
        .diagnostics
        .iter()
        .map(|d| (file.line_col(d.primary.range.start).0, marker_of(d)))
        .chain(members)
        .chain(warnings)
        .collect();
    found.sort();
    found
}
