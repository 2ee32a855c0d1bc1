//! Starting on a codebase that already has findings: `--write-baseline`
//! records them, and `--baseline` hides what is recorded, so a team fixes
//! them over time while new code is held to the rules.
//!
//! An entry identifies a finding the way it survives unrelated edits: the
//! rule, the file's path in the project, and a fingerprint of the flagged
//! code and the line around it (whitespace-insensitive), with an occurrence
//! index telling identical lines of one file apart. Line numbers are kept
//! for the reader only; moving code does not invalidate an entry.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;
use crate::workspace::ProjectPaths;
use crate::Report;

/// The version of the file format; a file of another version is refused.
const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BaselineFile {
    version: u32,
    entries: Vec<Entry>,
}

/// One recorded finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub rule: String,
    /// Relative to the project root, with `/` between components.
    pub path: String,
    pub fingerprint: String,
    /// Where the finding was when recorded: for people reading the file.
    #[serde(default)]
    pub line: usize,
    #[serde(default)]
    pub message: String,
}

impl Entry {
    fn key(&self) -> (&str, &str, &str) {
        (&self.rule, &self.path, &self.fingerprint)
    }
}

/// The fingerprint of each of `diagnostics` (findings of one file), in
/// order: a hash of the rule, the flagged code and its lines, then the
/// occurrence of that hash in the file.
pub fn fingerprints(file: &SourceFile, diagnostics: &[Diagnostic]) -> Vec<String> {
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut ordered: Vec<(usize, &Diagnostic)> = diagnostics.iter().enumerate().collect();
    // Occurrences count in source order, whatever order the caller keeps.
    ordered.sort_by_key(|(_, d)| (d.primary.range.start, d.rule));
    let mut result = vec![String::new(); diagnostics.len()];
    for (index, diagnostic) in ordered {
        let hash = code_hash(file, diagnostic);
        let occurrence = seen.entry(hash).or_default();
        result[index] = format!("{hash:016x}-{occurrence}");
        *occurrence += 1;
    }
    result
}

fn code_hash(file: &SourceFile, diagnostic: &Diagnostic) -> u64 {
    let range = &diagnostic.primary.range;
    let first = file.line_index(range.start);
    let last = file
        .line_index(range.end.max(range.start + 1) - 1)
        .max(first);
    let lines = file.line_start(first)..file.line_range(last).end;
    let mut hashed = String::new();
    hashed.push_str(diagnostic.rule);
    hashed.push('\0');
    hashed.push_str(&squeezed(&file.text[range.clone()]));
    hashed.push('\0');
    hashed.push_str(&squeezed(&file.text[lines]));
    xxhash_rust::xxh3::xxh3_64(hashed.as_bytes())
}

/// Whitespace runs as one space, none at the ends: re-indenting or
/// re-wrapping the code keeps its fingerprint.
fn squeezed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `file`'s path relative to the project root, as entries record it.
fn project_path(file: &SourceFile, paths: &ProjectPaths) -> String {
    paths
        .relative(&file.display)
        .unwrap_or_else(|| file.display.clone())
}

/// The findings of `report` as entries, sorted by path, line and rule.
pub fn entries(report: &Report, paths: &ProjectPaths) -> Vec<Entry> {
    let mut entries: Vec<Entry> = report
        .files
        .iter()
        .flat_map(|file| {
            let path = project_path(&file.source, paths);
            let prints = fingerprints(&file.source, &file.diagnostics);
            file.diagnostics
                .iter()
                .zip(prints)
                .map(move |(diagnostic, fingerprint)| Entry {
                    rule: diagnostic.rule.to_string(),
                    path: path.clone(),
                    fingerprint,
                    line: file.source.line_col(diagnostic.primary.range.start).0,
                    message: diagnostic.message.clone(),
                })
        })
        .collect();
    entries.sort_by(|a, b| (&a.path, a.line, &a.rule).cmp(&(&b.path, b.line, &b.rule)));
    entries
}

/// Records the findings of `report` in the baseline file at `path`;
/// returns how many.
pub fn write(path: &Path, report: &Report, paths: &ProjectPaths) -> Result<usize, String> {
    let file = BaselineFile {
        version: FORMAT_VERSION,
        entries: entries(report, paths),
    };
    let mut text = serde_json::to_string_pretty(&file)
        .map_err(|e| format!("{}: cannot write the baseline: {e}", path.display()))?;
    text.push('\n');
    crate::write::replace_file(path, text.as_bytes())
        .map_err(|e| format!("{}: cannot write the baseline: {e}", path.display()))?;
    Ok(file.entries.len())
}

/// A baseline read from its file.
#[derive(Debug)]
pub struct Baseline {
    entries: Vec<Entry>,
}

/// What applying a baseline did.
#[derive(Debug, Default)]
pub struct Applied {
    /// Findings hidden because the baseline records them.
    pub hidden: usize,
    /// Entries that matched no finding: fixed, or their code changed.
    pub unmatched: Vec<Entry>,
}

impl Baseline {
    pub fn read(path: &Path) -> Result<Baseline, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read the baseline: {e}", path.display()))?;
        let file: BaselineFile = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}:{}:{}: not a storlint baseline: {e}",
                path.display(),
                e.line(),
                e.column()
            )
        })?;
        if file.version != FORMAT_VERSION {
            return Err(format!(
                "{}: baseline format version {} (this storlint reads version {FORMAT_VERSION}); \
                 write it again with --write-baseline",
                path.display(),
                file.version
            ));
        }
        Ok(Baseline {
            entries: file.entries,
        })
    }

    /// Hides the findings the baseline records. `in_run` says whether an
    /// entry's path was part of this run: only those can be unmatched.
    pub fn apply(
        &self,
        report: &mut Report,
        paths: &ProjectPaths,
        in_run: impl Fn(&str) -> bool,
    ) -> Applied {
        let recorded: HashSet<(&str, &str, &str)> = self.entries.iter().map(Entry::key).collect();
        let mut matched: HashSet<(String, String, String)> = HashSet::new();
        let mut applied = Applied::default();
        for file in &mut report.files {
            let path = project_path(&file.source, paths);
            let prints = fingerprints(&file.source, &file.diagnostics);
            let mut index = 0;
            file.diagnostics.retain(|diagnostic| {
                let fingerprint = &prints[index];
                index += 1;
                let key = (diagnostic.rule, path.as_str(), fingerprint.as_str());
                if recorded.contains(&key) {
                    matched.insert((
                        diagnostic.rule.to_string(),
                        path.clone(),
                        fingerprint.clone(),
                    ));
                    applied.hidden += 1;
                    false
                } else {
                    true
                }
            });
        }
        report.files.retain(|file| !file.diagnostics.is_empty());
        applied.unmatched = self
            .entries
            .iter()
            .filter(|entry| in_run(&entry.path))
            .filter(|entry| {
                !matched.contains(&(
                    entry.rule.clone(),
                    entry.path.clone(),
                    entry.fingerprint.clone(),
                ))
            })
            .cloned()
            .collect();
        applied
    }
}

/// Whether the project path `entry_path` lies under one of `run_paths`
/// (the paths a run was given): an entry outside them was not looked at.
pub fn under_paths(entry_path: &str, run_paths: &[PathBuf], paths: &ProjectPaths) -> bool {
    run_paths.iter().any(
        |run_path| match paths.relative(&run_path.to_string_lossy()) {
            Some(prefix) if prefix.is_empty() => true,
            Some(prefix) => entry_path == prefix || entry_path.starts_with(&format!("{prefix}/")),
            None => false,
        },
    )
}
