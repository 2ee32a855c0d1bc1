//! `storlint-ignore` comments.
//!
//! `storlint-ignore [rule-id[, rule-id]...] [-- reason | : reason]` starting a
//! comment drops the named rules' findings (every rule's when no id is
//! named) on its own line, on the statement that starts on that line, and,
//! from a comment line, on the statement right below the comment lines,
//! however many lines that statement spans. `storlint-ignore-file` does the
//! same for the whole file.
//!
//! A marker never fails silently: a word in the id list that is not a rule
//! id (a typo, or a reason written without ` -- `) is reported with the
//! closest id, and it suppresses nothing, so a reason can neither widen a
//! marker to every rule nor be read as more ids.
//!
//! Comments are read from the text rather than from the model so that the
//! same marker works in code, in `.sql` files and in an SQL comment inside a
//! multi-line SQL string, where the finding's line often is. The model and
//! the SQL facts only supply the statements' extents.

use crate::diagnostic::Diagnostic;
use crate::facts::SqlFactAt;
use crate::model::{BindingKind, Model, NodeKind};
use crate::rules::{self, RULES};
use crate::source::{ByteRange, SourceFile};
use crate::FileProblem;

const LINE_MARKER: &str = "storlint-ignore";
const FILE_SUFFIX: &str = "-file";

/// Comment openers of the four languages (`--` is SQL's).
const COMMENT_OPENERS: &[&str] = &["//", "--", "/*"];

/// What one marker names.
#[derive(Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Scope {
    AllRules,
    /// Possibly none: a marker whose list held no known id suppresses nothing.
    Rules(Vec<String>),
}

impl Scope {
    fn covers(&self, rule: &str) -> bool {
        match self {
            Scope::AllRules => true,
            Scope::Rules(rules) => rules.iter().any(|r| r == rule),
        }
    }
}

/// One marker as written on a line.
#[derive(Debug, PartialEq, Eq)]
struct Marker {
    whole_file: bool,
    scope: Scope,
    /// What is wrong with the marker, at a byte offset in its line.
    warning: Option<(usize, String)>,
}

/// The markers of one file, with the lines each one covers.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Suppressions {
    /// Each file marker: where it is (a byte offset) and what it names.
    whole_file: Vec<(usize, Scope)>,
    /// Each line marker: the 0-based first and last line covered, what is
    /// suppressed there, and where the marker is.
    lines: Vec<(usize, usize, Scope, usize)>,
    /// Markers that name something storlint does not know.
    pub warnings: Vec<FileProblem>,
}

/// A marker that suppressed nothing in a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnusedMarker {
    /// Where the marker is (a byte offset in its file).
    pub offset: usize,
    /// The rules it names that had no finding to drop; empty for a marker
    /// naming every rule.
    pub rules: Vec<String>,
}

impl Suppressions {
    /// Reads the file's markers; `model` and `sql` give the statements a
    /// marker covers.
    pub fn collect(file: &SourceFile, model: &Model, sql: &[SqlFactAt]) -> Suppressions {
        let mut found = Suppressions::default();
        if !file.text.contains(LINE_MARKER) {
            return found;
        }
        let statements = statement_ranges(model, sql);
        for line in 0..file.line_count() {
            let text = line_text(file, line);
            if !text.contains(LINE_MARKER) {
                continue;
            }
            for marker in markers(text) {
                if let Some((offset, message)) = marker.warning {
                    found.warnings.push(FileProblem {
                        path: file.display.clone(),
                        message,
                        position: Some(file.line_col(file.line_start(line) + offset)),
                    });
                }
                let offset = file.line_start(line) + text.find(LINE_MARKER).unwrap_or(0);
                if marker.whole_file {
                    found.whole_file.push((offset, marker.scope));
                    continue;
                }
                let (first, last) = covered_lines(file, &statements, line);
                found.lines.push((first, last, marker.scope, offset));
            }
        }
        found
    }

    /// Names the file as `display` in the warnings: markers read under
    /// one spelling of a path (the analysis cache's) are shown under another.
    pub fn set_path(&mut self, display: &str) {
        for warning in &mut self.warnings {
            warning.path = display.to_string();
        }
    }

