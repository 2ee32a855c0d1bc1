//! `--fix`, `--unsafe-fixes`, `--diff` and `--fix-only` driven through the
//! binary on temporary projects, and the promises about the files written:
//! a file changed since it was read is left alone; permissions, line
//! endings, the byte-order mark and symbolic links stay what they were.

mod common;

use common::{project, stderr, stdout, storlint};

const PREFS: &str = "import android.content.SharedPreferences\n\
fun save(prefs: SharedPreferences) {\n    prefs.edit().putInt(\"a\", 1).commit()\n}\n";
const PREFS_FIXED: &str = "import android.content.SharedPreferences\n\
fun save(prefs: SharedPreferences) {\n    prefs.edit().putInt(\"a\", 1).apply()\n}\n";

fn read(dir: &tempfile::TempDir, name: &str) -> String {
    std::fs::read_to_string(dir.path().join(name)).unwrap()
}

/// The JSON `fix` of every finding of `rule` in a run over `dir`.
fn fixes_of(dir: &tempfile::TempDir, rule: &str) -> Vec<serde_json::Value> {
    let output = storlint(&["--format", "json", "--isolated", "."], dir.path());
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    log["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|finding| finding["rule"] == rule)
        .map(|finding| finding["fix"].clone())
        .collect()
}

#[test]
fn fix_applies_the_safe_fixes_and_reports_what_is_left() {
    let dir = project(&[
        ("app/Prefs.kt", PREFS),
        ("db/schema.sql", "PRAGMA journal_mode = DELETE;\n"),
    ]);
    let output = storlint(&["--fix", "--isolated", "."], dir.path());
    assert_eq!(read(&dir, "app/Prefs.kt"), PREFS_FIXED);
    assert_eq!(
        read(&dir, "db/schema.sql"),
        "PRAGMA journal_mode = DELETE;\n"
    );
    let out = stdout(&output);
    assert!(out.contains("1 fixed; 1 more with --unsafe-fixes"), "{out}");
    assert!(!out.contains("prefs-commit"), "{out}");
    assert!(out.contains("journal-mode-not-wal"), "{out}");
    assert_eq!(output.status.code(), Some(1), "the unsafe one is left");

    let output = storlint(&["--fix", "--unsafe-fixes", "--isolated", "."], dir.path());
    assert_eq!(read(&dir, "db/schema.sql"), "PRAGMA journal_mode = WAL;\n");
    assert!(stdout(&output).contains("1 fixed"), "{}", stdout(&output));
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[test]
fn a_plain_check_says_how_many_findings_a_fix_would_resolve() {
    let dir = project(&[
        ("app/Prefs.kt", PREFS),
        ("db/schema.sql", "PRAGMA journal_mode = DELETE;\n"),
    ]);
    let output = storlint(&["--isolated", "."], dir.path());
    let out = stdout(&output);
    assert!(
        out.contains("1 fixable with --fix; 1 more with --unsafe-fixes"),
        "{out}"
    );
    assert!(
        out.contains("help: use `apply()`; safe fix: `--fix` applies it"),
        "{out}"
    );
}

#[test]
fn diff_prints_the_fixes_and_writes_nothing() {
    let dir = project(&[("app/Prefs.kt", PREFS)]);
    let output = storlint(&["--diff", "--isolated", "."], dir.path());
    assert_eq!(read(&dir, "app/Prefs.kt"), PREFS);
    assert_eq!(
        stdout(&output),
        "--- a/app/Prefs.kt\n+++ b/app/Prefs.kt\n@@ -1,4 +1,4 @@\n \
         import android.content.SharedPreferences\n \
         fun save(prefs: SharedPreferences) {\n\
         -    prefs.edit().putInt(\"a\", 1).commit()\n\
         +    prefs.edit().putInt(\"a\", 1).apply()\n }\n"
    );
    assert!(stderr(&output).contains("Would fix 1 finding in 1 file."));
    assert_eq!(output.status.code(), Some(1));

    let clean = project(&[("db/schema.sql", "PRAGMA journal_mode = WAL;\n")]);
    let output = storlint(&["--diff", "--isolated", "."], clean.path());
    assert_eq!(stdout(&output), "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn fix_only_applies_without_reporting() {
    let dir = project(&[("app/Prefs.kt", PREFS), ("db/schema.sql", "VACUUM;\n")]);
    let output = storlint(&["--fix-only", "--isolated", "."], dir.path());
    assert_eq!(read(&dir, "app/Prefs.kt"), PREFS_FIXED);
    assert_eq!(stdout(&output), "");
    assert!(stderr(&output).contains("1 fixed"), "{}", stderr(&output));
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn fixes_skip_deselected_rules() {
    let dir = project(&[("app/Prefs.kt", PREFS)]);
    let output = storlint(
        &["--fix", "--isolated", "--ignore", "prefs-commit", "."],
        dir.path(),
    );
    assert_eq!(read(&dir, "app/Prefs.kt"), PREFS);
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn line_endings_and_byte_order_mark_are_kept() {
    let text =
        "\u{feff}-- schema\r\nPRAGMA journal_mode = DELETE;\r\nPRAGMA secure_delete = ON;\r\n";
    let dir = project(&[("db/schema.sql", text)]);
    storlint(&["--fix", "--unsafe-fixes", "--isolated", "."], dir.path());
    assert_eq!(
        read(&dir, "db/schema.sql"),
        "\u{feff}-- schema\r\nPRAGMA journal_mode = WAL;\r\nPRAGMA secure_delete = FAST;\r\n"
    );
}

#[cfg(unix)]
#[test]
fn permissions_are_kept_and_a_symbolic_link_has_its_target_fixed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = project(&[("app/Prefs.kt", PREFS), ("shared/Settings.kt", PREFS)]);
    let prefs = dir.path().join("app/Prefs.kt");
    std::fs::set_permissions(&prefs, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("app/Settings.kt");
    std::os::unix::fs::symlink("../shared/Settings.kt", &link).unwrap();
    // Discovery follows a link only when it is named.
    storlint(
        &["--fix", "--isolated", "app/Prefs.kt", "app/Settings.kt"],
        dir.path(),
    );
    assert_eq!(read(&dir, "app/Prefs.kt"), PREFS_FIXED);
    let mode = std::fs::metadata(&prefs).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(read(&dir, "shared/Settings.kt"), PREFS_FIXED);
}

#[test]
fn a_read_only_file_is_reported_and_kept_and_the_others_fixed() {
    let dir = project(&[("a/Prefs.kt", PREFS), ("b/Prefs.kt", PREFS)]);
    let locked = dir.path().join("a/Prefs.kt");
    let mut permissions = std::fs::metadata(&locked).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&locked, permissions).unwrap();
    let output = storlint(&["--fix", "--isolated", "."], dir.path());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("a/Prefs.kt") && stderr.contains("read-only: not modified"),
        "{stderr}"
    );
    assert_eq!(read(&dir, "a/Prefs.kt"), PREFS);
    assert_eq!(read(&dir, "b/Prefs.kt"), PREFS_FIXED);
}

#[test]
fn a_file_changed_since_it_was_read_is_left_alone_and_the_others_fixed() {
    let dir = project(&[("a/Prefs.kt", PREFS), ("b/Prefs.kt", PREFS)]);
    let cwd = dir.path();
    let report = storlint::lint_paths(&[cwd.to_path_buf()], cwd).unwrap();
    let fixes = storlint::fix::fix_report(
        &report,
        &storlint::Options::default(),
        storlint::fix::Selection {
            unsafe_fixes: false,
        },
        &|_, diagnostics| diagnostics,
    );
    assert_eq!(fixes.files.len(), 2);
    // An editor saves one of them between the check and the write.
    let edited = format!("{PREFS}// edited\n");
    std::fs::write(cwd.join("a/Prefs.kt"), &edited).unwrap();
    let results: Vec<_> = fixes.files.iter().map(storlint::fix::write).collect();
    assert_eq!(read(&dir, "a/Prefs.kt"), edited);
    assert_eq!(read(&dir, "b/Prefs.kt"), PREFS_FIXED);
    let refused: Vec<_> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert_eq!(refused.len(), 1);
    assert!(
        refused[0].contains("changed since it was checked"),
        "{refused:?}"
    );
}

#[test]
fn json_and_sarif_carry_the_fixes() {
    let dir = project(&[("db/schema.sql", "PRAGMA secure_delete = ON;\n")]);
    let output = storlint(&["--format", "json", "--isolated", "."], dir.path());
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let fix = &log["findings"][0]["fix"];
    assert_eq!(fix["applicability"], "unsafe");
    assert_eq!(fix["edits"][0]["content"], "FAST");
    assert_eq!(fix["edits"][0]["range"]["start"]["offset"], 23);
    assert_eq!(fix["edits"][0]["range"]["end"]["offset"], 25);

    let output = storlint(&["--format", "sarif", "--isolated", "."], dir.path());
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let fix = &log["runs"][0]["results"][0]["fixes"][0];
    assert!(fix["description"]["text"]
        .as_str()
        .unwrap()
        .starts_with("set secure_delete to FAST"));
    let change = &fix["artifactChanges"][0];
    assert_eq!(change["artifactLocation"]["uri"], "db/schema.sql");
    let replacement = &change["replacements"][0];
    assert_eq!(replacement["deletedRegion"]["startLine"], 1);
    assert_eq!(replacement["deletedRegion"]["startColumn"], 24);
    assert_eq!(replacement["deletedRegion"]["endColumn"], 26);
    assert_eq!(replacement["insertedContent"]["text"], "FAST");
}

#[test]
fn rules_lists_which_rules_fix() {
    let dir = project(&[]);
    let listing = stdout(&storlint(&["rules"], dir.path()));
    let line = |id: &str| {
        listing
            .lines()
            .find(|line| line.starts_with(&format!("{id} ")))
            .unwrap()
            .to_string()
    };
    assert!(line("prefs-commit").contains(" fix "));
    assert!(!line("fsync-in-loop").contains(" fix "));
}

#[test]
fn display_only_fixes_are_shown_and_never_applied() {
    // The code resets the table's sequence: dropping AUTOINCREMENT is only
    // a suggestion.
    let schema = "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT);\nVACUUM;\nDELETE FROM sqlite_sequence WHERE name = 't';\n";
    let dir = project(&[("db/schema.sql", schema)]);
    let output = storlint(&["--fix", "--unsafe-fixes", "--isolated", "."], dir.path());
    assert_eq!(read(&dir, "db/schema.sql"), schema);
    assert!(stdout(&output).contains("0 fixed"), "{}", stdout(&output));
    let output = storlint(&["--format", "json", "--isolated", "."], dir.path());
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let fixes: Vec<(String, String, u64, u64)> = log["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|finding| {
            let fix = &finding["fix"];
            let edit = &fix["edits"][0];
            (
                fix["applicability"].as_str().unwrap().to_string(),
                edit["content"].as_str().unwrap().to_string(),
                edit["range"]["start"]["offset"].as_u64().unwrap(),
                edit["range"]["end"]["offset"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        fixes,
        [
            ("display-only".to_string(), String::new(), 38, 52),
            (
                "display-only".to_string(),
                "PRAGMA incremental_vacuum".to_string(),
                55,
                61
            ),
        ]
    );
}

#[test]
fn loops_are_shown_wrapped_in_their_library_transaction_and_never_changed() {
    let rust = "use rusqlite::Connection;\n\npub fn save(conn: &mut Connection, names: &[String]) -> rusqlite::Result<()> {\n    for name in names {\n        conn.execute(\"INSERT INTO tag (name) VALUES (?1)\", [name])?;\n    }\n    Ok(())\n}\n";
    let kotlin = "import android.database.sqlite.SQLiteDatabase\n\nfun save(db: SQLiteDatabase, names: List<String>) {\n    for (name in names) {\n        db.execSQL(\"INSERT INTO tag (name) VALUES (?)\", arrayOf(name))\n    }\n}\n";
    let dir = project(&[("src/tags.rs", rust), ("app/Tags.kt", kotlin)]);
    let output = storlint(&["--diff", "--unsafe-fixes", "--isolated", "."], dir.path());
    assert_eq!(
        stdout(&output)
            .lines()
            .filter(|l| l.starts_with("+++"))
            .count(),
        0
    );
    let output = storlint(&["--format", "json", "--isolated", "."], dir.path());
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let shown: Vec<(String, String)> = log["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|finding| finding["rule"] == "write-without-transaction")
        .map(|finding| {
            let fix = &finding["fix"];
            (
                fix["applicability"].as_str().unwrap().to_string(),
                fix["edits"][0]["content"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let wrapped_kotlin = "    db.beginTransaction()\n    try {\n        for (name in names) {\n            db.execSQL(\"INSERT INTO tag (name) VALUES (?)\", arrayOf(name))\n        }\n        db.setTransactionSuccessful()\n    } finally {\n        db.endTransaction()\n    }";
    let wrapped_rust = "    let tx = conn.transaction()?;\n    for name in names {\n        tx.execute(\"INSERT INTO tag (name) VALUES (?1)\", [name])?;\n    }\n    tx.commit()?;";
    let mut expected = vec![
        ("display-only".to_string(), wrapped_kotlin.to_string()),
        ("display-only".to_string(), wrapped_rust.to_string()),
    ];
    let mut shown = shown;
    shown.sort();
    expected.sort();
    assert_eq!(shown, expected);
    assert_eq!(read(&dir, "src/tags.rs"), rust);
}

#[test]
fn a_non_partial_index_is_shown_with_the_where_its_queries_use() {
    let schema = "CREATE TABLE item (id INTEGER PRIMARY KEY, done INTEGER NOT NULL DEFAULT 0);\nCREATE INDEX idx_item_done ON item (done);\nSELECT id FROM item WHERE done = 0;\n";
    let dir = project(&[("db/schema.sql", schema)]);
    let fixes = fixes_of(&dir, "non-partial-index");
    let fix = fixes.first().expect("a non-partial-index finding");
    assert_eq!(fix["applicability"], "display-only");
    let edit = &fix["edits"][0];
    let at = edit["range"]["start"]["offset"].as_u64().unwrap() as usize;
    let shown = format!(
        "{}{}{}",
        &schema[..at],
        edit["content"].as_str().unwrap(),
        &schema[at..]
    );
    assert!(
        shown.contains("CREATE INDEX idx_item_done ON item (done) WHERE done = 0;\n"),
        "{shown}"
    );
    let output = storlint(&["--fix", "--unsafe-fixes", "--isolated", "."], dir.path());
    // The finding stays (exit 1); nothing went wrong (not 2).
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(read(&dir, "db/schema.sql"), schema);
}

#[test]
fn a_redundant_index_is_shown_dropped_and_never_changed() {
    let schema = "CREATE TABLE item (id INTEGER PRIMARY KEY, list_id INTEGER, rank INTEGER);\nCREATE INDEX idx_item_list ON item (list_id);\nCREATE INDEX idx_item_list_rank ON item (list_id, rank);\n";
    let dir = project(&[("db/schema.sql", schema)]);
    let fixes = fixes_of(&dir, "redundant-index");
    let fix = fixes.first().expect("a redundant-index finding");
    assert_eq!(fix["applicability"], "display-only");
    let edit = &fix["edits"][0];
    let start = edit["range"]["start"]["offset"].as_u64().unwrap() as usize;
    let end = edit["range"]["end"]["offset"].as_u64().unwrap() as usize;
    assert_eq!(
        &schema[start..end],
        "CREATE INDEX idx_item_list ON item (list_id)"
    );
    assert_eq!(edit["content"], "DROP INDEX IF EXISTS idx_item_list");
    let output = storlint(&["--diff", "--unsafe-fixes", "--isolated", "."], dir.path());
    assert!(!stdout(&output).contains("+++"), "{}", stdout(&output));
    assert_eq!(read(&dir, "db/schema.sql"), schema);
}

#[test]
fn a_quoted_redundant_index_over_two_lines_is_shown_dropped_by_its_quoted_name() {
    let schema = "CREATE TABLE \"item\" (\"id\" INTEGER PRIMARY KEY, \"list_id\" INTEGER, \"rank\" INTEGER);\nCREATE INDEX \"idx_item_list\"\n    ON \"item\" (\"list_id\");\nCREATE INDEX \"idx_item_list_rank\" ON \"item\" (\"list_id\", \"rank\");\n";
    let dir = project(&[("db/schema.sql", schema)]);
    let fixes = fixes_of(&dir, "redundant-index");
    let contents: Vec<&str> = fixes
        .iter()
        .map(|fix| fix["edits"][0]["content"].as_str().unwrap())
        .collect();
    assert_eq!(contents, ["DROP INDEX IF EXISTS \"idx_item_list\""]);
}

#[test]
fn a_redundant_room_index_is_shown_removed_from_its_entity_and_never_changed() {
    let entities = r#"import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.Index

@Entity(
    tableName = "item",
    indices = [
        Index(value = ["list_id"]),
        Index(value = ["list_id", "rank"]),
    ],
)
data class Item(
    @ColumnInfo(name = "id") val id: Long,
    @ColumnInfo(name = "list_id") val listId: Long,
    @ColumnInfo(name = "rank") val rank: Int,
)

@Entity(tableName = "play", indices = [Index(value = ["track_id", "played_at"])])
data class Play(
    @ColumnInfo(name = "track_id", index = true) val trackId: Long,
    @ColumnInfo(name = "played_at") val playedAt: Long,
)

@Entity(tableName = "tag", indices = [Index("note_id"), Index("note_id", "name")])
data class Tag(
    @ColumnInfo(name = "note_id") val noteId: Long,
    @ColumnInfo(name = "name") val name: String,
)
"#;
    let dir = project(&[("app/Entities.kt", entities)]);
    let shown: Vec<String> = fixes_of(&dir, "redundant-index")
        .iter()
        .filter(|fix| !fix.is_null())
        .map(|fix| {
            assert_eq!(fix["applicability"], "display-only");
            let edit = &fix["edits"][0];
            let start = edit["range"]["start"]["offset"].as_u64().unwrap() as usize;
            let end = edit["range"]["end"]["offset"].as_u64().unwrap() as usize;
            format!(
                "{:?} -> {:?}",
                &entities[start..end],
                edit["content"].as_str().unwrap()
            )
        })
        .collect();
    // The index among others on one line is reported with no fix.
    assert_eq!(fixes_of(&dir, "redundant-index").len(), 3);
    assert_eq!(
        shown,
        [
            r#""        Index(value = [\"list_id\"]),\n" -> """#,
            r#"", index = true" -> """#,
        ]
    );
    let output = storlint(&["--fix", "--unsafe-fixes", "--isolated", "."], dir.path());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(read(&dir, "app/Entities.kt"), entities);
}
