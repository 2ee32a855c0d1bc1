//! `--add-ignore`: a `storlint-ignore <rule-id>` comment above each current
//! finding (as ruff's `--add-noqa` does), so a codebase adopts storlint with
//! its existing findings marked in place, each one visible where it is.
//!
//! The comment takes the syntax of where the line starts: `//` in code,
//! `--` in a `.sql` file or inside a multi-line SQL string (where `//` would
//! become part of the SQL). Before a file is written, its new text is parsed
//! again and the markers are checked to drop every finding they were added
//! for; a file where that fails is left as it was and reported.

use std::collections::BTreeMap;

use crate::diagnostic::Diagnostic;
use crate::model::{Model, NodeKind};
use crate::source::{Language, SourceFile};
use crate::suppress::Suppressions;
use crate::{catalog, facts, lang, CheckedFile, FileProblem, Options, Report};

/// What `add_ignores` did.
#[derive(Debug, Default)]
pub struct Added {
    /// Comments written.
    pub comments: usize,
    /// Files changed.
    pub files: usize,
    /// Files left as they were, and why.
    pub problems: Vec<FileProblem>,
}

/// Adds the comments for every finding of `report`, file by file.
pub fn add_ignores(report: &Report, options: &Options) -> Added {
    let mut added = Added::default();
    for file in &report.files {
        match add_to_file(file, options) {
            Ok(comments) => {
                added.comments += comments;
                added.files += usize::from(comments > 0);
            }
            Err(message) => added.problems.push(FileProblem {
                path: file.source.display.clone(),
                message,
                position: None,
            }),
        }
    }
    added
}

/// Returns how many comments were written.
fn add_to_file(file: &CheckedFile, options: &Options) -> Result<usize, String> {
    let source = &file.source;
    let before = lang::lower_within(source, options.parse_budget)
        .map_err(|e| format!("cannot be parsed again: {}", e.message))?;
    let opener_of_line = line_openers(source, &before);
    // One comment per line, naming each rule found there once.
    let mut rules_by_line: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for diagnostic in &file.diagnostics {
        let rules = rules_by_line
            .entry(source.line_index(diagnostic.primary.range.start))
            .or_default();
        if !rules.contains(&diagnostic.rule) {
            rules.push(diagnostic.rule);
        }
    }
    let mut text = String::with_capacity(source.text.len() + 64 * rules_by_line.len());
    // (offset in the old text, bytes inserted there), in order.
    let mut insertions: Vec<(usize, usize)> = Vec::new();
    let mut copied = 0;
    for (&line, rules) in &rules_by_line {
        let start = source.line_start(line);
        text.push_str(&source.text[copied..start]);
        copied = start;
        let comment = comment_line(source, line, opener_of_line(start), "", rules);
        insertions.push((start, comment.len()));
        text.push_str(&comment);
    }
    text.push_str(&source.text[copied..]);
    let rewritten = source.with_text(text);
    check_rewritten(&before, &rewritten, &file.diagnostics, &insertions, options)?;
    let mut bytes = source_bom(source).as_bytes().to_vec();
    bytes.extend_from_slice(rewritten.text.as_bytes());
    // Checked last, as close to the write as it can be.
    let mut checked = source_bom(source).as_bytes().to_vec();
    checked.extend_from_slice(source.text.as_bytes());
    crate::write::replace_checked(&source.path, &checked, &bytes)?;
    Ok(rules_by_line.len())
}

/// A comment line to insert where the 0-based `line` starts, indented as
/// that line and ending as it does: `storlint-ignore<suffix> <rules>`.
fn comment_line(
    source: &SourceFile,
    line: usize,
    opener: &str,
    suffix: &str,
    rules: &[&str],
) -> String {
    let line_text = &source.text[source.line_range(line)];
    let indent: String = line_text
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let ending = if source.text[source.line_range(line).end..].starts_with("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    format!(
        "{indent}{opener} storlint-ignore{suffix} {}{ending}",
        rules.join(", ")
    )
}

/// Where a marker for `rule` goes and what it says: above the finding's
/// line (`whole_file` false) or at the top of the file, in the comment
/// syntax that fits there. For an editor's "suppress" action, which
/// inserts it without writing the file.
pub fn marker_insertion(
    source: &SourceFile,
    model: &Model,
    offset: usize,
    rule: &str,
    whole_file: bool,
) -> (usize, String) {
    let opener_of_line = line_openers(source, model);
    let line = if whole_file {
        0
    } else {
        source.line_index(offset)
    };
    let start = source.line_start(line);
    let suffix = if whole_file { "-file" } else { "" };
    let comment = comment_line(source, line, opener_of_line(start), suffix, &[rule]);
    (start, comment)
}

fn source_bom(source: &SourceFile) -> &'static str {
    if source.bom_len > 0 {
        "\u{feff}"
    } else {
        ""
    }
}

/// For an offset where a line starts, the comment opener that fits there:
/// `--` inside a string (SQL spanning lines) or in SQL, `//` elsewhere.
fn line_openers(source: &SourceFile, model: &Model) -> impl Fn(usize) -> &'static str {
    let strings: Vec<std::ops::Range<usize>> = model
        .nodes
        .iter()
        .filter(|node| matches!(node.kind, NodeKind::Str(_)))
        .map(|node| node.range.clone())
        .collect();
    let sql = source.language == Language::Sql;
    move |offset: usize| {
        let in_string = strings
            .iter()
            .any(|range| range.start < offset && offset < range.end);
        if sql || in_string {
            "--"
        } else {
            "//"
        }
    }
}

/// The new text parses no worse than the old, and its markers drop every
/// finding they were written for.
fn check_rewritten(
    before: &Model,
    rewritten: &SourceFile,
    diagnostics: &[Diagnostic],
    insertions: &[(usize, usize)],
    options: &Options,
) -> Result<(), String> {
    let refused = || {
        "cannot take storlint-ignore comments without changing its meaning: not modified (a bug in storlint: please report it)".to_string()
    };
    let after = lang::lower_within(rewritten, options.parse_budget).map_err(|_| refused())?;
    if after.unparsed.len() > before.unparsed.len() {
        return Err(refused());
    }
    let ops = catalog::classify(&after, &rewritten.text);
    let sql = facts::collect(&after, &ops);
    let suppressions = Suppressions::collect(rewritten, &after, &sql.facts);
    let shifted = |offset: usize| {
        offset
            + insertions
                .iter()
                .filter(|(at, _)| *at <= offset)
                .map(|(_, len)| len)
                .sum::<usize>()
    };
    let mut moved: Vec<Diagnostic> = diagnostics
        .iter()
        .map(|diagnostic| {
            let mut moved = diagnostic.clone();
            let range = &diagnostic.primary.range;
            moved.primary.range = shifted(range.start)..shifted(range.end);
            moved
        })
        .collect();
    suppressions.apply(rewritten, &mut moved);
    if moved.is_empty() {
        Ok(())
    } else {
        Err(refused())
    }
}