    /// Drops the diagnostics the file's markers suppress; returns the
    /// markers, or the rules of a marker, that dropped none.
    pub fn apply(&self, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Vec<UnusedMarker> {
        if self.whole_file.is_empty() && self.lines.is_empty() {
            return Vec::new();
        }
        // The rules each marker dropped a finding of, by the marker's offset.
        let mut used: Vec<(usize, &'static str)> = Vec::new();
        diagnostics.retain(|d| {
            let line = file.line_index(d.primary.range.start);
            let by_file = self
                .whole_file
                .iter()
                .filter(|(_, scope)| scope.covers(d.rule))
                .map(|(offset, _)| *offset);
            let by_line = self
                .lines
                .iter()
                .filter(|(first, last, scope, _)| {
                    (*first..=*last).contains(&line) && scope.covers(d.rule)
                })
                .map(|(_, _, _, offset)| *offset);
            let before = used.len();
            used.extend(by_file.chain(by_line).map(|offset| (offset, d.rule)));
            used.len() == before
        });
        let markers = self
            .whole_file
            .iter()
            .map(|(offset, scope)| (*offset, scope))
            .chain(
                self.lines
                    .iter()
                    .map(|(_, _, scope, offset)| (*offset, scope)),
            );
        markers
            .filter_map(|(offset, scope)| {
                let used_here = |rule: &str| used.iter().any(|&(o, r)| o == offset && r == rule);
                match scope {
                    Scope::AllRules => {
                        (!used.iter().any(|&(o, _)| o == offset)).then(|| UnusedMarker {
                            offset,
                            rules: Vec::new(),
                        })
                    }
                    Scope::Rules(rules) => {
                        let unused: Vec<String> =
                            rules.iter().filter(|r| !used_here(r)).cloned().collect();
                        (!unused.is_empty()).then_some(UnusedMarker {
                            offset,
                            rules: unused,
                        })
                    }
                }
            })
            .collect()
    }
}

/// Calls, bindings, assignments and returns, and SQL statements: what a
/// marker above covers whole. Functions, types and loops are not statements
/// here, so a marker above one covers its first line only.
fn statement_ranges(model: &Model, sql: &[SqlFactAt]) -> Vec<ByteRange> {
    let nodes = model.nodes.iter().filter(|node| match &node.kind {
        NodeKind::Call(_) | NodeKind::Return(_) | NodeKind::Assign { .. } => true,
        NodeKind::Binding(binding) => binding.kind != BindingKind::Parameter,
        _ => false,
    });
    nodes
        .map(|node| node.range.clone())
        .chain(sql.iter().map(|f| f.fact.statement_range.clone()))
        .collect()
}

/// The lines a marker on `line` covers: its own line, and the outermost
/// statement starting on the line it governs (its own line for a trailing
/// comment, the first line below the comment lines for a comment line).
fn covered_lines(file: &SourceFile, statements: &[ByteRange], line: usize) -> (usize, usize) {
    let mut governed = line;
    if is_comment_only(line_text(file, line)) {
        governed += 1;
        while governed < file.line_count() && is_comment_only(line_text(file, governed)) {
            governed += 1;
        }
        if governed >= file.line_count() {
            return (line, line);
        }
    }
    let last = statements
        .iter()
        .filter(|range| file.line_index(range.start) == governed)
        .map(|range| file.line_index(range.end.saturating_sub(1).max(range.start)))
        .max()
        .unwrap_or(governed);
    (line, last.max(governed))
}

fn line_text(file: &SourceFile, line: usize) -> &str {
    &file.text[file.line_range(line)]
}

/// A line holding only a comment: one that opens with a comment opener, or
/// continues a block comment with a leading `*` (` * storlint-ignore ...`).
fn is_comment_only(line: &str) -> bool {
    let trimmed = line.trim_start();
    COMMENT_OPENERS.iter().any(|o| trimmed.starts_with(o)) || is_block_continuation(trimmed)
}

/// ` * text` or ` */` inside a block comment; `*ptr = 1` is code.
fn is_block_continuation(trimmed: &str) -> bool {
    trimmed
        .strip_prefix('*')
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '/']))
}

