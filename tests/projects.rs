//! Multi-file cases for the project rules: each directory under
//! testdata/projects/ is linted as a whole, and its findings must be exactly
//! the `path:line rule-id` lines of its EXPECTED file (an empty file: none).

mod common;

#[test]
fn every_project_has_exactly_its_expected_findings() {
    let root = common::testdata().join("projects");
    let mut projects: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    projects.sort();
    assert!(!projects.is_empty(), "no projects under {}", root.display());
    let mut failures = Vec::new();
    for project in &projects {
        let listing = std::fs::read_to_string(project.join("EXPECTED"))
            .unwrap_or_else(|e| panic!("{}/EXPECTED: {e}", project.display()));
        let mut expected: Vec<String> = listing
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        expected.sort();
        let report = storlint::lint_paths(std::slice::from_ref(project), project).unwrap();
        assert!(
            report.problems.is_empty(),
            "{}: {:?}",
            project.display(),
            report.problems
        );
        let mut found: Vec<String> = report
            .files
            .iter()
            .flat_map(|f| {
                f.diagnostics.iter().map(|d| {
                    let line = f.source.line_col(d.primary.range.start).0;
                    format!("{}:{line} {}", f.source.display, d.rule)
                })
            })
            .collect();
        found.sort();
        if found != expected {
            failures.push(format!(
                "{}\n  expected: {expected:?}\n  found:    {found:?}",
                project.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "project mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_partial_index_suggestion_carries_the_predicate_the_queries_use() {
    let project = common::testdata().join("projects/partial-index-from-queries");
    let report = storlint::lint_paths(std::slice::from_ref(&project), &project).unwrap();
    let diagnostic = report
        .files
        .iter()
        .flat_map(|f| &f.diagnostics)
        .find(|d| d.rule == "non-partial-index")
        .expect("a non-partial-index finding");
    assert!(
        diagnostic.help.contains("WHERE archived = 0"),
        "{}",
        diagnostic.help
    );
    assert!(
        diagnostic.message.contains("NotesDao.kt:"),
        "the evidence names the queries: {}",
        diagnostic.message
    );
}
