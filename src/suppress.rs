//! `storlint-ignore` comments: a finding is dropped when its line, or the
//! comment line right above it, carries `storlint-ignore <rule-id>` (or a bare
//! `storlint-ignore` for every rule); `storlint-ignore-file <rule-id>`
//! anywhere in a file drops the rule's findings in that file.
//!
//! Comments are read from the text rather than from the model so that the
//! same marker works in code, in `.sql` files and in an SQL comment inside a
//! multi-line SQL string, where the finding's line often is.

use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;

const LINE_MARKER: &str = "storlint-ignore";
const FILE_MARKER: &str = "storlint-ignore-file";

/// Comment openers of the four languages (`--` is SQL's).
const COMMENT_OPENERS: &[&str] = &["//", "--", "/*", "#"];

/// What one marker names.
#[derive(Debug, PartialEq, Eq)]
enum Scope {
    AllRules,
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

/// Drops the diagnostics that the file's comments suppress.
pub fn apply(file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    if diagnostics.is_empty() || !file.text.contains(LINE_MARKER) {
        return;
    }
    let file_scopes: Vec<Scope> = (0..file.line_count())
        .filter_map(|line| marker(line_text(file, line), FILE_MARKER))
        .collect();
    diagnostics.retain(|d| {
        if file_scopes.iter().any(|s| s.covers(d.rule)) {
            return false;
        }
        let line = file.line_index(d.primary.range.start);
        let same_line = marker(line_text(file, line), LINE_MARKER);
        let line_above = line
            .checked_sub(1)
            .map(|above| line_text(file, above))
            .filter(|text| is_comment_only(text))
            .and_then(|text| marker(text, LINE_MARKER));
        !same_line
            .into_iter()
            .chain(line_above)
            .any(|scope| scope.covers(d.rule))
    });
}

fn line_text(file: &SourceFile, line: usize) -> &str {
    &file.text[file.line_range(line)]
}

fn is_comment_only(line: &str) -> bool {
    let trimmed = line.trim_start();
    COMMENT_OPENERS.iter().any(|o| trimmed.starts_with(o))
}

/// The marker's scope when the line has `<opener> ... <marker> [rules]`.
/// `storlint-ignore` does not match inside `storlint-ignore-file`.
fn marker(line: &str, name: &str) -> Option<Scope> {
    let opener = COMMENT_OPENERS.iter().filter_map(|o| line.find(o)).min()?;
    let comment = &line[opener..];
    let mut search = 0;
    while let Some(found) = comment[search..].find(name) {
        let start = search + found;
        let rest = &comment[start + name.len()..];
        search = start + name.len();
        if rest.starts_with('-') {
            continue;
        }
        let rest = rest.trim_start_matches(':');
        let rules: Vec<String> = rest
            .split(|c: char| c == ',' || c.is_whitespace())
            .map(|r| r.trim_end_matches("*/"))
            .take_while(|r| r.is_empty() || is_rule_id(r))
            .filter(|r| !r.is_empty())
            .map(str::to_string)
            .collect();
        return Some(if rules.is_empty() {
            Scope::AllRules
        } else {
            Scope::Rules(rules)
        });
    }
    None
}

fn is_rule_id(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_lowercase())
        && word.chars().all(|c| c.is_ascii_lowercase() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Language;

    fn kept(language: Language, text: &str) -> Vec<(usize, &'static str)> {
        let file = SourceFile::from_text("t", language, text);
        crate::lint_source(&file)
            .unwrap()
            .iter()
            .map(|d| (file.line_col(d.primary.range.start).0, d.rule))
            .collect()
    }

    #[test]
    fn markers_name_rules_or_all_of_them() {
        assert_eq!(
            marker("x // storlint-ignore full-vacuum", LINE_MARKER),
            Some(Scope::Rules(vec!["full-vacuum".into()]))
        );
        assert_eq!(
            marker(
                "-- storlint-ignore: full-vacuum, autoincrement -- shipped read-only",
                LINE_MARKER
            ),
            Some(Scope::Rules(vec![
                "full-vacuum".into(),
                "autoincrement".into()
            ]))
        );
        assert_eq!(
            marker("/* storlint-ignore */", LINE_MARKER),
            Some(Scope::AllRules)
        );
        assert_eq!(
            marker("// storlint-ignore-file full-vacuum", LINE_MARKER),
            None
        );
        assert_eq!(marker("let s = \"storlint-ignore\"", LINE_MARKER), None);
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
    fn a_marker_inside_a_multi_line_sql_string_works() {
        let kotlin = "fun f(db: SQLiteDatabase) {\n    db.execSQL(\"\"\"\n        PRAGMA journal_mode = DELETE -- storlint-ignore journal-mode-not-wal\n    \"\"\".trimIndent())\n}\n";
        assert_eq!(kept(Language::Kotlin, kotlin), []);
    }
}