/// The markers on a line: `storlint-ignore` or `storlint-ignore-file` as
/// the first word of a comment (`// storlint-ignore`, `/// storlint-ignore`,
/// `-- storlint-ignore`, `/* storlint-ignore */`). A mention further into a
/// comment's prose is not a marker.
fn markers(line: &str) -> Vec<Marker> {
    let mut starts: Vec<usize> = Vec::new();
    let indent = line.len() - line.trim_start().len();
    let continuation = is_block_continuation(&line[indent..]).then_some((indent, "*"));
    let openers = COMMENT_OPENERS
        .iter()
        .flat_map(|opener| line.match_indices(opener))
        .chain(continuation);
    for (at, opener) in openers {
        let body = at + opener.len();
        let skipped = line[body..]
            .find(|c: char| !matches!(c, '/' | '*' | '-' | '!') && !c.is_whitespace())
            .map_or(line.len(), |n| body + n);
        if line[skipped..].starts_with(LINE_MARKER) && !starts.contains(&skipped) {
            starts.push(skipped);
        }
    }
    starts.sort_unstable();
    starts
        .into_iter()
        .filter_map(|start| marker_at(line, start))
        .collect()
}

/// The marker starting at byte `start` of `line`, if the word there is one.
fn marker_at(line: &str, start: usize) -> Option<Marker> {
    let after_name = start + LINE_MARKER.len();
    let word_end = after_name
        + line[after_name..]
            .find(|c: char| !is_id_char(c))
            .unwrap_or(line.len() - after_name);
    let suffix = &line[after_name..word_end];
    if suffix.is_empty() || suffix == FILE_SUFFIX {
        let (scope, warning) = rule_list(line, word_end);
        return Some(Marker {
            whole_file: !suffix.is_empty(),
            scope,
            warning,
        });
    }
    // `storlint-ignored` and the like are prose; `storlint-ignore-next-line`
    // is a marker storlint does not have, and must not pass unnoticed.
    suffix.starts_with('-').then(|| Marker {
        whole_file: false,
        scope: Scope::Rules(Vec::new()),
        warning: Some((
            start,
            format!(
                "unknown marker `{}` suppresses nothing; `{LINE_MARKER}` covers its line and the statement below, `{LINE_MARKER}{FILE_SUFFIX}` the whole file",
                &line[start..word_end]
            ),
        )),
    })
}

/// Reads `[:] [id[, id]...] [-- reason | : reason]` from byte `from` of `line`.
fn rule_list(line: &str, from: usize) -> (Scope, Option<(usize, String)>) {
    let mut at = from + leading_whitespace(&line[from..]);
    if line[at..].starts_with(':') {
        at += 1;
    }
    let mut ids: Vec<String> = Vec::new();
    loop {
        at += line[at..]
            .find(|c: char| c != ',' && !c.is_whitespace())
            .unwrap_or(line.len() - at);
        if line[at..].starts_with("--") {
            break;
        }
        let word_len = line[at..]
            .find(|c: char| !is_id_char(c))
            .unwrap_or(line.len() - at);
        let word = &line[at..at + word_len];
        if word.is_empty() {
            break;
        }
        if rules::rule(word).is_none() {
            return (Scope::Rules(ids), Some((at, unknown_id_message(word))));
        }
        ids.push(word.to_string());
        at += word_len;
    }
    if !ids.is_empty() {
        return (Scope::Rules(ids), None);
    }
    let rest = &line[at..];
    if ends_the_list(rest) {
        return (Scope::AllRules, None);
    }
    let found = rest.split_whitespace().next().unwrap_or(rest);
    let message = format!(
        "`{LINE_MARKER}` followed by `{found}` suppresses nothing; write `{LINE_MARKER} <rule-id> -- <reason>`, or `{LINE_MARKER} -- <reason>` for every rule"
    );
    (Scope::Rules(Vec::new()), Some((at, message)))
}

/// What may follow a marker without ids for it to cover every rule: the end
/// of the comment, a reason, the end of a block comment, or the end of the
/// string literal an SQL comment sits in (a quote, or an escape before it).
fn ends_the_list(rest: &str) -> bool {
    rest.is_empty()
        || ["--", ":", "*/", "\"", "\\", "`"]
            .iter()
            .any(|end| rest.starts_with(end))
}

fn leading_whitespace(text: &str) -> usize {
    text.len() - text.trim_start().len()
}

fn is_id_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

fn unknown_id_message(word: &str) -> String {
    let mut message = format!("unknown rule id `{word}` in `{LINE_MARKER}`; it suppresses nothing");
    match closest_rule(word) {
        Some(id) => message.push_str(&format!("; did you mean `{id}`?")),
        None => message.push_str(&format!(
            "; a reason goes after ` -- ` or `:` (`{LINE_MARKER} <rule-id> -- <reason>`), and `storlint rules` lists the ids"
        )),
    }
    message
}

