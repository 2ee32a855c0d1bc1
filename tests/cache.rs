//! The analysis cache, driven through the binary: where it lives, that a
//! run reading it reports what a run without it reports, and that an
//! edited, damaged or unwritable cache only costs time.

mod common;

use std::path::Path;

use common::{project, stderr, stdout, storlint};

const HELPER: &str = r#"
import android.database.sqlite.SQLiteDatabase

object Db {
    fun open(path: String): SQLiteDatabase {
        val db = SQLiteDatabase.openDatabase(path, null, 0)
        db.enableWriteAheadLogging()
        return db
    }
}
"#;

const NOTES: &str = r#"
import android.database.sqlite.SQLiteDatabase

class Notes(private val db: SQLiteDatabase) {
    fun saveAll(notes: List<String>) {
        for (note in notes) {
            db.execSQL("INSERT INTO notes(text) VALUES (?)", arrayOf(note))
        }
    }
}
"#;

/// A git work tree (the project root) with two files.
fn git_project() -> tempfile::TempDir {
    let dir = project(&[("app/Db.kt", HELPER), ("app/Notes.kt", NOTES)]);
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    dir
}

fn entries(cache: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for build in std::fs::read_dir(cache).unwrap().flatten() {
        if build.path().is_dir() {
            for entry in std::fs::read_dir(build.path()).unwrap().flatten() {
                if entry.file_name() != "last-used" {
                    found.push(entry.path());
                }
            }
        }
    }
    found.sort();
    found
}

fn statistics_line<'a>(text: &'a str, stage: &str) -> &'a str {
    text.lines()
        .find(|line| line.trim_start().starts_with(stage))
        .unwrap_or_else(|| panic!("no `{stage}` line in:\n{text}"))
}

#[test]
fn the_cache_lives_in_the_project_root_tagged_and_ignored() {
    let dir = git_project();
    let first = storlint(&["--format", "concise", "app/Notes.kt"], dir.path());
    let cache = dir.path().join(".storlint-cache");
    assert!(cache.join("CACHEDIR.TAG").is_file());
    assert!(std::fs::read_to_string(cache.join(".gitignore"))
        .unwrap()
        .lines()
        .any(|line| line == "*"));
    // Both files of the project were analysed, though one was asked for.
    assert_eq!(entries(&cache).len(), 2);
    assert!(stdout(&first).contains("write-without-transaction"));
    // The cache is no source: a run over the project neither checks it nor
    // counts it as skipped build output.
    let whole = storlint(&["--statistics", "."], dir.path());
    assert!(!stdout(&whole).contains("build"), "{}", stdout(&whole));
    assert!(statistics_line(&stderr(&whole), "discovered").contains(" 2 files"));
}

#[test]
fn a_warm_run_reads_every_analysis_back_and_reports_the_same() {
    let dir = git_project();
    let args = ["--format", "json", "--statistics", "."];
    let cold = storlint(&args, dir.path());
    assert!(statistics_line(&stderr(&cold), "of these, from the cache").contains(" 0 files"));
    let warm = storlint(&args, dir.path());
    assert!(statistics_line(&stderr(&warm), "of these, from the cache").contains(" 2 files"));
    assert_eq!(stdout(&cold), stdout(&warm));
    assert_eq!(cold.status.code(), warm.status.code());
    let uncached = storlint(&["--format", "json", "--no-cache", "."], dir.path());
    assert_eq!(stdout(&uncached), stdout(&warm));
}

#[test]
fn an_edited_file_is_analysed_again_and_its_old_entry_removed() {
    let dir = git_project();
    let clean = storlint(&["--format", "concise", "app/Notes.kt"], dir.path());
    assert!(
        !stdout(&clean).contains("missing-wal"),
        "{}",
        stdout(&clean)
    );
    let before = entries(&dir.path().join(".storlint-cache"));
    // The helper no longer enables WAL: the finding depends on the edited
    // file, while the file reported on comes from the cache.
    std::fs::write(
        dir.path().join("app/Db.kt"),
        HELPER.replace("db.enableWriteAheadLogging()", ""),
    )
    .unwrap();
    let edited = storlint(
        &["--format", "concise", "--statistics", "app/Db.kt"],
        dir.path(),
    );
    assert!(
        stdout(&edited).contains("missing-wal"),
        "{}",
        stdout(&edited)
    );
    assert!(statistics_line(&stderr(&edited), "of these, from the cache").contains(" 1 files"));
    let after = entries(&dir.path().join(".storlint-cache"));
    assert_eq!(after.len(), 2);
    assert_eq!(before.iter().filter(|e| after.contains(e)).count(), 1);
}

#[test]
fn damaged_entries_are_misses_and_are_written_again() {
    let dir = git_project();
    let args = ["--format", "concise", "."];
    let sound = storlint(&args, dir.path());
    let cache = dir.path().join(".storlint-cache");
    for (index, entry) in entries(&cache).iter().enumerate() {
        let mut bytes = std::fs::read(entry).unwrap();
        match index {
            0 => bytes.truncate(bytes.len() / 2),
            _ => *bytes.last_mut().unwrap() ^= 0xff,
        }
        std::fs::write(entry, bytes).unwrap();
    }
    let damaged = storlint(&["--format", "concise", "--statistics", "."], dir.path());
    assert_eq!(stdout(&sound), stdout(&damaged));
    assert!(statistics_line(&stderr(&damaged), "of these, from the cache").contains(" 0 files"));
    let repaired = storlint(&["--format", "concise", "--statistics", "."], dir.path());
    assert!(statistics_line(&stderr(&repaired), "of these, from the cache").contains(" 2 files"));
}

