//! The command line as users run it: exit codes, output formats, rule docs.

mod common;

use common::{project, stderr, stdout, storlint};

use std::io::{BufRead, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use storlint::rules::RULES;

/// The binary with environment variables set (and `NO_COLOR`, `CLICOLOR_FORCE`
/// and `GITHUB_STEP_SUMMARY` unset unless given) and `input` on stdin.
fn storlint_with(args: &[&str], cwd: &Path, env: &[(&str, &str)], input: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_storlint"));
    command
        .args(args)
        .current_dir(cwd)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("GITHUB_STEP_SUMMARY")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("the storlint binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // A run refused before it reads stdin closes the pipe first.
    if let Err(error) = stdin.write_all(input.as_bytes()) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe);
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn exit_code_is_0_without_findings_and_1_with_them() {
    let clean = project(&[("db/schema.sql", "PRAGMA journal_mode = WAL;\n")]);
    let output = storlint(&[], clean.path());
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(stdout(&output).contains("No findings in 1 file checked"));

    let dirty = project(&[("db/schema.sql", "PRAGMA journal_mode = WAL;\nVACUUM;\n")]);
    let output = storlint(&["db"], dirty.path());
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("warning[full-vacuum]"), "{text}");
    assert!(text.contains("db/schema.sql:2:1"), "{text}");
    assert!(
        text.contains("help: set `PRAGMA auto_vacuum = INCREMENTAL`"),
        "{text}"
    );
    assert!(
        text.contains("Found 1 finding in 1 file checked; 0 skipped"),
        "{text}"
    );
}

#[test]
fn select_and_ignore_choose_the_rules_reported() {
    let dir = project(&[(
        "db/schema.sql",
        "PRAGMA journal_mode = DELETE;\nVACUUM;\nPRAGMA secure_delete = ON;\n",
    )]);
    let rules_in = |args: &[&str]| -> Vec<String> {
        let output = storlint(args, dir.path());
        stdout(&output)
            .lines()
            .filter_map(|l| l.split_once('[').and_then(|(_, rest)| rest.split_once(']')))
            .map(|(rule, _)| rule.to_string())
            .collect()
    };
    assert_eq!(
        rules_in(&["--select", "full-vacuum,secure-delete-on"]),
        ["full-vacuum", "secure-delete-on"]
    );
    assert_eq!(
        rules_in(&["--ignore", "full-vacuum"]),
        ["journal-mode-not-wal", "secure-delete-on"]
    );
    let output = storlint(
        &["--select", "full-vacuum", "--ignore", "full-vacuum"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "nothing left to report");
    let output = storlint(&["--select", "vacuum"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown rule `vacuum`"));
}

#[test]
fn github_format_prints_one_annotation_per_finding() {
    let dir = project(&[("db/schema.sql", "-- schema\nVACUUM;\n")]);
    let output = storlint(&["--format", "github"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(
        lines[0].starts_with(
            "::warning file=db/schema.sql,line=2,col=1,endLine=2,endColumn=7,title=full-vacuum::Full VACUUM rewrites"
        ),
        "{text}"
    );
}

#[test]
fn concise_format_prints_one_line_per_finding() {
    let dir = project(&[(
        "db/schema.sql",
        "-- schema\nVACUUM;\nPRAGMA secure_delete = ON;\n",
    )]);
    let output = storlint(&["--format", "concise"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("db/schema.sql:2:1: warning[full-vacuum]: full VACUUM rewrites"),
        "{text}"
    );
    assert!(
        lines[1].starts_with(
            "db/schema.sql:3:24: warning[secure-delete-on]: secure_delete=ON overwrites"
        ),
        "{text}"
    );
}

#[test]
fn test_code_is_not_checked_unless_asked_for() {
    let dir = project(&[
        ("db/schema.sql", "PRAGMA journal_mode = WAL;\n"),
        ("db/tests/fixture.sql", "VACUUM;\n"),
    ]);
    let output = storlint(&[], dir.path());
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(
        stdout(&output).contains("1 test file not checked (`--include-tests` checks them)"),
        "{}",
        stdout(&output)
    );
    let output = storlint(&["--include-tests", "--format", "concise"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).starts_with("db/tests/fixture.sql:1:1: warning[full-vacuum]"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn an_unknown_rule_id_in_storlint_ignore_is_a_warning_naming_file_line_id_and_closest_id() {
    let dir = project(&[(
        "db/schema.sql",
        "-- schema\n-- storlint-ignore full-vacum -- compacted once at install\nVACUUM;\n",
    )]);
    let expected = "db/schema.sql:2:20: unknown rule id `full-vacum` in `storlint-ignore`; it suppresses nothing; did you mean `full-vacuum`?";

    let output = storlint(&[], dir.path());
    // The misspelt marker suppresses nothing: the finding stays.
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("warning[full-vacuum]"));
    assert!(
        stdout(&output).contains("1 warning about `storlint-ignore` comments"),
        "{}",
        stdout(&output)
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr, format!("warning: {expected}\n"));

    let concise = stdout(&storlint(&["--format", "concise"], dir.path()));
    assert!(
        concise.contains(&expected.replacen(": unknown", ": warning[storlint]: unknown", 1)),
        "{concise}"
    );

    let github = stdout(&storlint(&["--format", "github"], dir.path()));
    assert!(
        github.contains("::warning file=db/schema.sql,line=2,col=20,title=storlint::unknown rule id `full-vacum`"),
        "{github}"
    );

    let sarif = storlint(&["--format", "sarif"], dir.path());
    let log: serde_json::Value = serde_json::from_slice(&sarif.stdout).unwrap();
    let notification = &log["runs"][0]["invocations"][0]["toolExecutionNotifications"][0];
    assert_eq!(notification["message"]["text"], expected);
    assert_eq!(
        notification["locations"][0]["physicalLocation"]["region"]["startLine"],
        2
    );
    assert_eq!(
        String::from_utf8_lossy(&sarif.stderr),
        format!("warning: {expected}\n")
    );
}

#[test]
fn a_missing_path_exits_2_naming_it() {
    let dir = project(&[]);
    let output = storlint(&["nowhere"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: nowhere: no such file or directory\n"
    );
}

#[test]
fn the_prefilter_skips_files_without_storage_words_and_says_so() {
    let dir = project(&[
        ("a.rs", "fn main() {}\n"),
        ("b.kt", "fun main() {}\n"),
        ("c.sql", "VACUUM;\n"),
    ]);
    let output = storlint(&["."], dir.path());
    assert!(
        stdout(&output).contains("in 1 file checked; 2 skipped"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn statistics_count_files_per_stage_on_stderr() {
    let dir = project(&[
        ("a.rs", "fn main() {}\n"),
        ("b.kt", "fun main() {}\n"),
        ("c.sql", "VACUUM;\n"),
    ]);
    let output = storlint(&["--statistics", "."], dir.path());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let files_at = |stage: &str| -> Option<usize> {
        let line = stderr.lines().find(|l| l.trim_start().starts_with(stage))?;
        line[stage.len() + 2..]
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    };
    assert_eq!(files_at("discovered"), Some(3), "{stderr}");
    assert_eq!(files_at("read and scanned"), Some(3), "{stderr}");
    assert_eq!(files_at("parsed: catalog words"), Some(1), "{stderr}");
    assert_eq!(
        files_at("parsed: calls storage functions"),
        Some(0),
        "{stderr}"
    );
}

/// A file joining for its calls is parsed without the bodies that cannot
/// reach them, and the statistics say how much was left out.
#[test]
fn statistics_count_the_bodies_a_later_pass_left_out() {
    let dao = "import androidx.room.Dao\nimport androidx.room.Query\n\n@Dao\ninterface NoteDao {\n    @Query(\"DELETE FROM notes WHERE id = :id\")\n    fun deleteById(id: Long)\n}\n";
    // `title`'s body, 2 KiB between its braces, cannot reach the DAO.
    let title = format!("\n        return \"{}\"\n    ", "n".repeat(2048 - 23));
    let screen = format!("class Screen(private val dao: NoteDao) {{\n    fun clear(ids: List<Long>) {{\n        for (id in ids) {{\n            dao.deleteById(id)\n        }}\n    }}\n\n    fun title(): String {{{title}}}\n}}\n");
    let dir = project(&[("NoteDao.kt", dao), ("Screen.kt", &screen)]);
    let output = storlint(&["--statistics", "."], dir.path());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stage = |name: &str| -> Option<Vec<String>> {
        let line = stderr.lines().find(|l| l.trim_start().starts_with(name))?;
        Some(
            line[name.len() + 2..]
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        )
    };
    assert_eq!(
        stage("parsed: calls storage functions")
            .map(|s| s[0].clone())
            .as_deref(),
        Some("1"),
        "{stderr}"
    );
    assert_eq!(title.len(), 2048);
    assert_eq!(
        stage("later files' bodies blanked"),
        Some(vec!["1".into(), "files".into(), "2.0".into(), "KiB".into()]),
        "{stderr}"
    );
    assert!(
        stdout(&output).contains("Screen.kt:4"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn rust_test_items_are_not_parsed() {
    let tests = "\n    #[test]\n    fn vacuums() {\n        let conn = rusqlite::Connection::open(\"t.db\").unwrap();\n        conn.execute_batch(\"VACUUM\").unwrap();\n    }\n";
    let module = |code: &str| format!("{code}\n#[cfg(test)]\nmod tests {{{tests}}}\n");
    // `lib.rs` names storage only in its tests: it is not parsed at all.
    let lib = module("pub fn name() -> &'static str {\n    \"store\"\n}\n");
    // `store.rs` is parsed, its tests left out.
    let store = module("pub fn compact(conn: &rusqlite::Connection) {\n    conn.execute_batch(\"VACUUM\").unwrap();\n}\n");
    let dir = project(&[("src/lib.rs", &lib), ("src/store.rs", &store)]);
    let output = storlint(&["--statistics", "--format", "concise", "."], dir.path());
    let stderr = stderr(&output);
    let stage = |name: &str| {
        let line = stderr.lines().find(|l| l.trim_start().starts_with(name));
        line.map(|line| {
            line.trim_start()[name.len()..]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    let kib = format!("{:.1}", tests.len() as f64 / 1024.0);
    assert_eq!(
        stage("Rust test items, not parsed"),
        Some(format!("1 files {kib} KiB")),
        "{stderr}"
    );
    assert_eq!(
        stage("parsed: catalog words"),
        Some(format!("1 files {:.1} KiB", store.len() as f64 / 1024.0)),
        "{stderr}"
    );
    // The production VACUUM of store.rs, line 2; none in the tests.
    assert_eq!(
        (stdout(&output).lines())
            .filter(|line| line.contains("full-vacuum"))
            .map(|line| line.split(": ").next().unwrap_or(line))
            .collect::<Vec<_>>(),
        ["src/store.rs:2:25"],
        "{}",
        stdout(&output)
    );
    // Checked with the tests, both modules are read and their VACUUMs found.
    let output = storlint(&["--include-tests", "--format", "concise", "."], dir.path());
    let found = stdout(&output);
    assert!(
        found.contains("src/lib.rs:9:") && found.contains("src/store.rs:9:"),
        "{found}"
    );
}

#[test]
fn a_parse_budget_that_is_not_a_positive_number_exits_2() {
    let dir = project(&[("c.sql", "VACUUM;\n")]);
    let output = storlint(&["--parse-budget", "0", "."], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("--parse-budget must be a positive number"));
    let output = storlint(&["--parse-budget", "0.5", "."], dir.path());
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn rule_prints_its_page_and_rules_lists_them_all() {
    let dir = project(&[]);
    for rule in RULES {
        let output = storlint(&["rule", rule.id], dir.path());
        assert_eq!(output.status.code(), Some(0));
        let page = stdout(&output);
        let availability = match rule.fix {
            storlint::rules::FixAvailability::Never => "No fix is available: see Use instead.",
            storlint::rules::FixAvailability::Sometimes => "A fix is sometimes available: see Fix.",
            storlint::rules::FixAvailability::Always => "A fix is always available: see Fix.",
        };
        // The line stands between the summary and the first section.
        let inserted = format!("\n{availability}\n\n## ");
        let at = page
            .find(&inserted)
            .unwrap_or_else(|| panic!("{}: no `{availability}` line: {page}", rule.id));
        let without = format!("{}{}", &page[..at], &page[at + inserted.len() - 4..]);
        assert_eq!(without, rule.doc);
    }
    let output = storlint(&["rules"], dir.path());
    let listing = stdout(&output);
    assert_eq!(listing.lines().count(), RULES.len());
    for rule in RULES {
        assert!(listing.contains(rule.id) && listing.contains(&rule.summary()));
    }
    let output = storlint(&["rule", "no-such-rule"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown rule `no-such-rule`"));
}

fn mend_language_patterns(schema: &mut serde_json::Value) -> usize {
    const BROKEN: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";
    match schema {
        serde_json::Value::Object(map) => {
            let mut mended = 0;
            if map.get("pattern").and_then(|p| p.as_str()) == Some(BROKEN) {
                map.insert("pattern".into(), "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$".into());
                mended += 1;
            }
            mended + map.values_mut().map(mend_language_patterns).sum::<usize>()
        }
        serde_json::Value::Array(items) => items.iter_mut().map(mend_language_patterns).sum(),
        _ => 0,
    }
}

#[test]
fn sarif_output_is_valid_sarif_2_1_0() {
    let dir = project(&[
        (
            "app/My Store.swift",
            "func f(db: OpaquePointer) {\n    sqlite3_exec(db, \"VACUUM\", nil, nil, nil)\n}\n",
        ),
        (
            "db/schema.sql",
            "CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT);\n",
        ),
        ("broken.rs", "fn f( { execute_batch(\n"),
        (
            "src/flush.rs",
            "fn g(f: &std::fs::File, n: u8) {\n    for _ in 0..n {\n        f.sync_all().ok();\n    }\n}\n",
        ),
    ]);
    let output = storlint(&["--format", "sarif", "."], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).expect("stdout is JSON");

    let schema_text =
        std::fs::read_to_string(common::testdata().join("sarif/sarif-schema-2.1.0.json")).unwrap();
    let mut schema: serde_json::Value = serde_json::from_str(&schema_text).unwrap();
    // The published schema's `language` patterns are not valid regexes (a
    // stray `]`), which a strict validator refuses; storlint never emits those
    // properties, so the pattern is mended here rather than in the file.
    assert_eq!(mend_language_patterns(&mut schema), 2);
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "SARIF schema violations: {errors:#?}");

    let run = &log["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "storlint");
    assert_eq!(driver["rules"].as_array().unwrap().len(), RULES.len());
    for rule in driver["rules"].as_array().unwrap() {
        assert!(rule["shortDescription"]["text"]
            .as_str()
            .is_some_and(|t| !t.is_empty()));
        assert!(rule["fullDescription"]["text"]
            .as_str()
            .is_some_and(|t| !t.is_empty()));
        assert!(rule["help"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("## Why is this bad?")));
        let declared = RULES.iter().find(|r| rule["id"] == r.id).unwrap().severity;
        let expected_level = match declared {
            storlint::diagnostic::Severity::Hint => "note",
            storlint::diagnostic::Severity::Warning => "warning",
            storlint::diagnostic::Severity::Error => "error",
        };
        assert_eq!(rule["defaultConfiguration"]["level"], expected_level);
        // The properties code scanning sorts and filters alerts by.
        assert_eq!(rule["properties"]["precision"], "high");
        let problem_severity = match declared {
            storlint::diagnostic::Severity::Hint => "recommendation",
            storlint::diagnostic::Severity::Warning => "warning",
            storlint::diagnostic::Severity::Error => "error",
        };
        assert_eq!(rule["properties"]["problem.severity"], problem_severity);
        assert!(rule["helpUri"].as_str().is_some_and(|u| u.ends_with(".md")));
    }
    let results = run["results"].as_array().unwrap();
    let mut summary: Vec<(String, String, u64, u64, u64)> = results
        .iter()
        .map(|r| {
            let location = &r["locations"][0]["physicalLocation"];
            assert_eq!(location["artifactLocation"]["uriBaseId"], "%SRCROOT%");
            (
                r["ruleId"].as_str().unwrap().to_string(),
                location["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap()
                    .to_string(),
                location["region"]["startLine"].as_u64().unwrap(),
                location["region"]["startColumn"].as_u64().unwrap(),
                location["region"]["endColumn"].as_u64().unwrap(),
            )
        })
        .collect();
    summary.sort();
    assert_eq!(
        summary,
        [
            ("autoincrement".into(), "db/schema.sql".into(), 1, 39, 52),
            ("fsync-in-loop".into(), "src/flush.rs".into(), 3, 11, 19),
            (
                "full-vacuum".into(),
                "app/My%20Store.swift".into(),
                2,
                23,
                29
            ),
        ]
    );
    // Code review shows one text: its sentences each start with a capital.
    let vacuum = results
        .iter()
        .find(|r| r["ruleId"] == "full-vacuum")
        .unwrap();
    let message = vacuum["message"]["text"].as_str().unwrap();
    assert!(
        message.starts_with("Full VACUUM rewrites the whole database")
            && message.contains(". In Apple's measurement")
            && message.contains(". Help: set `PRAGMA auto_vacuum = INCREMENTAL`")
            && message.ends_with('.'),
        "{message}"
    );
    let fsync = results
        .iter()
        .find(|r| r["ruleId"] == "fsync-in-loop")
        .unwrap();
    let related = &fsync["relatedLocations"][0];
    assert_eq!(related["message"]["text"], "inside this loop");
    assert_eq!(related["physicalLocation"]["region"]["startLine"], 2);
    let base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        base.starts_with("file:///") && base.ends_with('/'),
        "{base}"
    );
    let notifications = run["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .unwrap();
    assert_eq!(notifications.len(), 1);
    assert!(notifications[0]["message"]["text"]
        .as_str()
        .unwrap()
        .starts_with("broken.rs:1:"));
}

/// A store whose connection gets WAL from a helper in another file.
const WAL_HELPER: &str = "import android.database.sqlite.SQLiteDatabase\nobject DbConfig {\n    fun configure(db: SQLiteDatabase) {\n        db.enableWriteAheadLogging()\n    }\n}\n";
const STORE_USING_HELPER: &str = "import android.database.sqlite.SQLiteDatabase\nclass Store {\n    fun open(path: String): SQLiteDatabase {\n        val db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.OPEN_READWRITE)\n        DbConfig.configure(db)\n        return db\n    }\n}\n";

#[test]
fn a_changed_file_is_judged_within_its_project() {
    let dir = project(&[
        ("app/data/DbConfig.kt", WAL_HELPER),
        ("app/data/Store.kt", STORE_USING_HELPER),
    ]);
    // Without a project around it, the file alone looks like a missing WAL.
    let alone = storlint(&["--format", "concise", "app/data/Store.kt"], dir.path());
    assert!(stdout(&alone).contains("missing-wal"), "{}", stdout(&alone));
    // The enclosing git work tree is the project: the helper is seen.
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let in_git = storlint(&["--format", "concise", "app/data/Store.kt"], dir.path());
    assert_eq!(stdout(&in_git), "");
    assert_eq!(in_git.status.code(), Some(0));
    // Named explicitly, from a directory inside the project.
    std::fs::remove_dir(dir.path().join(".git")).unwrap();
    let explicit = storlint(
        &["--format", "concise", "--project-root", "../..", "Store.kt"],
        &dir.path().join("app/data"),
    );
    assert_eq!(stdout(&explicit), "");
    assert_eq!(explicit.status.code(), Some(0));
    let missing = storlint(&["--project-root", "nowhere", "app"], dir.path());
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("nowhere"));
}

#[test]
fn a_baseline_hides_recorded_findings_across_unrelated_edits() {
    let vacuum = "    sqlite3_exec(db, \"VACUUM\", nil, nil, nil)\n";
    let swift = |extra_top: &str, calls: usize| {
        format!(
            "import SQLite3\n{extra_top}func tidy(db: OpaquePointer) {{\n{}}}\n",
            vacuum.repeat(calls)
        )
    };
    let dir = project(&[
        ("ios/Store.swift", &swift("", 2)),
        (
            "db/schema.sql",
            "CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT);\n",
        ),
    ]);
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let write = storlint(&["--write-baseline", "baseline.json"], dir.path());
    assert_eq!(write.status.code(), Some(0));
    let text = std::fs::read_to_string(dir.path().join("baseline.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["entries"].as_array().unwrap().len(), 3);

    let hidden = storlint(
        &["--format", "concise", "--baseline", "baseline.json"],
        dir.path(),
    );
    assert_eq!(stdout(&hidden), "");
    assert_eq!(hidden.status.code(), Some(0));
    // The summary says what the baseline hid.
    let text = storlint(&["--baseline", "baseline.json"], dir.path());
    assert!(
        stdout(&text).contains("3 findings hidden by the baseline"),
        "{}",
        stdout(&text)
    );

    // Lines added above move the findings; the entries still match. A
    // third identical call is a new finding: the first two are recorded.
    std::fs::write(
        dir.path().join("ios/Store.swift"),
        swift("// Maintenance.\n\n", 3),
    )
    .unwrap();
    let moved = storlint(
        &["--format", "concise", "--baseline", "baseline.json"],
        dir.path(),
    );
    assert_eq!(stdout(&moved).lines().count(), 1, "{}", stdout(&moved));
    assert!(
        stdout(&moved).starts_with("ios/Store.swift:7:"),
        "{}",
        stdout(&moved)
    );
    assert_eq!(moved.status.code(), Some(1));

    // From a subdirectory, on one file: project paths still match, and only
    // entries of the files looked at can be reported as gone.
    std::fs::write(dir.path().join("ios/Store.swift"), swift("", 1)).unwrap();
    let sub = storlint(
        &[
            "--format",
            "concise",
            "--baseline",
            "../baseline.json",
            "Store.swift",
        ],
        &dir.path().join("ios"),
    );
    assert_eq!(stdout(&sub), "");
    let stderr = String::from_utf8_lossy(&sub.stderr);
    assert!(
        stderr.contains("1 baseline entry no longer match"),
        "{stderr}"
    );
    assert!(stderr.contains("ios/Store.swift:4 full-vacuum"), "{stderr}");
    assert!(!stderr.contains("schema.sql"), "{stderr}");

    std::fs::write(
        dir.path().join("broken.json"),
        "{\"version\": 1,\n \"entries\": 3}",
    )
    .unwrap();
    let broken = storlint(&["--baseline", "broken.json"], dir.path());
    assert_eq!(broken.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&broken.stderr);
    assert!(stderr.contains("broken.json:2:"), "{stderr}");
}

#[test]
fn unused_ignores_are_reported_when_asked_for() {
    let dir = project(&[(
        "Store.swift",
        "import SQLite3\nfunc tidy(db: OpaquePointer) {\n    // storlint-ignore full-vacuum -- nightly, on the charger\n    sqlite3_exec(db, \"VACUUM\", nil, nil, nil)\n    // storlint-ignore full-vacuum, autoincrement\n    sqlite3_exec(db, \"VACUUM\", nil, nil, nil)\n    // storlint-ignore fsync-in-loop\n    let n = 1\n}\n",
    )]);
    let quiet = storlint(&["--format", "concise", "."], dir.path());
    assert_eq!(quiet.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&quiet.stderr), "");
    let asked = storlint(
        &["--format", "concise", "--report-unused-ignores", "."],
        dir.path(),
    );
    assert_eq!(asked.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&asked.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        [
            "warning: Store.swift:5:8: `storlint-ignore autoincrement` suppresses nothing: no such finding here",
            "warning: Store.swift:7:8: `storlint-ignore fsync-in-loop` suppresses nothing: no such finding here",
        ]
    );
    // The configuration file turns the report on too.
    std::fs::write(
        dir.path().join("storlint.toml"),
        "report-unused-ignores = true\n",
    )
    .unwrap();
    let configured = storlint(&["--format", "concise", "."], dir.path());
    assert_eq!(configured.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&configured.stderr).lines().count(),
        2
    );
    // A marker for a rule the run does not check is not judged.
    let selected = storlint(
        &[
            "--format",
            "concise",
            "--report-unused-ignores",
            "--select",
            "full-vacuum",
            ".",
        ],
        dir.path(),
    );
    assert_eq!(selected.status.code(), Some(0));
}

/// `path:line:col: severity[id]: message`, the shape quickfix lists and
/// problem matchers read.
fn is_concise_line(line: &str) -> bool {
    let mut fields = line.splitn(4, ':');
    let (Some(path), Some(row), Some(col), Some(rest)) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return false;
    };
    let Some((severity_and_id, message)) = rest.strip_prefix(' ').and_then(|r| r.split_once("]: "))
    else {
        return false;
    };
    let Some((severity, id)) = severity_and_id.split_once('[') else {
        return false;
    };
    !path.is_empty()
        && row.parse::<usize>().is_ok_and(|n| n > 0)
        && col.parse::<usize>().is_ok_and(|n| n > 0)
        && ["error", "warning", "hint"].contains(&severity)
        && !id.is_empty()
        && id.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        && !message.is_empty()
}

#[test]
fn every_concise_line_has_the_quickfix_shape_files_not_checked_included() {
    let dir = project(&[
        (
            "db/schema.sql",
            "VACUUM;\nPRAGMA synchronous = FULL;\nPRAGMA journal_mode = WAL;\n",
        ),
        ("src/broken.rs", "fn f( { execute_batch(\n"),
        ("notes.txt", "VACUUM"),
    ]);
    let output = storlint(&["--format", "concise", ".", "notes.txt"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    for line in &lines {
        assert!(
            is_concise_line(line),
            "not path:line:col: severity[id]: message: {line}"
        );
    }
    assert!(
        lines[0].starts_with("db/schema.sql:1:1: warning[full-vacuum]: "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("db/schema.sql:2:22: hint[synchronous-full-in-wal]: "),
        "{text}"
    );
    // A problem without a position points at the file's start.
    assert!(
        lines.contains(&"notes.txt:1:1: warning[storlint]: not checked: storlint reads .rs, .swift, .kt, .kts, .sql and .sq (SQLDelight) files"),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("src/broken.rs:1:")
            && l.contains("warning[storlint]: could not be parsed as Rust")),
        "{text}"
    );
}

#[test]
fn json_format_follows_the_documented_schema() {
    let dir = project(&[
        (
            "app/Store.swift",
            "func f(db: OpaquePointer) {\n    let é = \"ü\"; sqlite3_exec(db, \"VACUUM\", nil, nil, nil)\n}\n",
        ),
        (
            "src/flush.rs",
            "fn g(f: &std::fs::File, n: u8) {\n    for _ in 0..n {\n        f.sync_all().ok();\n    }\n}\n",
        ),
        ("src/broken.rs", "fn f( { execute_batch(\n"),
        ("src/tests/t.rs", "fn t(f: &std::fs::File) { f.sync_all().ok(); }\n"),
    ]);
    let output = storlint(&["--format", "json"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).expect("stdout is JSON");
    assert_eq!(log["version"], 1);
    assert_eq!(log["tool"]["name"], "storlint");
    let findings = log["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 2, "{log:#}");

    let vacuum = &findings[0];
    assert_eq!(vacuum["rule"], "full-vacuum");
    assert_eq!(vacuum["severity"], "warning");
    assert_eq!(vacuum["path"], "app/Store.swift");
    // Columns count characters, offsets bytes: `é` and `ü` are two bytes each.
    let text = std::fs::read_to_string(dir.path().join("app/Store.swift")).unwrap();
    let offset = text.find("VACUUM").unwrap();
    let start = &vacuum["range"]["start"];
    assert_eq!(
        (start["line"].as_u64(), start["column"].as_u64()),
        (Some(2), Some(36))
    );
    assert_eq!(start["offset"].as_u64(), Some(offset as u64));
    let end = &vacuum["range"]["end"];
    assert_eq!(
        (end["line"].as_u64(), end["column"].as_u64()),
        (Some(2), Some(42))
    );
    assert_eq!(end["offset"].as_u64(), Some(offset as u64 + 6));
    assert!(vacuum["message"]
        .as_str()
        .unwrap()
        .starts_with("full VACUUM rewrites"));
    assert!(vacuum["notes"][0].as_str().unwrap().contains("WWDC 2019"));
    assert!(vacuum["help"]
        .as_str()
        .unwrap()
        .contains("auto_vacuum = INCREMENTAL"));
    assert_eq!(vacuum["related"], serde_json::json!([]));
    assert_eq!(vacuum["fix"]["applicability"], "display-only");
    assert_eq!(
        vacuum["fix"]["edits"][0]["content"],
        "PRAGMA incremental_vacuum"
    );

    let fsync = &findings[1];
    assert_eq!(fsync["rule"], "fsync-in-loop");
    assert_eq!(fsync["path"], "src/flush.rs");
    let related = &fsync["related"][0];
    assert_eq!(related["path"], "src/flush.rs");
    assert_eq!(related["message"], "inside this loop");
    assert_eq!(related["range"]["start"]["line"], 2);
    assert_eq!(related["range"]["start"]["column"], 5);

    let problems = log["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0]["path"], "src/broken.rs");
    assert_eq!(problems[0]["line"], 1);
    assert!(problems[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("could not be parsed as Rust"));
    assert_eq!(log["suppression_warnings"], serde_json::json!([]));
    let summary = &log["summary"];
    assert_eq!(summary["findings"], 2);
    assert_eq!(summary["files_checked"], 2);
    assert_eq!(summary["files_not_checked"], 1);
    assert_eq!(summary["test_files_not_checked"], 1);
    assert_eq!(summary["hidden_by_configuration"], 0);
    assert_eq!(summary["hidden_by_baseline"], 0);
    // The problem reaches a human on stderr too.
    assert!(
        stderr(&output).starts_with("warning: src/broken.rs:1:"),
        "{}",
        stderr(&output)
    );
}

/// Twelve warnings in one file, and a file that could not be checked.
fn twelve_vacuums_and_a_broken_file() -> tempfile::TempDir {
    project(&[
        ("db/schema.sql", &"VACUUM;\n".repeat(12)),
        ("src/broken.rs", "fn f( { execute_batch(\n"),
    ])
}

#[test]
fn github_shows_ten_warnings_and_counts_the_rest_in_a_closing_notice() {
    let dir = twelve_vacuums_and_a_broken_file();
    let output = storlint_with(&["--format", "github"], dir.path(), &[], "");
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    // The file not checked first, so GitHub never drops it; then nine findings.
    assert!(
        lines[0].starts_with("::warning file=src/broken.rs,line=1,"),
        "{text}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("::warning")).count(),
        10,
        "{text}"
    );
    assert_eq!(
        lines.last().unwrap(),
        &"::notice title=storlint::3 more findings are not shown as annotations (GitHub shows 10 of each kind); `storlint --format concise` lists them all"
    );
    assert_eq!(lines.len(), 11);
}

#[test]
fn github_lists_the_findings_past_ten_in_the_step_summary() {
    let dir = twelve_vacuums_and_a_broken_file();
    let summary = dir.path().join("summary.md");
    std::fs::write(&summary, "earlier step\n").unwrap();
    let output = storlint_with(
        &["--format", "github", "db", "src"],
        dir.path(),
        &[("GITHUB_STEP_SUMMARY", summary.to_str().unwrap())],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.ends_with(
            "::notice title=storlint::3 more findings are listed in the job's step summary\n"
        ),
        "{text}"
    );
    let markdown = std::fs::read_to_string(&summary).unwrap();
    assert!(
        markdown.starts_with("earlier step\n### storlint: 3 more findings\n"),
        "{markdown}"
    );
    let rows: Vec<&str> = markdown.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(rows.len(), 3, "{markdown}");
    assert!(
        rows[0]
            .starts_with("| `db/schema.sql:10:1` | warning | `full-vacuum` | full VACUUM rewrites"),
        "{markdown}"
    );

    // When everything fits, neither a notice nor a summary.
    let clean = project(&[("db/schema.sql", "VACUUM;\n")]);
    let output = storlint_with(
        &["--format", "github"],
        clean.path(),
        &[("GITHUB_STEP_SUMMARY", summary.to_str().unwrap())],
        "",
    );
    assert_eq!(stdout(&output).lines().count(), 1);
    assert_eq!(std::fs::read_to_string(&summary).unwrap(), markdown);
}

#[test]
fn quiet_prints_only_findings() {
    let clean = project(&[("db/schema.sql", "PRAGMA journal_mode = WAL;\n")]);
    let output = storlint(&["-q"], clean.path());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
    let dirty = project(&[("db/schema.sql", "VACUUM;\n")]);
    let output = storlint(&["--quiet"], dirty.path());
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.starts_with("warning[full-vacuum]"), "{text}");
    assert!(!text.contains("Found 1 finding"), "{text}");
}

#[test]
fn unchecked_files_fail_the_run_unless_exit_zero() {
    for (name, text) in [
        ("src/broken.rs", "fn f( { execute_batch(\n"),
        ("db/binary.sql", "VACUUM\0;\n"),
    ] {
        let dir = project(&[(name, text)]);
        let output = storlint(&[], dir.path());
        assert_eq!(output.status.code(), Some(1), "{name}: {}", stdout(&output));
        assert!(stdout(&output).contains("1 file could not be checked"));
        let output = storlint(&["--exit-zero"], dir.path());
        assert_eq!(output.status.code(), Some(0), "{name}");
    }
    let findings = project(&[("db/schema.sql", "VACUUM;\n")]);
    assert_eq!(
        storlint(&["--exit-zero"], findings.path()).status.code(),
        Some(0)
    );
}

#[test]
fn hints_fail_the_run_only_with_fail_on_hint() {
    let dir = project(&[(
        "db/schema.sql",
        "PRAGMA journal_mode = WAL;\nPRAGMA synchronous = FULL;\n",
    )]);
    let output = storlint(&[], dir.path());
    assert_eq!(output.status.code(), Some(0));
    // A hint is called a hint.
    assert!(
        stdout(&output).starts_with("hint[synchronous-full-in-wal]"),
        "{}",
        stdout(&output)
    );
    assert_eq!(
        storlint(&["--fail-on", "hint"], dir.path()).status.code(),
        Some(1)
    );
    assert_eq!(
        storlint(&["--fail-on", "warning"], dir.path())
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        storlint(&["--fail-on", "note"], dir.path()).status.code(),
        Some(2)
    );
}

#[test]
fn statistics_count_findings_per_rule() {
    let dir = project(&[(
        "db/schema.sql",
        "VACUUM;\nVACUUM;\nPRAGMA secure_delete = ON;\n",
    )]);
    let output = storlint(&["--statistics", "--format", "concise"], dir.path());
    let stderr = stderr(&output);
    let per_rule = stderr
        .split_once("findings per rule:\n")
        .map(|(_, rows)| rows)
        .unwrap_or_default();
    let rows: Vec<Vec<&str>> = per_rule
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [vec!["full-vacuum", "2"], vec!["secure-delete-on", "1"]],
        "{stderr}"
    );
}

#[test]
fn a_dash_reads_the_source_from_stdin_named_by_stdin_filename() {
    let dir = project(&[]);
    let output = storlint_with(
        &[
            "--format",
            "concise",
            "--stdin-filename",
            "db/Queries.sq",
            "-",
        ],
        dir.path(),
        &[],
        "-- schema\nVACUUM;\n",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("db/Queries.sq:2:1: warning[full-vacuum]: "),
        "{}",
        stdout(&output)
    );
    let output = storlint_with(&["-"], dir.path(), &[], "VACUUM;\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: `-` reads the source from stdin: name it with `--stdin-filename PATH` (its extension picks the language)\n"
    );
    let output = storlint_with(
        &["--stdin-filename", "notes.txt", "-"],
        dir.path(),
        &[],
        "VACUUM;\n",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("storlint reads .rs, .swift"),
        "{}",
        stderr(&output)
    );
    // As for a file on disk, a syntax error in storage code is a file not
    // checked.
    let output = storlint_with(
        &["--stdin-filename", "a.rs", "-"],
        dir.path(),
        &[],
        "fn f( { rusqlite::Connection::open(\"x\");\n",
    );
    assert_eq!(
        output.status.code(),
        Some(1),
        "a syntax error is a file not checked"
    );
    assert!(
        stdout(&output).contains("a.rs:1:7: could not be parsed as Rust"),
        "{}",
        stdout(&output)
    );
}

/// An editor's unsaved buffer is judged in its project, as the file would
/// be if it held the buffer's text: WAL is enabled by a helper in another
/// file, which the buffer alone cannot show.
#[test]
fn a_buffer_on_stdin_is_judged_with_its_project() {
    let helper = "import android.database.sqlite.SQLiteDatabase\n\
                  object Settings {\n\
                  \x20   fun apply(db: SQLiteDatabase) { db.enableWriteAheadLogging() }\n\
                  }\n";
    let store = "import android.database.sqlite.SQLiteDatabase\n\
                 object Store {\n\
                 \x20   fun open(path: String): SQLiteDatabase {\n\
                 \x20       val db = SQLiteDatabase.openDatabase(path, null, 0)\n\
                 \x20       Settings.apply(db)\n\
                 \x20       return db\n\
                 \x20   }\n\
                 }\n";
    let args = [
        "--format",
        "concise",
        "--stdin-filename",
        "app/Store.kt",
        "-",
    ];
    // Alone, the open looks like it never enables WAL.
    let loose = project(&[("app/Store.kt", store)]);
    let alone = storlint_with(&args, loose.path(), &[], store);
    assert!(
        stdout(&alone).contains("app/Store.kt:4:"),
        "{}",
        stdout(&alone)
    );
    assert!(
        stdout(&alone).contains("[missing-wal]"),
        "{}",
        stdout(&alone)
    );
    let dir = project(&[("app/Settings.kt", helper), ("app/Store.kt", store)]);
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let in_project = storlint_with(&args, dir.path(), &[], store);
    assert_eq!(stdout(&in_project), "", "{}", stderr(&in_project));
    assert_eq!(in_project.status.code(), Some(0));
    // The buffer, not the file on disk, is what is judged: here the file on
    // disk opens nothing, and the buffer's open is the finding's place.
    std::fs::write(dir.path().join("app/Store.kt"), "object Store\n").unwrap();
    let edited = storlint_with(
        &args,
        dir.path(),
        &[],
        &store.replace("Settings.apply(db)", ""),
    );
    assert!(
        stdout(&edited).starts_with("app/Store.kt:4:"),
        "{}",
        stdout(&edited)
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("app/Store.kt")).unwrap(),
        "object Store\n"
    );
    // A buffer for a file not yet on disk joins the project too.
    let new_file = storlint_with(
        &[
            "--format",
            "concise",
            "--stdin-filename",
            "app/Other.kt",
            "-",
        ],
        dir.path(),
        &[],
        &store.replace("object Store", "object Other"),
    );
    assert_eq!(stdout(&new_file), "", "{}", stderr(&new_file));
}

#[test]
fn a_closed_pipe_ends_every_format_quietly() {
    let many = "VACUUM;\n".repeat(3000);
    let dir = project(&[("db/schema.sql", &many), ("src/broken.rs", "fn f( {\n")]);
    for format in ["text", "concise", "github", "sarif", "json"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_storlint"))
            .args(["--format", format])
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // `| head -1`: read one line, then close the pipe.
        let mut first = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(!first.is_empty(), "{format}");
        assert_eq!(
            output.status.code(),
            Some(1),
            "{format}: {}",
            stderr(&output)
        );
        assert!(
            !stderr(&output).contains("cannot write"),
            "{format}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn colour_follows_no_color_only_when_set_and_clicolor_force() {
    let dir = project(&[("db/schema.sql", "VACUUM;\n")]);
    let coloured =
        |env: &[(&str, &str)]| stdout(&storlint_with(&[], dir.path(), env, "")).contains('\x1b');
    assert!(!coloured(&[]), "a pipe gets no colour");
    assert!(coloured(&[("CLICOLOR_FORCE", "1")]));
    assert!(!coloured(&[("CLICOLOR_FORCE", "0")]));
    assert!(
        coloured(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "")]),
        "an empty NO_COLOR is unset"
    );
    assert!(!coloured(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]));
    let never = storlint_with(
        &["--color", "never"],
        dir.path(),
        &[("CLICOLOR_FORCE", "1")],
        "",
    );
    assert!(!stdout(&never).contains('\x1b'));
}

#[test]
fn subcommands_are_first_arguments_and_paths_named_like_them_start_with_dot_slash() {
    let dir = project(&[
        ("rules/schema.sql", "VACUUM;\n"),
        ("dir/a.sql", "VACUUM;\n"),
    ]);
    let output = storlint(&["--format", "concise", "./rules"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).starts_with("rules/schema.sql:1:1: warning[full-vacuum]"),
        "{}",
        stdout(&output)
    );
    // `rules` first is the subcommand.
    let output = storlint(&["rules"], dir.path());
    assert_eq!(stdout(&output).lines().count(), RULES.len());
    // Later, a subcommand's name is refused rather than read as a path.
    let output = storlint(&["--format", "concise", "check", "dir"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: `check` is a subcommand only as the first argument (`storlint check ...`); to check a path named `check`, write `./check`\n"
    );
    let output = storlint(&["check", "--format", "concise", "dir"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).starts_with("dir/a.sql:1:1:"));
    let output = storlint(&["dir", "rules"], dir.path());
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn build_output_is_skipped_by_what_it_is_and_counted() {
    let vacuum = "fn f(c: &rusqlite::Connection) { c.execute_batch(\"VACUUM\").ok(); }\n";
    let dir = project(&[
        ("Cargo.toml", "[package]\n"),
        ("src/build/mod.rs", vacuum),
        ("target/debug/gen.rs", vacuum),
        ("app/build.gradle", ""),
        ("app/build/generated/Gen.sql", "VACUUM;\n"),
        ("tools/build/gen.sql", "VACUUM;\n"),
        (
            "out/CACHEDIR.TAG",
            "Signature: 8a477f597d28d172789f06886806bc55\n",
        ),
        ("out/x.sql", "VACUUM;\n"),
    ]);
    let output = storlint(&["--format", "concise"], dir.path());
    let text = stdout(&output);
    let paths: Vec<&str> = text.lines().filter_map(|l| l.split(':').next()).collect();
    assert_eq!(paths, ["src/build/mod.rs", "tools/build/gen.sql"]);
    let output = storlint(&[], dir.path());
    assert!(
        stdout(&output).contains("; 3 directories of build output not walked."),
        "{}",
        stdout(&output)
    );
    let json: serde_json::Value =
        serde_json::from_slice(&storlint(&["--format", "json"], dir.path()).stdout).unwrap();
    assert_eq!(json["summary"]["build_directories_skipped"], 3);
}

#[test]
fn a_file_reached_through_two_spellings_is_checked_once() {
    let dir = project(&[("demo/ios/Store.sql", "VACUUM;\n")]);
    let output = storlint(
        &["--format", "concise", "demo", "demo/ios/../ios"],
        dir.path(),
    );
    assert_eq!(stdout(&output).lines().collect::<Vec<_>>(), [
        "demo/ios/Store.sql:1:1: warning[full-vacuum]: full VACUUM rewrites the whole database through a temporary copy, writing every page at least twice"
    ]);
    let output = storlint(&["demo/ios/../ios/Store.sql", "./demo"], dir.path());
    assert!(
        stdout(&output).contains("Found 1 finding in 1 file checked"),
        "{}",
        stdout(&output)
    );
    // A named link to a directory is walked as its target: a file under
    // both is one file, shown under the shorter name.
    std::os::unix::fs::symlink("demo/ios", dir.path().join("app")).unwrap();
    let output = storlint(&["--format", "concise", "demo", "app"], dir.path());
    assert_eq!(stdout(&output).lines().collect::<Vec<_>>(), [
        "app/Store.sql:1:1: warning[full-vacuum]: full VACUUM rewrites the whole database through a temporary copy, writing every page at least twice"
    ]);
}

#[test]
fn the_readme_json_example_is_what_storlint_prints() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme.split_once("### JSON schema").unwrap().1;
    let example = section
        .split_once("```json\n")
        .unwrap()
        .1
        .split_once("```")
        .unwrap()
        .0;
    let documented: serde_json::Value = serde_json::from_str(example).unwrap();
    let dir = project(&[
        (
            "src/flush.rs",
            "fn save(f: &std::fs::File, n: u8) {\n    for _ in 0..n {\n        f.sync_all().ok();\n    }\n}\n",
        ),
        ("src/broken.rs", "fn f( { execute_batch(\n"),
    ]);
    let output = storlint(&["--format", "json"], dir.path());
    let mut printed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    printed["tool"]["version"] = documented["tool"]["version"].clone();
    assert_eq!(printed, documented);
}

#[test]
fn sarif_paths_are_the_projects_and_results_carry_the_baseline_fingerprint() {
    let dir = project(&[(
        "ios/Store.swift",
        "import SQLite3\nfunc tidy(db: OpaquePointer) {\n    sqlite3_exec(db, \"VACUUM\", nil, nil, nil)\n}\n",
    )]);
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let from_sub = storlint(&["--format", "sarif", "."], &dir.path().join("ios"));
    let log: serde_json::Value = serde_json::from_slice(&from_sub.stdout).unwrap();
    let run = &log["runs"][0];
    let result = &run["results"][0];
    let location = &result["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(location["uri"], "ios/Store.swift");
    let root = std::fs::canonicalize(dir.path()).unwrap();
    let base = url::Url::from_directory_path(&root).unwrap().to_string();
    assert_eq!(run["originalUriBaseIds"]["%SRCROOT%"]["uri"], base);
    // The same fingerprint the baseline records.
    storlint(&["--write-baseline", "b.json"], dir.path());
    let baseline: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("b.json")).unwrap()).unwrap();
    assert_eq!(
        result["partialFingerprints"]["storlint/v1"],
        baseline["entries"][0]["fingerprint"]
    );
}

#[test]
fn add_ignore_marks_each_finding_in_the_syntax_of_its_line() {
    let kotlin = "import android.database.sqlite.SQLiteDatabase\n\nclass Schema {\n    fun create(db: SQLiteDatabase) {\n        db.execSQL(\n            \"\"\"\n            CREATE TABLE note (\n                id INTEGER PRIMARY KEY AUTOINCREMENT,\n                body TEXT\n            )\n            \"\"\".trimIndent()\n        )\n    }\n}\n";
    let swift = "import SQLite3\r\nfunc tidy(db: OpaquePointer) {\r\n    sqlite3_exec(db, \"VACUUM\", nil, nil, nil)\r\n}\r\n";
    let dir = project(&[
        ("app/Schema.kt", kotlin),
        ("ios/Store.swift", swift),
        (
            "db/schema.sql",
            "CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT);\n",
        ),
    ]);
    let before = storlint(&["--format", "concise", "."], dir.path());
    assert_eq!(stdout(&before).lines().count(), 3, "{}", stdout(&before));
    let add = storlint(&["--add-ignore", "."], dir.path());
    assert_eq!(add.status.code(), Some(0), "{}", stderr(&add));
    assert!(stderr(&add).contains("Added 3 storlint-ignore comments to 3 files."));
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    // Inside the SQL string, an SQL comment: `//` would be part of the SQL.
    assert!(read("app/Schema.kt").contains(
        "            CREATE TABLE note (\n                -- storlint-ignore autoincrement\n                id INTEGER"
    ));
    // The file's own line endings.
    assert!(read("ios/Store.swift")
        .contains("{\r\n    // storlint-ignore full-vacuum\r\n    sqlite3_exec"));
    assert!(read("db/schema.sql").starts_with("-- storlint-ignore autoincrement\nCREATE TABLE"));
    let after = storlint(&["--format", "concise", "."], dir.path());
    assert_eq!(stdout(&after), "");
    assert_eq!(after.status.code(), Some(0), "{}", stderr(&after));
    // Nothing left to mark: a second run changes nothing.
    let again = storlint(&["--add-ignore", "."], dir.path());
    assert!(stderr(&again).contains("Added 0 storlint-ignore comments to 0 files."));
}
