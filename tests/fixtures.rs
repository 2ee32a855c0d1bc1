//! The fixture harness: every file under testdata/rules/<rule-id>/ is linted
//! and its findings must be exactly the `~ <rule-id>` annotations it carries
//! (`// ~ id` in code, `-- ~ id` in SQL and inside SQL strings): a missing or
//! an extra finding fails. `~ storlint` marks a warning about a
//! `storlint-ignore` comment. `~ id+` marks an occurrence merged into the
//! finding of the same cause before it (the other writes of one loop),
//! reported beside that finding rather than as one of its own. `~ id?`
//! marks a finding lowered to a hint where its rule warns (a one-shot job,
//! no evidence of the cost). No registration per fixture.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use storlint::rules::{self, RULES};
use storlint::source::Language;

/// The `~ id` annotations of a file as (1-based line, rule id), sorted.
fn annotations(text: &str) -> Vec<(usize, String)> {
    let mut expected = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let marker = ["// ~", "-- ~", "//~", "--~"]
            .iter()
            .filter_map(|m| line.find(m).map(|at| at + m.len() - 1))
            .min();
        let Some(start) = marker else { continue };
        for part in line[start..].split('~').skip(1) {
            let id = part.split_whitespace().next().unwrap_or("");
            expected.push((index + 1, id.to_string()));
        }
    }
    expected.sort();
    expected
}

/// The fixtures, without the expected results of fixing them.
fn fixture_files() -> Vec<PathBuf> {
    let root = common::testdata().join("rules");
    let mut files: Vec<PathBuf> = walk(&root)
        .into_iter()
        .filter(|path| fixed_kind(path).is_none())
        .collect();
    files.sort();
    files
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else if Language::from_path(&path).is_some() {
            out.push(path);
        }
    }
    out
}

