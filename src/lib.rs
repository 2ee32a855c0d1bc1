//! storlint: finds storage anti-patterns in Rust, Swift, Kotlin and SQL.
//!
//! The pipeline, one plain function per stage:
//! discover -> read + prefilter -> parse and lower -> classify -> SQL facts -> rules.

pub mod catalog;
pub mod diagnostic;
pub mod discover;
pub mod facts;
pub mod lang;
pub mod model;
pub mod prefilter;
pub mod registry;
pub mod render;
pub mod rules;
pub mod source;

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diagnostic::Diagnostic;
use crate::discover::{DiscoverError, Discovered};
use crate::registry::{FileContext, RULES};
use crate::source::SourceFile;

/// Files nested deeper than this are reported and skipped: the parsers
/// recurse once per level and real code never comes close.
pub const MAX_NESTING: usize = 1000;

/// Parsing recurses; these threads give it room well beyond `MAX_NESTING`.
const PARSER_STACK_BYTES: usize = 64 * 1024 * 1024;

/// A file that could not be checked, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileProblem {
    pub path: String,
    pub message: String,
    /// 1-based line and column, when the problem has a position.
    pub position: Option<(usize, usize)>,
}

impl std::fmt::Display for FileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.position {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.path, self.message),
            None => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

/// A checked file that has findings, kept with its text for rendering.
#[derive(Debug)]
pub struct CheckedFile {
    pub source: SourceFile,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Debug, Default)]
pub struct Report {
    pub files: Vec<CheckedFile>,
    /// Files that could not be read or parsed; the run went on without them.
    pub problems: Vec<FileProblem>,
    /// Warnings from discovery.
    pub warnings: Vec<String>,
    pub checked: usize,
    /// Files the prefilter skipped: no word any rule cares about.
    pub skipped: usize,
}

impl Report {
    pub fn finding_count(&self) -> usize {
        self.files.iter().map(|f| f.diagnostics.len()).sum()
    }
}

enum Outcome {
    Checked(Option<CheckedFile>),
    Skipped,
    Failed(FileProblem),
}

/// Discovers and checks every file under `paths`, in parallel.
pub fn lint_paths(paths: &[PathBuf], cwd: &Path) -> Result<Report, DiscoverError> {
    let discovery = discover::discover(paths, cwd)?;
    let outcomes: Vec<Outcome> =
        with_parser_threads(|| discovery.files.par_iter().map(check_discovered).collect());
    let mut report = Report {
        warnings: discovery.warnings,
        ..Report::default()
    };
    for outcome in outcomes {
        match outcome {
            Outcome::Checked(file) => {
                report.checked += 1;
                report.files.extend(file);
            }
            Outcome::Skipped => report.skipped += 1,
            Outcome::Failed(problem) => report.problems.push(problem),
        }
    }
    Ok(report)
}

/// Runs `work` on a pool whose threads have stacks deep enough for the parsers.
fn with_parser_threads<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new()
        .stack_size(PARSER_STACK_BYTES)
        .thread_name(|i| format!("storlint-{i}"))
        .build()
    {
        Ok(pool) => pool.install(work),
        // Without a pool of our own (threads exhausted), the deep-nesting cap
        // still protects the default stack.
        Err(_) => work(),
    }
}

fn check_discovered(found: &Discovered) -> Outcome {
    let problem = |message: String| {
        Outcome::Failed(FileProblem {
            path: found.display.clone(),
            message,
            position: None,
        })
    };
    let bytes = match std::fs::read(&found.path) {
        Ok(bytes) => bytes,
        Err(error) => return problem(format!("cannot be read: {error}")),
    };
    let text = match SourceFile::decode(bytes) {
        Ok(text) => text,
        Err(error) => return problem(format!("skipped: {error}")),
    };
    if !prefilter::mentions_storage(&text) {
        return Outcome::Skipped;
    }
    let source = SourceFile::new(
        found.path.clone(),
        found.display.clone(),
        found.language,
        text,
    );
    match lint_source(&source) {
        Ok(diagnostics) if diagnostics.is_empty() => Outcome::Checked(None),
        Ok(diagnostics) => Outcome::Checked(Some(CheckedFile {
            source,
            diagnostics,
        })),
        Err(problem) => Outcome::Failed(problem),
    }
}

/// Checks one file already in memory: parse, lower, classify, collect SQL
/// facts, run the rules for its language. Diagnostics come out in source order.
pub fn lint_source(file: &SourceFile) -> Result<Vec<Diagnostic>, FileProblem> {
    let problem = |message: String, offset: Option<usize>| FileProblem {
        path: file.display.clone(),
        message,
        position: offset.map(|o| file.line_col(o)),
    };
    if let Some(offset) = too_deep(&file.text) {
        return Err(problem(
            format!("skipped: nested more than {MAX_NESTING} levels deep"),
            Some(offset),
        ));
    }
    let model = lang::lower(file).map_err(|e| {
        problem(
            format!(
                "could not be parsed as {}: {}",
                file.language.name(),
                e.message
            ),
            e.offset,
        )
    })?;
    let ops = catalog::classify(&model);
    let sql = facts::collect(&model, &ops);
    let ctx = FileContext {
        file,
        model: &model,
        ops: &ops,
        sql: &sql,
    };
    let mut diagnostics: Vec<Diagnostic> = RULES
        .iter()
        .filter(|rule| rule.languages.contains(&file.language))
        .flat_map(|rule| (rule.check)(&ctx))
        .collect();
    diagnostics
        .sort_by(|a, b| (a.primary.range.start, a.rule).cmp(&(b.primary.range.start, b.rule)));
    Ok(diagnostics)
}

/// The offset where bracket nesting first exceeds `MAX_NESTING`. Counting
/// brackets without lexing over-counts only in pathological strings, and the
/// cap is far above real code, so this cheap scan is a safe bound.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (offset, byte) in text.bytes().enumerate() {
        match byte {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(offset);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}
