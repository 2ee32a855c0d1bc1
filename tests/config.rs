//! The configuration file as users write it: found upward, merged with the
//! flags, applied to what the binary prints.

mod common;

use std::path::Path;

use common::{project, stderr, stdout, storlint};

/// Three findings of three rules, on lines 1, 2 and 3.
const SCHEMA: &str = "PRAGMA journal_mode = DELETE;\nVACUUM;\nPRAGMA secure_delete = ON;\n";

/// `path:line severity[rule]` of each finding, from `--format concise`.
fn findings(args: &[&str], cwd: &Path) -> Vec<String> {
    let mut all = vec!["--format", "concise"];
    all.extend_from_slice(args);
    let output = storlint(&all, cwd);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}",
        stderr(&output)
    );
    // `path:line:col: severity[rule]: message`
    stdout(&output)
        .lines()
        .filter_map(|line| {
            let mut parts = line.splitn(4, ':');
            let (path, line_number, _column) = (parts.next()?, parts.next()?, parts.next()?);
            let kind = parts.next()?.trim_start().split(':').next()?;
            Some(format!("{path}:{line_number} {kind}"))
        })
        .collect()
}

#[test]
fn select_and_ignore_in_the_file_choose_the_rules_and_flags_override_them() {
    let dir = project(&[
        ("db/schema.sql", SCHEMA),
        (
            "storlint.toml",
            "select = [\"full-vacuum\", \"secure-delete-on\"]\nignore = [\"secure-delete-on\"]\n",
        ),
    ]);
    assert_eq!(
        findings(&[], dir.path()),
        ["db/schema.sql:2 warning[full-vacuum]"]
    );
    assert_eq!(
        findings(&["--extend-select", "journal-mode-not-wal"], dir.path()),
        [
            "db/schema.sql:1 warning[journal-mode-not-wal]",
            "db/schema.sql:2 warning[full-vacuum]"
        ]
    );
    assert_eq!(
        findings(&["--select", "secure-delete-on"], dir.path()),
        ["db/schema.sql:3 warning[secure-delete-on]"]
    );
    assert_eq!(findings(&["--ignore", "full-vacuum"], dir.path()), [""; 0]);
}

#[test]
fn per_file_ignores_hide_a_rule_in_the_matching_files_only() {
    let dir = project(&[
        ("db/schema.sql", "VACUUM;\n"),
        ("db/migrations/001.sql", "VACUUM;\n"),
        (
            ".storlint.toml",
            "[per-file-ignores]\n\"migrations/*.sql\" = [\"full-vacuum\"]\n",
        ),
    ]);
    // `migrations/*.sql` has a `/`: anchored at the file's directory, so it
    // does not match `db/migrations/001.sql`.
    assert_eq!(findings(&[], dir.path()).len(), 2);
    std::fs::write(
        dir.path().join(".storlint.toml"),
        "[per-file-ignores]\n\"db/migrations/*.sql\" = [\"full-vacuum\"]\n",
    )
    .unwrap();
    assert_eq!(
        findings(&[], dir.path()),
        ["db/schema.sql:1 warning[full-vacuum]"]
    );
    // The summary says what the configuration hid.
    let text = stdout(&storlint(&["."], dir.path()));
    assert!(text.contains("1 finding hidden by configuration"), "{text}");
    // The same from a subdirectory: the file is found upward, and its
    // globs stay relative to its own directory.
    assert_eq!(
        findings(&["."], &dir.path().join("db")),
        ["schema.sql:1 warning[full-vacuum]"]
    );
}

#[test]
fn severity_changes_the_printed_severity() {
    let dir = project(&[
        ("db/schema.sql", SCHEMA),
        (
            "storlint.toml",
            "[severity]\nfull-vacuum = \"error\"\nsecure-delete-on = \"hint\"\n",
        ),
    ]);
    assert_eq!(
        findings(&[], dir.path()),
        [
            "db/schema.sql:1 warning[journal-mode-not-wal]",
            "db/schema.sql:2 error[full-vacuum]",
            "db/schema.sql:3 hint[secure-delete-on]"
        ]
    );
    let text = stdout(&storlint(&[], dir.path()));
    assert!(text.contains("error[full-vacuum]"), "{text}");
}

