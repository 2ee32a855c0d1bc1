//! Inputs that once crashed, hung or went quadratic (`testdata/crashes/`):
//! each is checked next to an ordinary file with a known finding, and the
//! run must finish with that finding, reporting the bad file as a problem
//! or checking it. The big shapes are generated here rather than committed.

use std::path::{Path, PathBuf};
use std::time::Duration;

use storlint::source::{Language, SourceFile};
use storlint::{lint_paths_with, FileProblem, Options, Report};

/// A file whose `full-vacuum` finding must survive whatever sits next to it.
const ORDINARY: &str =
    "use rusqlite::Connection;\nfn tidy(conn: &Connection) { conn.execute_batch(\"VACUUM\").unwrap(); }\n";

/// Headers that give each shape a finding of its own, so that a shape that
/// is checked (not skipped) proves it was read to the end.
const RUST_HEAD: &str = ORDINARY;
const KOTLIN_HEAD: &str = "import android.database.sqlite.SQLiteDatabase\nfun tidy(db: SQLiteDatabase) { db.execSQL(\"VACUUM\") }\n";
const SWIFT_HEAD: &str = "import SQLite3\nfunc tidy(db: OpaquePointer) { sqlite3_exec(db, \"VACUUM\", nil, nil, nil) }\n";

fn crashes_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/crashes")
}

/// Lints `name` holding `text` next to `ordinary.rs`.
fn lint_beside_ordinary(name: &str, text: &[u8], options: &Options) -> Report {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ordinary.rs"), ORDINARY).unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    lint_paths_with(&[dir.path().to_path_buf()], dir.path(), options).unwrap()
}

fn findings_in(report: &Report, name: &str) -> Vec<&'static str> {
    report
        .files
        .iter()
        .filter(|f| f.source.display.ends_with(name))
        .flat_map(|f| f.diagnostics.iter().map(|d| d.rule))
        .collect()
}

fn problem_of<'r>(report: &'r Report, name: &str) -> Option<&'r FileProblem> {
    report.problems.iter().find(|p| p.path.ends_with(name))
}

/// The shape is reported as a problem whose message contains `message`,
/// and the ordinary file keeps its finding.
fn assert_skipped(name: &str, text: &str, message: &str) {
    let report = lint_beside_ordinary(name, text.as_bytes(), &Options::default());
    assert_eq!(findings_in(&report, "ordinary.rs"), ["full-vacuum"]);
    let problem = problem_of(&report, name)
        .unwrap_or_else(|| panic!("{name} not reported: {:?}", report.problems));
    assert!(problem.message.contains(message), "{problem}");
    assert!(findings_in(&report, name).is_empty());
}

/// The shape is checked to its end (its own finding is there), and the
/// ordinary file keeps its finding.
fn assert_checked(name: &str, text: &str) {
    let report = lint_beside_ordinary(name, text.as_bytes(), &Options::default());
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert_eq!(findings_in(&report, "ordinary.rs"), ["full-vacuum"]);
    assert_eq!(findings_in(&report, name), ["full-vacuum"]);
}

const TOO_DEEP: &str = "levels deep";

// ---- nesting without brackets: used to overflow the stack (abort) ----

#[test]
fn a_rust_type_of_thousands_of_references_is_skipped() {
    let text = format!("{RUST_HEAD}type T = {}u8;\n", "&".repeat(21_000));
    assert_skipped("refs.rs", &text, TOO_DEEP);
}

#[test]
fn rust_prefix_operators_thousands_deep_are_skipped() {
    for (name, op) in [("not.rs", "!"), ("neg.rs", "-"), ("deref.rs", "*")] {
        let text = format!("{RUST_HEAD}fn f() {{ let x = {}1; }}\n", op.repeat(70_000));
        assert_skipped(name, &text, TOO_DEEP);
    }
}

#[test]
fn kotlin_prefix_operators_thousands_deep_are_skipped() {
    for (name, op) in [("not.kt", "!"), ("neg.kt", "-")] {
        let text = format!("{KOTLIN_HEAD}val x = {}true\n", op.repeat(70_000));
        assert_skipped(name, &text, TOO_DEEP);
    }
}

#[test]
fn fifty_thousand_nested_swift_ternaries_are_skipped() {
    let text = format!("{SWIFT_HEAD}let x = {}c\n", "a ? b : ".repeat(50_000));
    assert_skipped("ternary.swift", &text, TOO_DEEP);
}

#[test]
fn member_chains_fifty_thousand_long_are_skipped() {
    let chain = ".a".repeat(50_000);
    assert_skipped(
        "member.rs",
        &format!("{RUST_HEAD}fn f() {{ let y = x{chain}; }}\n"),
        TOO_DEEP,
    );
    assert_skipped(
        "member.kt",
        &format!("{KOTLIN_HEAD}fun f() {{ val y = x{chain} }}\n"),
        TOO_DEEP,
    );
    assert_skipped(
        "member.swift",
        &format!("{SWIFT_HEAD}func f() {{ let y = x{chain} }}\n"),
        TOO_DEEP,
    );
}

