//! `--format json`: the report as one JSON object whose shape is part of
//! storlint's interface (documented in the README). Fields are only ever
//! added; a change to an existing field raises `version`.

use std::io::Write;

use serde::Serialize;

use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::source::{ByteRange, SourceFile};
use crate::{FileProblem, Report};

use super::Lazy;

/// The schema's version: raised when a field changes meaning or goes away.
pub const VERSION: u32 = 1;

/// Writes the report as JSON, findings serialized one at a time.
pub fn write_json(out: &mut dyn Write, report: &Report) -> std::io::Result<()> {
    let log = Log {
        version: VERSION,
        tool: Tool {
            name: "storlint",
            version: env!("CARGO_PKG_VERSION"),
        },
        findings: Lazy(|| {
            report.files.iter().flat_map(|file| {
                file.diagnostics
                    .iter()
                    .map(move |diagnostic| Finding::new(&file.source, diagnostic))
            })
        }),
        problems: report.problems.iter().map(Problem::from).collect(),
        suppression_warnings: report
            .suppression_warnings
            .iter()
            .map(Problem::from)
            .collect(),
        summary: Summary::of(report),
    };
    serde_json::to_writer_pretty(&mut *out, &log).map_err(std::io::Error::from)?;
    writeln!(out)
}

#[derive(Serialize)]
struct Log<'a, F> {
    version: u32,
    tool: Tool,
    findings: F,
    problems: Vec<Problem<'a>>,
    suppression_warnings: Vec<Problem<'a>>,
    summary: Summary,
}

#[derive(Serialize)]
struct Tool {
    name: &'static str,
    version: &'static str,
}

#[derive(Serialize)]
struct Finding<'a> {
    rule: &'a str,
    severity: Severity,
    path: &'a str,
    range: Range,
    message: &'a str,
    /// What the primary range shows (may be empty).
    label: &'a str,
    notes: Vec<&'a str>,
    help: &'a str,
    related: Vec<Related<'a>>,
    fix: Option<Fix<'a>>,
}

impl<'a> Finding<'a> {
    fn new(source: &'a SourceFile, diagnostic: &'a Diagnostic) -> Finding<'a> {
        let same_file = diagnostic.secondary.iter().map(|label| Related {
            path: &source.display,
            range: Range::of(source, &label.range),
            message: &label.message,
        });
        let other_places = diagnostic.related.iter().map(|related| Related {
            path: &related.path,
            range: Range {
                start: Position::new(related.start_char, related.range.start),
                end: Position::new(related.end_char, related.range.end),
            },
            message: &related.message,
        });
        Finding {
            rule: diagnostic.rule,
            severity: diagnostic.severity,
            path: &source.display,
            range: Range::of(source, &diagnostic.primary.range),
            message: &diagnostic.message,
            label: &diagnostic.primary.message,
            notes: diagnostic.note.iter().map(String::as_str).collect(),
            help: &diagnostic.help,
            related: same_file.chain(other_places).collect(),
            fix: diagnostic.fix.as_ref().map(|fix| Fix {
                title: &fix.title,
                applicability: match fix.applicability {
                    Applicability::Safe => "safe",
                    Applicability::Unsafe => "unsafe",
                    Applicability::DisplayOnly => "display-only",
                },
                edits: fix
                    .edits
                    .iter()
                    .map(|edit| Edit {
                        range: Range::of(source, &edit.range),
                        content: &edit.content,
                    })
                    .collect(),
            }),
        }
    }
}

#[derive(Serialize)]
struct Range {
    start: Position,
    end: Position,
}

impl Range {
    fn of(source: &SourceFile, range: &ByteRange) -> Range {
        Range {
            start: Position::new(source.line_col(range.start), range.start),
            end: Position::new(source.line_col(range.end), range.end),
        }
    }
}

/// One-based line and column (in characters, as the text output counts
/// them), and the byte offset into the file's text (after a byte-order mark).
#[derive(Serialize)]
struct Position {
    line: usize,
    column: usize,
    offset: usize,
}

impl Position {
    fn new((line, column): (usize, usize), offset: usize) -> Position {
        Position {
            line,
            column,
            offset,
        }
    }
}

#[derive(Serialize)]
struct Related<'a> {
    path: &'a str,
    range: Range,
    message: &'a str,
}

#[derive(Serialize)]
struct Fix<'a> {
    title: &'a str,
    applicability: &'static str,
    edits: Vec<Edit<'a>>,
}

#[derive(Serialize)]
struct Edit<'a> {
    range: Range,
    content: &'a str,
}

/// A file that could not be checked, or a `storlint-ignore` comment that
/// suppresses nothing.
#[derive(Serialize)]
struct Problem<'a> {
    path: &'a str,
    line: Option<usize>,
    column: Option<usize>,
    message: &'a str,
}

impl<'a> From<&'a FileProblem> for Problem<'a> {
    fn from(problem: &'a FileProblem) -> Problem<'a> {
        Problem {
            path: &problem.path,
            line: problem.position.map(|(line, _)| line),
            column: problem.position.map(|(_, column)| column),
            message: &problem.message,
        }
    }
}

#[derive(Serialize)]
struct Summary {
    findings: usize,
    files_checked: usize,
    files_skipped: usize,
    files_not_checked: usize,
    test_files_not_checked: usize,
    build_directories_skipped: usize,
    hidden_by_configuration: usize,
    hidden_by_baseline: usize,
}

impl Summary {
    fn of(report: &Report) -> Summary {
        Summary {
            findings: report.finding_count(),
            files_checked: report.checked,
            files_skipped: report.skipped,
            files_not_checked: report.problems.len(),
            test_files_not_checked: report.test_files,
            build_directories_skipped: report.build_dirs_skipped,
            hidden_by_configuration: report.hidden.by_configuration,
            hidden_by_baseline: report.hidden.by_baseline,
        }
    }
}
