//! The fixture harness: every file under testdata/rules/<rule-id>/ is linted
//! and its findings must be exactly the `~ <rule-id>` annotations it carries
//! (`// ~ id` in code, `-- ~ id` in SQL and inside SQL strings): a missing or
//! an extra finding fails. `~ storlint` marks a warning about a
//! `storlint-ignore` comment. No registration per fixture.

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

fn fixture_files() -> Vec<PathBuf> {
    let root = common::testdata().join("rules");
    let mut files: Vec<PathBuf> = walk(&root);
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
                rules::rule(id).is_some() || id == common::SUPPRESSION_WARNING,
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
