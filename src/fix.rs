//! Applying suggested fixes (`--fix`, `--unsafe-fixes`, `--diff`): each
//! file's fixes of the chosen applicability are applied together when their
//! edits do not overlap (of overlapping ones the first wins, the others wait
//! for the next round), the new text is checked again on its own, and the
//! rounds go on until no fix applies, at most `MAX_ROUNDS` times. A round
//! whose text no longer parses, or where a finding a fix was applied for
//! comes back, is a bug in a fix: the file keeps its text and the bug is
//! reported with the file named.
//!
//! Nothing here writes: `write` does, for `--fix`, one file at a time,
//! refusing a file that changed since it was read.

use rayon::prelude::*;

use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix};
use crate::source::{ByteRange, SourceFile};
use crate::{CheckedFile, FileProblem, Options, Report};

/// Rounds of fixing a file before storlint stops: a fix may uncover another
/// finding (an overlapping one waits a round), never a chain longer than this.
pub const MAX_ROUNDS: usize = 4;

/// The fixes a run applies: safe ones (`--fix`), or unsafe ones too
/// (`--unsafe-fixes`). Display-only fixes are never applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection {
    pub unsafe_fixes: bool,
}

impl Selection {
    pub fn applies(self, fix: &Fix) -> bool {
        match fix.applicability {
            Applicability::Safe => true,
            Applicability::Unsafe => self.unsafe_fixes,
            Applicability::DisplayOnly => false,
        }
    }
}

/// Keeps, of a file's findings, those the run reports (the configuration's
/// selection and per-file ignores, the baseline): only they are fixed.
pub type Reported<'a> = &'a (dyn Fn(&SourceFile, Vec<Diagnostic>) -> Vec<Diagnostic> + Sync);

/// A file whose text the fixes change.
#[derive(Debug)]
pub struct FixedFile {
    pub source: SourceFile,
    /// The text after fixing (without the byte-order mark, as `source.text`).
    pub fixed: String,
    /// How many findings the fixes resolved.
    pub fixes: usize,
}

impl FixedFile {
    /// The bytes to write: the fixed text behind the file's byte-order mark.
    pub fn bytes(&self) -> Vec<u8> {
        let mut bytes = bom(&self.source).as_bytes().to_vec();
        bytes.extend_from_slice(self.fixed.as_bytes());
        bytes
    }
}

/// What fixing a report would change.
#[derive(Debug, Default)]
pub struct Fixes {
    pub files: Vec<FixedFile>,
    /// Files left as they were because a fix broke them: bugs in storlint.
    pub problems: Vec<FileProblem>,
}

impl Fixes {
    pub fn count(&self) -> usize {
        self.files.iter().map(|file| file.fixes).sum()
    }
}

/// Fixes every file of `report` in memory, in parallel.
pub fn fix_report(
    report: &Report,
    options: &Options,
    selection: Selection,
    reported: Reported,
) -> Fixes {
    let outcomes: Vec<Result<Option<FixedFile>, FileProblem>> = report
        .files
        .par_iter()
        .filter(|file| has_fix(&file.diagnostics, selection))
        .map(|file| {
            fix_file(file, options, selection, reported).map_err(|message| FileProblem {
                path: file.source.display.clone(),
                message,
                position: None,
            })
        })
        .collect();
    let mut fixes = Fixes::default();
    for outcome in outcomes {
        match outcome {
            Ok(Some(file)) => fixes.files.push(file),
            Ok(None) => {}
            Err(problem) => fixes.problems.push(problem),
        }
    }
    fixes
}

/// One file fixed on its own, as `check_source` checks it: the text after
/// its fixes converge (the same text when none applies), or why it was left
/// as it was.
pub fn fix_source(
    file: &SourceFile,
    options: &Options,
    selection: Selection,
) -> Result<String, String> {
    let checked = crate::check_source(file, options).map_err(|problem| problem.message)?;
    let checked = CheckedFile {
        source: file.with_text(file.text.clone()),
        diagnostics: checked.diagnostics,
    };
    let every_finding: Reported = &|_, diagnostics| diagnostics;
    Ok(fix_file(&checked, options, selection, every_finding)?
        .map_or_else(|| file.text.clone(), |fixed| fixed.fixed))
}