#[test]
fn call_chains_twelve_thousand_long_are_skipped() {
    let chain = ".f()".repeat(12_000);
    assert_skipped(
        "calls.rs",
        &format!("{RUST_HEAD}fn f() {{ x{chain}; }}\n"),
        TOO_DEEP,
    );
    assert_skipped(
        "calls.kt",
        &format!("{KOTLIN_HEAD}fun f() {{ x{chain} }}\n"),
        TOO_DEEP,
    );
    assert_skipped(
        "calls.swift",
        &format!("{SWIFT_HEAD}func f() {{ x{chain} }}\n"),
        TOO_DEEP,
    );
}

#[test]
fn sums_of_eight_thousand_terms_are_skipped() {
    let sum = " + a".repeat(8_000);
    assert_skipped(
        "sum.rs",
        &format!("{RUST_HEAD}fn f() {{ let s = a{sum}; }}\n"),
        TOO_DEEP,
    );
    assert_skipped(
        "sum.kt",
        &format!("{KOTLIN_HEAD}fun f() {{ val s = a{sum} }}\n"),
        TOO_DEEP,
    );
    let strings = " + \"a\"".repeat(8_000);
    assert_skipped(
        "sum.swift",
        &format!("{SWIFT_HEAD}func f() {{ let s = \"a\"{strings} }}\n"),
        TOO_DEEP,
    );
}

// ---- just below the limits: checked, in linear time ----
// Before the chain cap, the single-pass sums and the top-down branch walk,
// these took from 6 s to minutes each.

#[test]
fn rust_chains_below_the_nesting_limit_are_checked() {
    assert_checked(
        "calls.rs",
        &format!("{RUST_HEAD}fn f() {{ x{}; }}\n", ".f()".repeat(950)),
    );
    assert_checked(
        "refs.rs",
        &format!("{RUST_HEAD}type T = {}u8;\n", "&".repeat(990)),
    );
}

#[test]
fn kotlin_chains_and_sums_below_the_depth_limit_are_checked() {
    assert_checked(
        "calls.kt",
        &format!("{KOTLIN_HEAD}fun f() {{ x{} }}\n", ".f()".repeat(2_400)),
    );
    assert_checked(
        "member.kt",
        &format!(
            "{KOTLIN_HEAD}fun f() {{ val y = x{} }}\n",
            ".a".repeat(4_900)
        ),
    );
    assert_checked(
        "sum.kt",
        &format!(
            "{KOTLIN_HEAD}fun f() {{ val s = a{} }}\n",
            " + a".repeat(4_900)
        ),
    );
    assert_checked(
        "not.kt",
        &format!("{KOTLIN_HEAD}val x = {}true\n", "!".repeat(4_900)),
    );
}

#[test]
fn swift_chains_sums_and_ternaries_below_the_depth_limit_are_checked() {
    assert_checked(
        "calls.swift",
        &format!("{SWIFT_HEAD}func f() {{ x{} }}\n", ".f()".repeat(2_400)),
    );
    assert_checked(
        "member.swift",
        &format!(
            "{SWIFT_HEAD}func f() {{ let y = x{} }}\n",
            ".a".repeat(4_900)
        ),
    );
    assert_checked(
        "sum.swift",
        &format!(
            "{SWIFT_HEAD}func f() {{ let s = a{} }}\n",
            " + a".repeat(4_900)
        ),
    );
    assert_checked(
        "ternary.swift",
        &format!("{SWIFT_HEAD}let x = {}c\n", "a ? b : ".repeat(4_900)),
    );
}

// ---- budgets ----

/// Every committed reproducer, linted with a small parse budget: none may
/// crash, and the ones that hang are cut by the budget.
#[test]
fn committed_reproducers_finish_and_leave_the_other_findings() {
    let options = Options {
        parse_budget: Duration::from_millis(200),
        ..Options::default()
    };
    let mut seen = 0;
    for entry in std::fs::read_dir(crashes_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name == "README.md" {
            continue;
        }
        seen += 1;
        let report = lint_beside_ordinary(&name, &std::fs::read(&path).unwrap(), &options);
        assert_eq!(
            findings_in(&report, "ordinary.rs"),
            ["full-vacuum"],
            "{name}"
        );
        if name.contains("hang") {
            let problem = problem_of(&report, &name)
                .unwrap_or_else(|| panic!("{name} was not cut: {:?}", report.problems));
            assert_eq!(
                problem.message, "not checked: parsing took longer than 0.2 s",
                "{name}"
            );
        }
    }
    assert!(seen > 0, "no reproducers in {}", crashes_dir().display());
}