#[test]
fn every_fixture_has_exactly_its_annotated_findings() {
    let mut failures = Vec::new();
    let files = fixture_files();
    assert!(!files.is_empty(), "no fixtures found");
    for path in &files {
        let file = common::load(path);
        let expected = annotations(&file.text);
        for (line, id) in &expected {
            assert!(
                rules::rule(id.trim_end_matches(['+', '?'])).is_some()
                    || id == common::SUPPRESSION_WARNING,
                "{}:{line}: unknown rule `{id}` in annotation",
                path.display()
            );
        }
        let name = path.file_name().unwrap().to_string_lossy();
        if name.starts_with("good") {
            assert!(
                expected.is_empty(),
                "{}: good fixtures carry no annotations",
                path.display()
            );
        } else if name.starts_with("bad") {
            assert!(
                !expected.is_empty(),
                "{}: a bad fixture needs annotations",
                path.display()
            );
        }
        let found = common::findings(&file);
        if found != expected {
            let missing: Vec<_> = expected.iter().filter(|e| !found.contains(e)).collect();
            let extra: Vec<_> = found.iter().filter(|f| !expected.contains(f)).collect();
            failures.push(format!(
                "{}\n  missing: {missing:?}\n  extra:   {extra:?}",
                path.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "fixture mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_rule_has_bad_and_good_fixtures_for_each_of_its_languages() {
    let files: BTreeSet<String> = fixture_files()
        .iter()
        .map(|p| {
            let rel = p.strip_prefix(common::testdata().join("rules")).unwrap();
            rel.to_string_lossy().replace('\\', "/")
        })
        .collect();
    for rule in RULES {
        for language in rule.languages {
            let ext = match language {
                Language::Rust => "rs",
                Language::Swift => "swift",
                Language::Kotlin => "kt",
                Language::Sql => "sql",
            };
            for kind in ["bad", "good"] {
                let wanted = format!("{}/{kind}.{ext}", rule.id);
                assert!(
                    files.contains(&wanted),
                    "missing fixture testdata/rules/{wanted}"
                );
            }
        }
    }
}

#[test]
fn annotations_are_read_from_code_and_sql_comments() {
    let text = "a\nfsync(fd) // ~ fsync-in-loop\nVACUUM; -- ~ full-vacuum ~ full-vacuum\n";
    assert_eq!(
        annotations(text),
        [
            (2, "fsync-in-loop".to_string()),
            (3, "full-vacuum".to_string()),
            (3, "full-vacuum".to_string())
        ]
    );
}

/// The prefilter must never starve a rule: every fixture that expects a
/// finding is let through by the word scan alone.
#[test]
fn every_fixture_with_findings_passes_the_prefilter() {
    let starved: Vec<String> = fixture_files()
        .iter()
        .filter_map(|path| {
            let file = common::load(path);
            let expects_findings = annotations(&file.text)
                .iter()
                .any(|(_, id)| id != "storlint");
            let passes = storlint::prefilter::mentions_storage(&file.text, file.language);
            (expects_findings && !passes).then(|| path.display().to_string())
        })
        .collect();
    assert!(starved.is_empty(), "skipped by the prefilter: {starved:#?}");
}

/// The two expected results of fixing `bad.kt`: `bad.fixed.kt` (the safe
/// fixes, `--fix`) and `bad.unsafe-fixed.kt` (`--fix --unsafe-fixes`).
const FIXED_KINDS: [(&str, bool); 2] = [("fixed", false), ("unsafe-fixed", true)];

/// Which expected result of fixing `path` is, if it is one.
fn fixed_kind(path: &Path) -> Option<&'static str> {
    let name = path.file_name()?.to_str()?;
    let stem = name.rsplit_once('.')?.0;
    FIXED_KINDS
        .iter()
        .map(|(kind, _)| *kind)
        .find(|kind| stem.ends_with(&format!(".{kind}")))
}

/// `dir/bad.kt` -> `dir/bad.fixed.kt`.
fn fixed_path(path: &Path, kind: &str) -> PathBuf {
    let name = path.file_name().unwrap().to_str().unwrap();
    let (stem, extension) = name.rsplit_once('.').unwrap();
    path.with_file_name(format!("{stem}.{kind}.{extension}"))
}

fn fixed(file: &storlint::source::SourceFile, unsafe_fixes: bool) -> String {
    storlint::fix::fix_source(
        file,
        &storlint::Options::default(),
        storlint::fix::Selection { unsafe_fixes },
    )
    .unwrap_or_else(|message| panic!("{}: {message}", file.display))
}

/// Every fixture is fixed in memory, with the safe fixes and then with the
/// unsafe ones too. Where that changes it, the expected result sits beside
/// it (`bad.fixed.kt`; `bad.unsafe-fixed.kt` when the unsafe fixes change
/// more) and must match exactly; where it does not, no such file exists.
/// A fixed text parses, holds no finding the fix was for, and fixing it
/// again changes nothing. `STORLINT_BLESS=1` writes the expected files.
#[test]
fn every_fixture_fixes_to_its_expected_text() {
    let bless = std::env::var_os("STORLINT_BLESS").is_some();
    let mut failures = Vec::new();
    let mut compared = 0;
    for path in fixture_files() {
        let file = common::load(&path);
        let mut previous = file.text.clone();
        for (kind, unsafe_fixes) in FIXED_KINDS {
            let expected_path = fixed_path(&path, kind);
            let result = fixed(&file, unsafe_fixes);
            let changed = result != previous;
            if bless {
                if changed {
                    std::fs::write(&expected_path, &result).unwrap();
                } else if expected_path.exists() {
                    std::fs::remove_file(&expected_path).unwrap();
                }
            }
            match std::fs::read_to_string(&expected_path) {
                Ok(_) if !changed => failures.push(format!(
                    "{}: exists, and fixing changes nothing it does not",
                    expected_path.display()
                )),
                Ok(expected) if expected != result => failures.push(format!(
                    "{}: differs from fixing {}:\n{}",
                    expected_path.display(),
                    path.display(),
                    storlint::fix::unified_diff(
                        &expected_path.display().to_string(),
                        &expected,
                        &result
                    )
                )),
                Err(_) if changed => failures.push(format!(
                    "{}: missing (fixing changes {})",
                    expected_path.display(),
                    path.display()
                )),
                _ => {}
            }
            if changed {
                compared += 1;
                let fixed_file = storlint::source::SourceFile::new(
                    file.path.clone(),
                    file.display.clone(),
                    file.language,
                    result.clone(),
                );
                failures.extend(fixed_is_done(&file, &fixed_file, unsafe_fixes));
            }
            previous = result;
        }
    }
    assert!(compared > 0, "no fixture has a fix");
    assert!(
        failures.is_empty(),
        "fixing mismatches:\n{}",
        failures.join("\n")
    );
}

/// The fixed text parses as well as the original did, the findings whose
/// fix was applied are gone, and fixing it again changes nothing.
/// How many stretches of `file` its parser could not read (no model: all).
fn unparsed(file: &storlint::source::SourceFile) -> usize {
    let budget = storlint::Options::default().parse_budget;
    storlint::lang::lower_within(file, budget)
        .map(|model| model.unparsed.len())
        .unwrap_or(usize::MAX)
}

fn fixed_is_done(
    original: &storlint::source::SourceFile,
    fixed_file: &storlint::source::SourceFile,
    unsafe_fixes: bool,
) -> Vec<String> {
    let selection = storlint::fix::Selection { unsafe_fixes };
    let mut failures = Vec::new();
    let name = &fixed_file.display;
    if unparsed(fixed_file) > unparsed(original) {
        failures.push(format!("{name}: the fixed text parses worse"));
    }
    let before = storlint::lint_source(original).unwrap();
    let after = match storlint::lint_source(fixed_file) {
        Ok(after) => after,
        Err(problem) => return vec![format!("{name}: the fixed text fails: {problem}")],
    };
    for rule in RULES {
        let unfixed = |diagnostics: &[storlint::diagnostic::Diagnostic]| {
            diagnostics
                .iter()
                .filter(|d| d.rule == rule.id)
                .filter(|d| !d.fix.as_ref().is_some_and(|fix| selection.applies(fix)))
                .count()
        };
        let left = after.iter().filter(|d| d.rule == rule.id).count();
        if left > unfixed(&before) {
            failures.push(format!(
                "{name}: {} still fires {left} times where {} findings had no fix",
                rule.id,
                unfixed(&before)
            ));
        }
    }
    if fixed(fixed_file, unsafe_fixes) != fixed_file.text {
        failures.push(format!("{name}: fixing it again changes it"));
    }
    failures
}

/// A display-only suggestion is never applied, but a user copies it: applied
/// on its own to the fixture, it parses as well as the original did and
/// takes away a finding of its rule.
#[test]
fn every_display_only_suggestion_parses_and_resolves_its_finding() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in fixture_files() {
        let file = common::load(&path);
        let before = storlint::lint_source(&file).unwrap();
        for diagnostic in &before {
            let Some(fix) = &diagnostic.fix else { continue };
            if fix.applicability != storlint::diagnostic::Applicability::DisplayOnly {
                continue;
            }
            checked += 1;
            let mut edits = fix.edits.clone();
            edits.sort_by_key(|edit| std::cmp::Reverse(edit.range.start));
            let mut text = file.text.clone();
            for edit in &edits {
                text.replace_range(edit.range.clone(), &edit.content);
            }
            let suggested = storlint::source::SourceFile::new(
                file.path.clone(),
                file.display.clone(),
                file.language,
                text,
            );
            let line = file.line_col(diagnostic.primary.range.start).0;
            let name = format!("{}:{line} ({})", file.display, fix.title);
            if unparsed(&suggested) > unparsed(&file) {
                failures.push(format!("{name}: the suggestion parses worse"));
                continue;
            }
            let count = |diagnostics: &[storlint::diagnostic::Diagnostic]| {
                diagnostics
                    .iter()
                    .filter(|d| d.rule == diagnostic.rule)
                    .count()
            };
            match storlint::lint_source(&suggested) {
                Ok(after) if count(&after) < count(&before) => {}
                Ok(_) => failures.push(format!(
                    "{name}: {} fires as often with the suggestion",
                    diagnostic.rule
                )),
                Err(problem) => failures.push(format!("{name}: the suggestion fails: {problem}")),
            }
        }
    }
    assert!(checked > 0, "no fixture has a display-only suggestion");
    assert!(
        failures.is_empty(),
        "suggestions that do not hold:\n{}",
        failures.join("\n")
    );
}