/// How many of `diagnostics` carry a fix `selection` applies.
pub fn fixable(diagnostics: &[Diagnostic], selection: Selection) -> usize {
    diagnostics
        .iter()
        .filter(|d| d.fix.as_ref().is_some_and(|fix| selection.applies(fix)))
        .count()
}

fn has_fix(diagnostics: &[Diagnostic], selection: Selection) -> bool {
    fixable(diagnostics, selection) > 0
}

/// The file's text once its fixes converge; `None` when nothing applies.
/// Parses on a thread with the parsers' stack, as the check did.
fn fix_file(
    file: &CheckedFile,
    options: &Options,
    selection: Selection,
    reported: Reported,
) -> Result<Option<FixedFile>, String> {
    crate::on_parser_stack(|| fix_file_here(file, options, selection, reported))
}

fn fix_file_here(
    file: &CheckedFile,
    options: &Options,
    selection: Selection,
    reported: Reported,
) -> Result<Option<FixedFile>, String> {
    let original = &file.source;
    let broken = |why: &str| {
        format!("not fixed: {why} (a bug in storlint: please report it with this file)")
    };
    let unparsed_before = crate::lang::lower_within(original, options.parse_budget)
        .map_err(|e| format!("cannot be parsed again: {}", e.message))?
        .unparsed
        .len();
    let mut text = original.text.clone();
    let mut diagnostics = file.diagnostics.clone();
    let mut fixes = 0;
    for _ in 0..MAX_ROUNDS {
        let Some(round) = apply(&text, &diagnostics, selection) else {
            break;
        };
        let rewritten = original.with_text(round.text);
        let model = crate::lang::lower_within(&rewritten, options.parse_budget)
            .map_err(|_| broken("a fix made it unparsable"))?;
        if model.unparsed.len() > unparsed_before {
            return Err(broken("a fix made part of it unparsable"));
        }
        let checked = crate::check_source(&rewritten, options)
            .map_err(|_| broken("a fix made it unparsable"))?;
        let after = reported(&rewritten, checked.diagnostics);
        let came_back = after.iter().find(|finding| {
            round.applied.iter().any(|(rule, range)| {
                finding.rule == *rule && touches(&finding.primary.range, range)
            })
        });
        if let Some(finding) = came_back {
            return Err(broken(&format!(
                "the fix for {} left the finding in place",
                finding.rule
            )));
        }
        fixes += round.fixes;
        text = rewritten.text;
        diagnostics = after;
    }
    Ok((text != original.text).then(|| FixedFile {
        source: original.with_text(original.text.clone()),
        fixed: text,
        fixes,
    }))
}

fn bom(source: &SourceFile) -> &'static str {
    if source.bom_len > 0 {
        "\u{feff}"
    } else {
        ""
    }
}