#[test]
fn a_file_over_the_size_cap_is_reported_with_the_cap() {
    let options = Options {
        max_file_size: 1_000,
        ..Options::default()
    };
    let big = format!("{RUST_HEAD}{}", "// padding\n".repeat(100));
    let report = lint_beside_ordinary("big.rs", big.as_bytes(), &options);
    assert_eq!(findings_in(&report, "ordinary.rs"), ["full-vacuum"]);
    let problem = problem_of(&report, "big.rs").expect("big.rs reported");
    assert_eq!(
        problem.message,
        format!(
            "skipped: {} bytes, larger than the 1000 allowed (--max-file-size)",
            big.len()
        )
    );
}

/// A 50 MB file is turned away by its size without being read: it is
/// sparse here, and reading it would still cost the time of 50 MB.
#[test]
fn a_fifty_megabyte_file_is_skipped_by_the_default_cap() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ordinary.rs"), ORDINARY).unwrap();
    let big = std::fs::File::create(dir.path().join("huge.swift")).unwrap();
    big.set_len(50_000_000).unwrap();
    let report =
        lint_paths_with(&[dir.path().to_path_buf()], dir.path(), &Options::default()).unwrap();
    assert_eq!(findings_in(&report, "ordinary.rs"), ["full-vacuum"]);
    let problem = problem_of(&report, "huge.swift").expect("huge.swift reported");
    assert!(
        problem
            .message
            .starts_with("skipped: 50000000 bytes, larger than"),
        "{problem}"
    );
}

// ---- jumps and constants deep in one expression ----
// Each `return`, `await` and constant use once climbed its ancestors parent
// by parent, which tree-sitter answers by descending from the root: cubic
// in the depth (a thousand nested `return`s took 16 s, `try await`s 49 s, a
// sum of a thousand constants 19 s). Each jump then descended from the
// root to itself instead: still quadratic (2,400 nested `try await`s took
// 1.5 s, 4,800 nested Kotlin `return`s 1.7 s), until the frames of every
// jump were read in one walk.

#[test]
fn nested_returns_awaits_and_constant_sums_are_checked() {
    assert_checked(
        "returns.kt",
        &format!("{KOTLIN_HEAD}fun f() {{ {}1 }}\n", "return ".repeat(4_800)),
    );
    assert_checked(
        "constants.kt",
        &format!(
            "{KOTLIN_HEAD}const val K = \"a\"\nfun f() = K{}\n",
            " + K".repeat(2_400)
        ),
    );
    assert_checked(
        "awaits.swift",
        &format!(
            "{SWIFT_HEAD}func f() async {{ {}g() }}\n",
            "try await ".repeat(2_400)
        ),
    );
    assert_checked(
        "awaited_arguments.swift",
        &format!(
            "{SWIFT_HEAD}func f() async {{ {}g(){} }}\n",
            "try await f(".repeat(800),
            ")".repeat(800)
        ),
    );
    assert_checked(
        "constants.swift",
        &format!(
            "{SWIFT_HEAD}let K = \"a\"\nfunc f() {{ let s = K{} }}\n",
            " + K".repeat(2_400)
        ),
    );
}

// ---- the single-file entry points, called from a small stack ----

/// `lint_source` analyses on a thread of its own with the parsers' stack: a
/// library caller's thread (256 KiB here) overflowed, aborting the caller's
/// process, on files nested just below the limits.
#[test]
fn lint_source_checks_deep_files_from_a_thread_with_a_small_stack() {
    let shapes = [
        (
            "refs.rs",
            Language::Rust,
            format!("{RUST_HEAD}type T = {}u8;\n", "&".repeat(990)),
        ),
        (
            "parens.rs",
            Language::Rust,
            format!(
                "{RUST_HEAD}fn f() {{ let x = {}1{}; }}\n",
                "(".repeat(990),
                ")".repeat(990)
            ),
        ),
        (
            "not.kt",
            Language::Kotlin,
            format!("{KOTLIN_HEAD}val x = {}true\n", "!".repeat(4_900)),
        ),
        (
            "ternary.swift",
            Language::Swift,
            format!("{SWIFT_HEAD}let x = {}c\n", "a ? b : ".repeat(4_900)),
        ),
    ];
    let outcomes = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            shapes
                .iter()
                .map(|(name, language, text)| {
                    let file = SourceFile::from_text(name, *language, text);
                    let rules = storlint::lint_source(&file)
                        .map(|found| found.iter().map(|d| d.rule).collect::<Vec<_>>())
                        .map_err(|problem| problem.to_string());
                    (*name, rules)
                })
                .collect::<Vec<_>>()
        })
        .unwrap()
        .join()
        .unwrap();
    for (name, rules) in outcomes {
        assert_eq!(rules, Ok(vec!["full-vacuum"]), "{name}");
    }
}