#[test]
fn no_cache_writes_nothing_and_cache_dir_moves_it() {
    let dir = git_project();
    storlint(&["--no-cache", "."], dir.path());
    assert!(!dir.path().join(".storlint-cache").exists());
    let elsewhere = tempfile::tempdir().unwrap();
    let moved = elsewhere.path().join("cache");
    storlint(&["--cache-dir", moved.to_str().unwrap(), "."], dir.path());
    assert!(!dir.path().join(".storlint-cache").exists());
    assert_eq!(entries(&moved).len(), 2);
    // Without a project root there is nothing to keep the cache in.
    let loose = project(&[("Notes.kt", NOTES)]);
    storlint(&["Notes.kt"], loose.path());
    assert!(!loose.path().join(".storlint-cache").exists());
}

#[test]
fn a_cache_that_cannot_be_written_is_a_warning_and_the_run_goes_on() {
    let dir = git_project();
    // A file where the cache directory should be.
    std::fs::write(dir.path().join(".storlint-cache"), "not a directory").unwrap();
    let output = storlint(&["--format", "concise", "."], dir.path());
    assert!(
        stderr(&output).contains("warning: the analysis cache is not used: "),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).contains("write-without-transaction"));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_failure_is_kept_and_a_parse_out_of_time_is_tried_again_with_more_time() {
    let dir = git_project();
    // Both name a storage API, so both are parsed.
    let broken =
        "use rusqlite::Connection;\nfn open(path: &str) -> Connection { Connection::open(path\n";
    std::fs::write(dir.path().join("app/broken.rs"), broken).unwrap();
    // Long enough that no parse gets through it in a millisecond.
    let body: String = (0..400)
        .map(|i| format!("    fun f{i}(x: Int): Int = if (x > {i}) x * {i} else x + {i}\n"))
        .collect();
    let long = format!(
        "import android.database.sqlite.SQLiteDatabase\n\nclass Long(val db: SQLiteDatabase) {{\n    fun wipe() = db.execSQL(\"DELETE FROM t\")\n{body}}}\n"
    );
    std::fs::write(dir.path().join("app/Long.kt"), long).unwrap();
    let cache = dir.path().join(".storlint-cache");
    let hurried = ["--parse-budget", "0.001", "--format", "concise", "."];
    for _ in 0..2 {
        let run = storlint(&hurried, dir.path());
        let problems = stdout(&run);
        assert!(problems.contains("app/broken.rs") && problems.contains("could not be parsed"));
        assert!(problems.contains("app/Long.kt") && problems.contains("parsing took longer"));
        // Both failures are entries, beside the two analyses.
        assert_eq!(entries(&cache).len(), 4, "{problems}");
    }
    // With the default budget the long file is parsed; the broken one
    // fails as before.
    let patient = storlint(&["--format", "concise", "."], dir.path());
    let problems = stdout(&patient);
    assert!(!problems.contains("app/Long.kt"), "{problems}");
    assert!(problems.contains("app/broken.rs"));
}

/// `--statistics` tells the parsers' time apart from the rest of the file
/// stage: a cold run spends some of its file time in them, a run whose
/// every file comes from the cache none.
#[test]
fn the_statistics_time_the_parsers_apart_and_the_cache_spares_them() {
    let dir = git_project();
    let cache = dir.path().join("cache");
    let options = storlint::Options {
        cache_dir: Some(cache.clone()),
        statistics: true,
        ..storlint::Options::default()
    };
    let run = || {
        storlint::lint_paths_with(&[dir.path().to_path_buf()], dir.path(), &options)
            .unwrap()
            .statistics
    };
    let cold = run();
    assert_eq!(cold.storage_words.files, 2);
    assert_eq!(cold.cached.files, 0);
    assert!(cold.parsing > std::time::Duration::ZERO, "{cold:?}");
    assert!(cold.parsing < cold.file_stage, "{cold:?}");
    assert!(cold.project_stage > std::time::Duration::ZERO, "{cold:?}");
    let warm = run();
    assert_eq!(warm.cached.files, 2);
    assert_eq!(warm.parsing, std::time::Duration::ZERO, "{warm:?}");
    assert!(warm.file_stage > std::time::Duration::ZERO, "{warm:?}");

    // syn's parse counts too.
    let rust = project(&[(
        "src/db.rs",
        "use rusqlite::Connection;\nfn open() { let _ = Connection::open(\"a.db\"); }\n",
    )]);
    let options = storlint::Options::default();
    let statistics = storlint::lint_paths_with(&[rust.path().to_path_buf()], rust.path(), &options)
        .unwrap()
        .statistics;
    assert_eq!(statistics.storage_words.files, 1);
    assert!(
        statistics.parsing > std::time::Duration::ZERO,
        "{statistics:?}"
    );

    // The binary prints them with the counts.
    let printed = storlint(&["--no-cache", "--statistics", "."], dir.path());
    let text = stderr(&printed);
    for stage in [
        "files (summed over threads)",
        "of which in the parsers",
        "project stage (one thread)",
    ] {
        let seconds = statistics_line(&text, stage)
            .trim_end_matches(" s")
            .rsplit(' ')
            .next()
            .unwrap();
        assert!(seconds.parse::<f64>().is_ok(), "{stage}: {text}");
    }
}