/// One round: the new text, and for each fix applied its rule and where
/// its edits landed in the new text.
struct Round {
    text: String,
    fixes: usize,
    applied: Vec<(&'static str, ByteRange)>,
}

/// Applies the fixes `selection` allows whose edits overlap no edit taken
/// before them, in the order of the findings. `None` when none applies.
fn apply(text: &str, diagnostics: &[Diagnostic], selection: Selection) -> Option<Round> {
    let mut taken: Vec<&Edit> = Vec::new();
    // Each fix applied: its rule and its edits.
    let mut fixes: Vec<(&'static str, Vec<&Edit>)> = Vec::new();
    for diagnostic in diagnostics {
        let Some(fix) = diagnostic.fix.as_ref().filter(|fix| selection.applies(fix)) else {
            continue;
        };
        let valid = !fix.edits.is_empty()
            && fix.edits.iter().all(|edit| {
                edit.range.start <= edit.range.end
                    && text.is_char_boundary(edit.range.start)
                    && text.is_char_boundary(edit.range.end)
            })
            && fix.edits.iter().enumerate().all(|(i, edit)| {
                fix.edits[i + 1..]
                    .iter()
                    .all(|other| !overlap(&edit.range, &other.range))
            });
        if !valid
            || fix
                .edits
                .iter()
                .any(|edit| taken.iter().any(|t| overlap(&edit.range, &t.range)))
        {
            continue;
        }
        taken.extend(&fix.edits);
        fixes.push((diagnostic.rule, fix.edits.iter().collect()));
    }
    if taken.is_empty() {
        return None;
    }
    taken.sort_by_key(|edit| (edit.range.start, edit.range.end));
    let mut new_text = String::with_capacity(text.len());
    let mut copied = 0;
    for edit in &taken {
        new_text.push_str(&text[copied..edit.range.start]);
        new_text.push_str(&edit.content);
        copied = edit.range.end;
    }
    new_text.push_str(&text[copied..]);
    let landed = |edit: &Edit| {
        let shift: isize = taken
            .iter()
            .take_while(|t| t.range.start < edit.range.start)
            .map(|t| t.content.len() as isize - t.range.len() as isize)
            .sum();
        let start = (edit.range.start as isize + shift) as usize;
        start..start + edit.content.len()
    };
    let count = fixes.len();
    let applied = fixes
        .into_iter()
        .flat_map(|(rule, edits)| {
            edits
                .into_iter()
                .filter(|edit| !edit.content.is_empty())
                .map(move |edit| (rule, landed(edit)))
                .collect::<Vec<_>>()
        })
        .collect();
    Some(Round {
        text: new_text,
        fixes: count,
        applied,
    })
}

/// Two edits conflict when their ranges share a byte, or both start at the
/// same offset (two insertions there would be ordered arbitrarily).
fn overlap(a: &ByteRange, b: &ByteRange) -> bool {
    (a.start < b.end && b.start < a.end) || a.start == b.start
}

/// A finding at `finding` lies in or at the edges of the inserted `range`.
fn touches(finding: &ByteRange, range: &ByteRange) -> bool {
    finding.start <= range.end && range.start <= finding.end
}

/// A unified diff (`diff -u` style, 3 lines of context) from `before` to
/// `after`, with `---`/`+++` headers naming `path`; empty when equal.
pub fn unified_diff(path: &str, before: &str, after: &str) -> String {
    let old: Vec<&str> = before.split_inclusive('\n').collect();
    let new: Vec<&str> = after.split_inclusive('\n').collect();
    let script = diff_lines(&old, &new);
    if script.iter().all(|op| matches!(op, Line::Same(..))) {
        return String::new();
    }
    let mut out = format!("--- a/{path}\n+++ b/{path}\n");
    const CONTEXT: usize = 3;
    // Indices into `script` of changed lines, grouped into hunks.
    let changed: Vec<usize> = script
        .iter()
        .enumerate()
        .filter(|(_, op)| !matches!(op, Line::Same(..)))
        .map(|(i, _)| i)
        .collect();
    let mut hunks: Vec<(usize, usize)> = Vec::new();
    for &i in &changed {
        let start = i.saturating_sub(CONTEXT);
        let end = (i + CONTEXT + 1).min(script.len());
        match hunks.last_mut() {
            Some(last) if start <= last.1 => last.1 = end,
            _ => hunks.push((start, end)),
        }
    }
    for (start, end) in hunks {
        let (old_start, new_start) = script[..start].iter().fold((0, 0), |(o, n), op| match op {
            Line::Same(..) => (o + 1, n + 1),
            Line::Removed(_) => (o + 1, n),
            Line::Added(_) => (o, n + 1),
        });
        let hunk = &script[start..end];
        let old_len = hunk
            .iter()
            .filter(|op| !matches!(op, Line::Added(_)))
            .count();
        let new_len = hunk
            .iter()
            .filter(|op| !matches!(op, Line::Removed(_)))
            .count();
        let from = |first: usize, len: usize| if len == 0 { first } else { first + 1 };
        out.push_str(&format!(
            "@@ -{},{old_len} +{},{new_len} @@\n",
            from(old_start, old_len),
            from(new_start, new_len)
        ));
        for op in hunk {
            let (marker, line) = match op {
                Line::Same(line) => (' ', *line),
                Line::Removed(line) => ('-', *line),
                Line::Added(line) => ('+', *line),
            };
            out.push(marker);
            out.push_str(line);
            if !line.ends_with('\n') {
                out.push_str("\n\\ No newline at end of file\n");
            }
        }
    }
    out
}

enum Line<'a> {
    Same(&'a str),
    Removed(&'a str),
    Added(&'a str),
}

/// The shortest edit script between two line lists (Myers' O((N+M)D)
/// algorithm): fixes change few lines of long files.
fn diff_lines<'a>(old: &[&'a str], new: &[&'a str]) -> Vec<Line<'a>> {
    // The common ends need no search.
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let a = &old[prefix..old.len() - suffix];
    let b = &new[prefix..new.len() - suffix];
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = (n + m) as usize;
    let offset = max as isize + 1;
    let mut v = vec![0isize; 2 * max + 3];
    let mut trace: Vec<Vec<isize>> = Vec::new();
    'search: for d in 0..=max as isize {
        trace.push(v.clone());
        let mut k = -d;
        while k <= d {
            let index = (k + offset) as usize;
            let mut x = if k == -d || (k != d && v[index - 1] < v[index + 1]) {
                v[index + 1]
            } else {
                v[index - 1] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[index] = x;
            if x >= n && y >= m {
                break 'search;
            }
            k += 2;
        }
    }
    // Walk the trace back from the end.
    let mut middle: Vec<Line<'a>> = Vec::new();
    let (mut x, mut y) = (n, m);
    for (d, v) in trace.iter().enumerate().rev() {
        let d = d as isize;
        let k = x - y;
        let index = (k + offset) as usize;
        let previous_k = if k == -d || (k != d && v[index - 1] < v[index + 1]) {
            k + 1
        } else {
            k - 1
        };
        let previous_x = v[(previous_k + offset) as usize];
        let previous_y = previous_x - previous_k;
        while x > previous_x && y > previous_y {
            x -= 1;
            y -= 1;
            middle.push(Line::Same(a[x as usize]));
        }
        if d > 0 {
            if x == previous_x {
                y -= 1;
                middle.push(Line::Added(b[y as usize]));
            } else {
                x -= 1;
                middle.push(Line::Removed(a[x as usize]));
            }
        }
    }
    middle.reverse();
    old[..prefix]
        .iter()
        .map(|line| Line::Same(line))
        .chain(middle)
        .chain(
            old[old.len() - suffix..]
                .iter()
                .map(|line| Line::Same(line)),
        )
        .collect()
}

/// Writes a fixed file in place of its original, unless the file on disk
/// is read-only or no longer the text that was checked.
pub fn write(file: &FixedFile) -> Result<(), String> {
    let mut checked = bom(&file.source).as_bytes().to_vec();
    checked.extend_from_slice(file.source.text.as_bytes());
    crate::write::replace_checked(&file.source.path, &checked, &file.bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Severity;

    fn finding(rule: &'static str, range: ByteRange, content: &str) -> Diagnostic {
        let mut diagnostic = Diagnostic::new(rule, Severity::Warning, "", range.clone(), "");
        diagnostic.fix = Some(Fix {
            title: String::new(),
            edits: vec![Edit {
                range,
                content: content.to_string(),
            }],
            applicability: Applicability::Safe,
        });
        diagnostic
    }

    const ALL: Selection = Selection { unsafe_fixes: true };

    #[test]
    fn applies_disjoint_edits_and_defers_overlapping_ones() {
        let text = "aaa bbb ccc";
        let round = apply(
            text,
            &[
                finding("x", 0..3, "A"),
                finding("y", 2..5, "Z"),
                finding("z", 8..11, "CC"),
            ],
            ALL,
        )
        .unwrap();
        assert_eq!(round.text, "A bbb CC");
        assert_eq!(round.applied, [("x", 0..1), ("z", 6..8)]);
    }

    #[test]
    fn leaves_display_only_and_unselected_fixes() {
        let mut unsafe_fix = finding("x", 0..1, "b");
        unsafe_fix.fix.as_mut().unwrap().applicability = Applicability::Unsafe;
        let mut display = finding("y", 1..2, "c");
        display.fix.as_mut().unwrap().applicability = Applicability::DisplayOnly;
        let safe_only = Selection {
            unsafe_fixes: false,
        };
        assert!(apply("aa", &[unsafe_fix.clone(), display.clone()], safe_only).is_none());
        assert_eq!(apply("aa", &[unsafe_fix, display], ALL).unwrap().text, "ba");
    }

    fn checked(name: &str, language: crate::source::Language, text: &str) -> CheckedFile {
        CheckedFile {
            source: SourceFile::from_text(name, language, text),
            diagnostics: Vec::new(),
        }
    }

    #[test]
    fn a_fix_that_breaks_the_file_or_leaves_its_finding_is_rolled_back() {
        let every: Reported = &|_, diagnostics| diagnostics;
        let options = Options::default();
        let mut breaking = checked("a.kt", crate::source::Language::Kotlin, "fun f() {}\n");
        breaking.diagnostics = vec![finding("prefs-commit", 8..9, "{ {")];
        let error = fix_file(&breaking, &options, ALL, every).unwrap_err();
        assert!(error.contains("a bug in storlint"), "{error}");

        let text = "PRAGMA journal_mode = DELETE;\n";
        let mut staying = checked("a.sql", crate::source::Language::Sql, text);
        staying.diagnostics = vec![finding("journal-mode-not-wal", 22..28, "TRUNCATE")];
        let error = fix_file(&staying, &options, ALL, every).unwrap_err();
        assert!(
            error.contains("the fix for journal-mode-not-wal left the finding in place"),
            "{error}"
        );
    }

    #[test]
    fn fixes_keep_going_until_nothing_applies() {
        let file = SourceFile::from_text(
            "a.sql",
            crate::source::Language::Sql,
            "PRAGMA journal_mode = DELETE;\nPRAGMA secure_delete = ON;\n",
        );
        let fixed = fix_source(&file, &Options::default(), ALL).unwrap();
        assert_eq!(
            fixed,
            "PRAGMA journal_mode = WAL;\nPRAGMA secure_delete = FAST;\n"
        );
        let safe_only = Selection {
            unsafe_fixes: false,
        };
        assert_eq!(
            fix_source(&file, &Options::default(), safe_only).unwrap(),
            file.text
        );
    }

    #[test]
    fn skips_edits_off_character_boundaries() {
        assert!(apply("é", &[finding("x", 1..2, "e")], ALL).is_none());
    }

    #[test]
    fn diffs_show_changed_lines_with_context() {
        let before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n";
        let after = "1\n2\nthree\n4\n5\n6\n7\n8\n9\n10\n11\n";
        assert_eq!(
            unified_diff("f.sql", before, after),
            "--- a/f.sql\n+++ b/f.sql\n@@ -1,6 +1,6 @@\n 1\n 2\n-3\n+three\n 4\n 5\n 6\n@@ -9,4 +9,3 @@\n 9\n 10\n 11\n-12\n"
        );
        // Changes up to six lines apart share a hunk, as `diff -u` makes it.
        assert_eq!(
            unified_diff(
                "f",
                "1\n2\n3\n4\n5\n6\n7\n8\n",
                "one\n2\n3\n4\n5\n6\n7\neight\n"
            )
            .matches("@@ -")
            .count(),
            1
        );
        assert_eq!(unified_diff("f", "a\n", "a\n"), "");
        assert_eq!(
            unified_diff("f", "a", "b"),
            "--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n"
        );
    }
}