/// The rule id a mistyped word most likely meant: the id within a few edits
/// of it, or the one id that contains it as a word (`commit` for
/// `prefs-commit`).
pub(crate) fn closest_rule(word: &str) -> Option<&'static str> {
    let word = word.to_lowercase().replace('_', "-");
    let (distance, id) = RULES
        .iter()
        .map(|r| (edit_distance(&word, r.id), r.id))
        .min()?;
    if distance <= 3 && distance * 3 <= word.len().max(id.len()) {
        return Some(id);
    }
    let mut containing = RULES
        .iter()
        .filter(|r| word.len() >= 4 && r.id.split('-').any(|part| part == word));
    match (containing.next(), containing.next()) {
        (Some(rule), None) => Some(rule.id),
        _ => None,
    }
}

/// Levenshtein distance over characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Language;

    fn scan(language: Language, text: &str) -> (Vec<(usize, &'static str)>, Vec<String>) {
        let file = SourceFile::from_text("t", language, text);
        let checked = crate::check_source(&file, &crate::Options::default()).unwrap();
        let kept = checked
            .diagnostics
            .iter()
            .map(|d| (file.line_col(d.primary.range.start).0, d.rule))
            .collect();
        let warnings = checked.warnings.iter().map(|w| w.to_string()).collect();
        (kept, warnings)
    }

    fn kept(language: Language, text: &str) -> Vec<(usize, &'static str)> {
        let (kept, warnings) = scan(language, text);
        assert_eq!(warnings, Vec::<String>::new());
        kept
    }

    fn scope(line: &str) -> Option<Scope> {
        let mut found = markers(line);
        assert!(found.len() <= 1, "{found:?}");
        found.pop().map(|m| m.scope)
    }

    fn rules(ids: &[&str]) -> Option<Scope> {
        Some(Scope::Rules(ids.iter().map(|id| id.to_string()).collect()))
    }

    #[test]
    fn markers_name_rules_or_all_of_them() {
        assert_eq!(
            scope("x // storlint-ignore full-vacuum"),
            rules(&["full-vacuum"])
        );
        assert_eq!(
            scope("-- storlint-ignore: full-vacuum, autoincrement -- shipped read-only"),
            rules(&["full-vacuum", "autoincrement"])
        );
        assert_eq!(
            scope("// storlint-ignore prefs-commit missing-wal"),
            rules(&["prefs-commit", "missing-wal"])
        );
        assert_eq!(scope("/* storlint-ignore */"), Some(Scope::AllRules));
        assert_eq!(scope("/// storlint-ignore"), Some(Scope::AllRules));
        assert_eq!(
            scope("   * storlint-ignore fsync-in-loop"),
            rules(&["fsync-in-loop"])
        );
        assert_eq!(scope("*storlint_ignore = 1;"), None);
        assert_eq!(
            scope("// storlint-ignore -- the OS opens it read-only"),
            Some(Scope::AllRules)
        );
        assert_eq!(
            scope("db.execSQL(\"VACUUM -- storlint-ignore\")"),
            Some(Scope::AllRules)
        );
        assert_eq!(scope("let s = \"storlint-ignore\""), None);
        assert_eq!(scope("// see the storlint-ignore docs"), None);
        assert_eq!(scope("// storlint-ignored by design"), None);
        let file = markers("// storlint-ignore-file full-vacuum");
        assert!(file[0].whole_file);
        assert_eq!(file[0].scope, Scope::Rules(vec!["full-vacuum".into()]));
    }

    #[test]
    fn a_reason_neither_widens_nor_narrows_a_marker() {
        assert_eq!(
            scope("// storlint-ignore missing-wal -- opened read-only by the OS"),
            rules(&["missing-wal"])
        );
        assert_eq!(
            scope("// storlint-ignore prefs-commit: the caller checks the result"),
            rules(&["prefs-commit"])
        );
        assert_eq!(
            scope("// storlint-ignore: prefs-commit -- full-vacuum is mentioned here"),
            rules(&["prefs-commit"])
        );
        // Free text where ids belong suppresses nothing, and says so.
        for prose in [
            "// storlint-ignore Because the OS opens it read-only",
            "// storlint-ignore (missing-wal)",
            "// storlint-ignore. It is fine",
        ] {
            let found = markers(prose);
            assert_eq!(found[0].scope, Scope::Rules(Vec::new()), "{prose}");
            assert!(found[0].warning.is_some(), "{prose}");
        }
        // Known ids before the prose still apply; the prose is reported.
        let found = markers("// storlint-ignore missing-wal opened read-only");
        assert_eq!(found[0].scope, Scope::Rules(vec!["missing-wal".into()]));
        let (at, message) = found[0].warning.clone().unwrap();
        assert_eq!(
            &"// storlint-ignore missing-wal opened read-only"[at..at + 6],
            "opened"
        );
        assert!(message.contains("a reason goes after ` -- `"), "{message}");
    }

    #[test]
    fn unknown_ids_suggest_the_closest_rule() {
        assert_eq!(closest_rule("prefs-comit"), Some("prefs-commit"));
        assert_eq!(closest_rule("missing_wal"), Some("missing-wal"));
        assert_eq!(closest_rule("Full-Vacum"), Some("full-vacuum"));
        assert_eq!(
            closest_rule("synchronize"),
            Some("userdefaults-synchronize")
        );
        assert_eq!(closest_rule("Because"), None);
        assert_eq!(closest_rule("wal"), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn same_line_line_above_and_file_markers_suppress() {
        let sql = "VACUUM; -- storlint-ignore full-vacuum\n\
                   -- storlint-ignore full-vacuum\n\
                   VACUUM;\n\
                   VACUUM; -- storlint-ignore autoincrement\n\
                   PRAGMA journal_mode = DELETE;\n";
        assert_eq!(
            kept(Language::Sql, sql),
            [(4, "full-vacuum"), (5, "journal-mode-not-wal")]
        );
        let whole_file = "-- storlint-ignore-file journal-mode-not-wal\nPRAGMA journal_mode = DELETE;\nVACUUM;\n";
        assert_eq!(kept(Language::Sql, whole_file), [(3, "full-vacuum")]);
    }

    #[test]
    fn a_marker_covers_the_whole_statement_below_its_comment_lines() {
        let sql = "-- storlint-ignore autoincrement\n\
                   -- The ids are shown to users and must never be reused.\n\
                   CREATE TABLE t (\n\
                   \x20 a INTEGER,\n\
                   \x20 id INTEGER PRIMARY KEY AUTOINCREMENT\n\
                   );\n\
                   CREATE TABLE u (id INTEGER PRIMARY KEY AUTOINCREMENT);\n";
        assert_eq!(kept(Language::Sql, sql), [(7, "autoincrement")]);
        let kotlin = "fun f(prefs: SharedPreferences) {\n    // storlint-ignore prefs-commit\n    prefs.edit()\n        .putInt(\"a\", 1)\n        .commit()\n    prefs.edit()\n        .commit()\n}\n";
        assert_eq!(kept(Language::Kotlin, kotlin), [(7, "prefs-commit")]);
        let block = "/*\n * storlint-ignore full-vacuum\n */\nVACUUM;\nVACUUM;\n";
        assert_eq!(kept(Language::Sql, block), [(5, "full-vacuum")]);
        // A blank line ends what a marker governs.
        let apart = "-- storlint-ignore full-vacuum\n\nVACUUM;\n";
        assert_eq!(kept(Language::Sql, apart), [(3, "full-vacuum")]);
    }

    #[test]
    fn a_marker_inside_a_multi_line_sql_string_works() {
        let kotlin = "fun f(db: SQLiteDatabase) {\n    db.execSQL(\"\"\"\n        PRAGMA journal_mode = DELETE -- storlint-ignore journal-mode-not-wal\n    \"\"\".trimIndent())\n}\n";
        assert_eq!(kept(Language::Kotlin, kotlin), []);
    }

    #[test]
    fn warnings_name_the_file_line_column_and_closest_id() {
        let sql = "VACUUM;\nVACUUM; -- storlint-ignore full-vacum\n";
        let (kept, warnings) = scan(Language::Sql, sql);
        assert_eq!(kept, [(1, "full-vacuum"), (2, "full-vacuum")]);
        assert_eq!(
            warnings,
            ["t:2:28: unknown rule id `full-vacum` in `storlint-ignore`; it suppresses nothing; did you mean `full-vacuum`?"]
        );
        let (_, warnings) = scan(Language::Sql, "-- storlint-ignore-next-line\nVACUUM;\n");
        assert!(warnings[0].starts_with("t:1:4: unknown marker `storlint-ignore-next-line`"));
    }
}