#[test]
fn exclude_test_paths_and_include_tests_reach_the_pipeline() {
    let dir = project(&[
        ("db/schema.sql", "VACUUM;\n"),
        ("generated/db/copy.sql", "VACUUM;\n"),
        ("seed/data.sql", "VACUUM;\n"),
        ("db/tests/fixture.sql", "VACUUM;\n"),
        (
            "storlint.toml",
            "exclude = [\"generated\"]\ntest-paths = [\"seed/**\"]\n",
        ),
    ]);
    assert_eq!(
        findings(&[], dir.path()),
        ["db/schema.sql:1 warning[full-vacuum]"]
    );
    // Excluded even when named: a changed-file run honours the file.
    assert_eq!(findings(&["generated/db/copy.sql"], dir.path()), [""; 0]);
    assert_eq!(
        findings(&["--include-tests"], dir.path()),
        [
            "db/schema.sql:1 warning[full-vacuum]",
            "db/tests/fixture.sql:1 warning[full-vacuum]",
            "seed/data.sql:1 warning[full-vacuum]"
        ]
    );
    std::fs::write(dir.path().join("storlint.toml"), "include-tests = true\n").unwrap();
    assert_eq!(findings(&[], dir.path()).len(), 4);
    assert_eq!(
        findings(&["--extend-exclude", "generated,seed,db/tests"], dir.path()),
        ["db/schema.sql:1 warning[full-vacuum]"]
    );
}

#[test]
fn a_broken_file_exits_2_naming_file_line_and_what_is_wrong() {
    let dir = project(&[
        ("db/schema.sql", SCHEMA),
        (
            "storlint.toml",
            "select = [\"full-vacuum\"]\nextend-selct = [\"missing-wal\"]\n",
        ),
    ]);
    let output = storlint(&[], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: storlint.toml:2:1: unknown key `extend-selct`; did you mean `extend-select`?\n"
    );
    assert_eq!(stdout(&output), "");

    std::fs::write(
        dir.path().join("storlint.toml"),
        "[severity]\nfull-vacum = \"error\"\n",
    )
    .unwrap();
    let output = storlint(&["db"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: storlint.toml:2:1: `severity`: unknown rule `full-vacum`; did you mean `full-vacuum`?\n"
    );

    std::fs::write(
        dir.path().join("storlint.toml"),
        "select = [\"full-vacuum\"]\n\ninclude-tests = yes\n",
    )
    .unwrap();
    let output = storlint(&[], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("error: storlint.toml:3:17: invalid TOML"),
        "{}",
        stderr(&output)
    );

    // --isolated ignores it; --config names another file.
    assert_eq!(findings(&["--isolated"], dir.path()).len(), 3);
    std::fs::write(
        dir.path().join("db/other.toml"),
        "select = [\"full-vacuum\"]\n",
    )
    .unwrap();
    assert_eq!(
        findings(&["--config", "db/other.toml"], dir.path()),
        ["db/schema.sql:2 warning[full-vacuum]"]
    );
    let output = storlint(&["--config", "no/such.toml"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("error: no/such.toml: cannot be read"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn config_prints_the_merged_configuration_with_its_origins() {
    let dir = project(&[(
        "storlint.toml",
        "ignore = [\"missing-wal\"]\nexclude = [\"generated\"]\n\
         [per-file-ignores]\n\"db/*.sql\" = [\"full-vacuum\"]\n[severity]\nautoincrement = \"hint\"\n",
    )]);
    let output = storlint(
        &["config", "--select", "full-vacuum,autoincrement"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    for expected in [
        "# file: storlint.toml\n",
        "select = [\"autoincrement\", \"full-vacuum\"]  # storlint.toml, --select\n",
        "exclude = [\"generated\"]  # storlint.toml\n",
        "include-tests = false  # default\n",
        "[per-file-ignores]  # storlint.toml\n\"db/*.sql\" = [\"full-vacuum\"]\n",
        "[severity]  # storlint.toml\nautoincrement = \"hint\"\n",
    ] {
        assert!(text.contains(expected), "{expected}\n---\n{text}");
    }
    let isolated = stdout(&storlint(&["config", "--isolated"], dir.path()));
    assert!(isolated.contains("# file: none\n"), "{isolated}");
    assert!(isolated.contains("exclude = []  # default\n"), "{isolated}");
}
