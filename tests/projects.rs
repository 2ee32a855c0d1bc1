//! Multi-file cases for the project rules: each directory under
//! testdata/projects/ is linted as a whole, and its findings must be exactly
//! the `path:line rule-id` lines of its EXPECTED file (an empty file: none).

mod common;

#[test]
fn every_project_has_exactly_its_expected_findings() {
    let projects = project_dirs();
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
        let found = listed(&report);
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
    let diagnostic = first_finding("partial-index-from-queries", "non-partial-index");
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

/// The test-code projects are clean because of the context layer, not
/// because the rules miss their shapes: with tests included, the test code
/// is reported like any other.
#[test]
fn test_code_is_reported_when_tests_are_included() {
    let found = |name: &str, include_tests: bool| -> Vec<String> {
        let project = common::testdata().join("projects").join(name);
        let options = storlint::Options {
            include_tests,
            ..storlint::Options::default()
        };
        let report =
            storlint::lint_paths_with(std::slice::from_ref(&project), &project, &options).unwrap();
        listed(&report)
    };
    let rust = found("test-code-not-reported", true);
    for expected in [
        "benches/insert.rs:4 missing-wal",
        "src/lib.rs:40 missing-wal",
        "tests/store.rs:5 missing-wal",
        "tests/store.rs:6 full-vacuum",
        "tests/store.rs:9 fsync-in-loop",
    ] {
        assert!(rust.contains(&expected.to_string()), "{expected}: {rust:?}");
    }
    let mobile = found("test-code-kotlin-swift", true);
    for expected in [
        "Sources/Store/Store.swift:13 userdefaults-synchronize",
        "StoreTests/StoreFixtures.swift:6 missing-wal",
        "app/src/androidTest/java/db/NotesDbTest.kt:8 prefs-commit",
        "app/src/main/java/db/NotesDb.kt:21 missing-wal",
    ] {
        assert!(
            mobile.contains(&expected.to_string()),
            "{expected}: {mobile:?}"
        );
    }
    assert!(found("test-code-kotlin-swift", false).len() < mobile.len());
}

/// A finding reported at the call of a VACUUM wrapper names the chain of
/// wrappers, so the reader can see why a plain call runs a VACUUM.
#[test]
fn a_vacuum_wrapper_finding_names_the_chain() {
    let diagnostic = first_finding("vacuum-wrapper-called-by-app", "full-vacuum");
    assert_eq!(
        diagnostic.primary.message,
        "runs a full VACUUM through `run_vacuum` → `vacuum`"
    );
}

/// Messages fit the platform: Android's default rollback journal is TRUNCATE.
#[test]
fn missing_wal_names_the_platform_default_journal() {
    use storlint::source::{Language, SourceFile};
    let kotlin = SourceFile::from_text(
        "Db.kt",
        Language::Kotlin,
        "import android.database.sqlite.SQLiteDatabase\nfun open(p: String) = SQLiteDatabase.openOrCreateDatabase(p, null)\n",
    );
    let swift = SourceFile::from_text(
        "Db.swift",
        Language::Swift,
        "import SQLite3\nfunc open(_ p: String) { var db: OpaquePointer?; sqlite3_open(p, &db) }\n",
    );
    let message = |file: &SourceFile| {
        storlint::lint_source(file)
            .unwrap()
            .into_iter()
            .find(|d| d.rule == "missing-wal")
            .expect("a missing-wal finding")
            .message
    };
    assert!(message(&kotlin).contains("Android's default rollback journal (TRUNCATE)"));
    assert!(message(&swift).contains("SQLite's default rollback journal"));
}

/// A report's findings as sorted `path:line rule-id` lines, the form of
/// the projects' EXPECTED files.
/// The cases under testdata/projects, sorted.
fn project_dirs() -> Vec<std::path::PathBuf> {
    let root = common::testdata().join("projects");
    let mut projects: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    projects.sort();
    assert!(!projects.is_empty(), "no projects under {}", root.display());
    projects
}

fn listed(report: &storlint::Report) -> Vec<String> {
    let mut found: Vec<String> = report
        .files
        .iter()
        .flat_map(|f| {
            f.diagnostics.iter().map(|d| {
                let line = f.source.line_col(d.primary.range.start).0;
                format!("{}:{line} {}", f.source.display, common::marker_of(d))
            })
        })
        .collect();
    found.sort();
    found
}

/// The first finding of `rule` in the project `name` under testdata/projects.
fn first_finding(name: &str, rule: &str) -> storlint::diagnostic::Diagnostic {
    let project = common::testdata().join("projects").join(name);
    let report = storlint::lint_paths(std::slice::from_ref(&project), &project).unwrap();
    report
        .files
        .into_iter()
        .flat_map(|f| f.diagnostics)
        .find(|d| d.rule == rule)
        .unwrap_or_else(|| panic!("{name}: a {rule} finding"))
}

/// What pre-commit and editors do: check only the files that changed. Each
/// file checked on its own within its project gets exactly the findings the
/// whole project's run gives it, none invented by a missing helper (WAL
/// enabled elsewhere, a caller's transaction) and none lost.
#[test]
fn each_file_checked_in_its_project_has_the_whole_runs_findings() {
    let projects = project_dirs();
    let mut failures = Vec::new();
    let mut differs_alone = 0;
    let mut from_cache = 0;
    for project in &projects {
        let cache = tempfile::tempdir().unwrap();
        let cached = storlint::Options {
            cache_dir: Some(cache.path().to_path_buf()),
            ..storlint::Options::default()
        };
        let whole = listed(
            &storlint::lint_paths_with(std::slice::from_ref(project), project, &cached).unwrap(),
        );
        let discovery =
            storlint::discover::discover(std::slice::from_ref(project), project).unwrap();
        for file in &discovery.files {
            let expected: Vec<String> = whole
                .iter()
                .filter(|line| line.starts_with(&format!("{}:", file.display)))
                .cloned()
                .collect();
            let paths = [file.path.clone()];
            // Without a cache, then with the cache the whole run filled:
            // the facts read back must judge as the parsed ones do.
            for options in [&storlint::Options::default(), &cached] {
                let report = storlint::lint_project(project, &paths, project, options).unwrap();
                assert!(report.problems.is_empty(), "{:?}", report.problems);
                let found = listed(&report);
                if found != expected {
                    failures.push(format!(
                        "{} {} (cache: {})\n  whole project: {expected:?}\n  file alone:    {found:?}",
                        project.display(),
                        file.display,
                        options.cache_dir.is_some()
                    ));
                }
                from_cache += report.statistics.cached.files;
            }
            let alone = listed(&storlint::lint_paths(&paths, project).unwrap());
            differs_alone += usize::from(alone != expected);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(from_cache > 0, "no analysis came from the cache");
    // The cases are built so that a file linted without its project is
    // judged wrongly: the test proves the project is what decides.
    assert!(differs_alone > 0);
}

/// A cancelled run stops before reading files and says its report is
/// partial: an editor drops it.
#[test]
fn a_cancelled_run_checks_nothing_and_says_so() {
    let project = common::testdata().join("demo");
    let options = storlint::Options::default();
    let whole =
        storlint::lint_paths_with(std::slice::from_ref(&project), &project, &options).unwrap();
    assert!(!whole.cancelled && whole.checked > 0);
    options.cancel.cancel();
    let cancelled =
        storlint::lint_paths_with(std::slice::from_ref(&project), &project, &options).unwrap();
    assert!(cancelled.cancelled);
    assert_eq!(cancelled.checked, 0);
    assert!(cancelled.files.is_empty());
}
