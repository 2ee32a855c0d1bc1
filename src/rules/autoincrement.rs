use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
use crate::model::HOLE;
use crate::project::Project;
use crate::rules::{Check, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

use super::{schema, shown};

pub const RULE: Rule = Rule {
    id: "autoincrement",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin, Language::Sql],
    fix: FixAvailability::Sometimes,
    doc: include_str!("../../lints/autoincrement.md"),
    help: "declare the column `INTEGER PRIMARY KEY` without AUTOINCREMENT: SQLite still assigns unique rowids; keep AUTOINCREMENT only if ids of deleted rows must never be reused",
    check: Check::Project(check),
};

/// Each table of the schema the project ends with is reported once: at
/// Room's `@PrimaryKey(autoGenerate = true)`, which is what writes the
/// keyword into Room's DDL, else at the AUTOINCREMENT of the table's latest
/// CREATE TABLE. A table dropped, replaced by a later definition, or
/// declared by a Room `@Entity` (the migrations' DDL for it is history)
/// stays silent.
fn check(project: &Project) -> Vec<(usize, Diagnostic)> {
    let schema = schema(project);
    let mut findings = Vec::new();
    for key in &schema.generated_keys {
        findings.push((
            key.file,
            diagnostic(
                &key.item.table,
                &key.item.column,
                key.item.range.clone(),
                "`autoGenerate = true` declares it AUTOINCREMENT",
            ),
        ));
    }
    for table in &schema.tables {
        if schema.declared_by_api(&table.item.name) {
            continue;
        }
        for column in &table.item.columns {
            if let Some(keyword) = &column.autoincrement {
                let mut diagnostic = diagnostic(
                    &table.item.name,
                    &column.name,
                    keyword.clone(),
                    "makes every insert update sqlite_sequence",
                );
                diagnostic.fix = drop_keyword_fix(&project.files[table.file].source.text, keyword);
                findings.push((table.file, diagnostic));
            }
        }
    }
    findings
}

/// The `AUTOINCREMENT` keyword deleted with the space before it, where the
/// source spells it: display-only, since a table already created keeps it
/// (only a schema not yet shipped, or a rebuilt table, loses it), and a
/// deleted row's key may then be reused.
fn drop_keyword_fix(text: &str, keyword: &ByteRange) -> Option<Fix> {
    if !text
        .get(keyword.clone())?
        .eq_ignore_ascii_case("AUTOINCREMENT")
    {
        return None;
    }
    let start = text[..keyword.start].trim_end_matches([' ', '\t']).len();
    Some(Fix {
        title: "drop AUTOINCREMENT in a schema not yet shipped (a deleted row's key may then be reused)".to_string(),
        edits: vec![Edit {
            range: start..keyword.end,
            content: String::new(),
        }],
        applicability: Applicability::DisplayOnly,
    })
}

fn diagnostic(table: &str, column: &str, range: ByteRange, label: &str) -> Diagnostic {
    let column = shown(column);
    let (key, inserts_into) = if table.contains(HOLE) {
        (
            format!("`{column}` of a table named at run time"),
            "that table".to_string(),
        )
    } else {
        (format!("`{table}.{column}`"), format!("`{table}`"))
    };
    RULE.diagnostic(range,
        format!(
            "{key} is AUTOINCREMENT: every INSERT into {inserts_into} also reads and updates the sqlite_sequence table, two tables written per insert"
        ),
    )
    .label(label.to_string())
    .note("SQLite's documentation: AUTOINCREMENT imposes extra CPU, memory, disk space and disk I/O overhead and should be avoided if not strictly needed")
}
