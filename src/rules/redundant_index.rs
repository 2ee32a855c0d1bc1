use crate::diagnostic::{Diagnostic, Severity};
use crate::lang::sql::CreateIndex;
use crate::model::HOLE;
use crate::project::Project;
use crate::rules::{Check, FixAvailability, Rule};
use crate::source::Language;

use super::{location, same_name, schema, shown, Schema};

pub const RULE: Rule = Rule {
    id: "redundant-index",
    severity: Severity::Warning,
    languages: &[
        Language::Rust,
        Language::Swift,
        Language::Kotlin,
        Language::Sql,
    ],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/redundant-index.md"),
    help: "drop this index: the one named in the message answers every lookup it can",
    check: Check::Project(check),
};

fn check(project: &Project) -> Vec<(usize, Diagnostic)> {
    let schema = schema(project);
    let indexes = &schema.indexes;
    let columns_of: Vec<Option<Vec<String>>> =
        indexes.iter().map(|i| plain_columns(&i.item)).collect();
    let mut findings = Vec::new();
    for (position, index) in indexes.iter().enumerate() {
        let Some(columns) = &columns_of[position] else {
            continue;
        };
        let columns = columns.as_slice();
        let served_by = indexes
            .iter()
            .enumerate()
            .filter(|&(other_position, _)| other_position != position)
            .find(|&(other_position, other)| {
                let other = &other.item;
                columns_of[other_position]
                    .as_deref()
                    .is_some_and(|other_columns| serves(&index.item, columns, other, other_columns))
                    // Of two identical indexes, one declared in SQL is the
                    // redundant one next to one an API declares (the API
                    // describes the schema), else the later one.
                    && !(columns_of[other_position].as_deref() == Some(columns)
                        && other.unique == index.item.unique
                        && other.predicate == index.item.predicate
                        && (!other.declared_by_api, other_position)
                            > (!index.item.declared_by_api, position))
            })
            .map(|(_, other)| {
                format!(
                    "`{}` on {}({}) at {}",
                    shown(&other.item.name),
                    shown(&other.item.table),
                    column_list(&other.item),
                    location(project, other.file, other.item.name_range.start)
                )
            })
            .or_else(|| key_serving(&index.item, columns, &schema, project));
        let Some(served_by) = served_by else { continue };
        let diagnostic = RULE.diagnostic(index.item.name_range.clone(),
            format!(
                "index `{}` on {}({}) is redundant: {served_by} already serves every lookup it can, and each index makes every INSERT, UPDATE and DELETE on the table write one more B-tree",
                shown(&index.item.name),
                shown(&index.item.table),
                columns.join(", ")
            ),
        )
        .label("redundant index")
        .help(if index.item.declared_by_api {
            "remove this index from the declaration".to_string()
        } else {
            format!("drop it: `DROP INDEX {};`", shown(&index.item.name))
        });
        findings.push((index.file, diagnostic));
    }
    findings
}

/// The index's columns, lower-cased, when all are plain columns in the
/// default (BINARY) collation: an index in another collation serves other
/// lookups, so it is left alone.
fn plain_columns(index: &CreateIndex) -> Option<Vec<String>> {
    index
        .columns
        .iter()
        .map(|c| {
            let binary = c.collation.as_deref().is_none_or(|name| name == "BINARY");
            // An interpolated column could be any column.
            (!c.expression && binary && !c.name.contains(HOLE)).then(|| c.name.to_ascii_lowercase())
        })
        .collect()
}

fn column_list(index: &CreateIndex) -> String {
    index
        .columns
        .iter()
        .map(|c| c.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `other` answers every lookup `index` can: same table and rows, and
/// `index`'s columns lead `other`'s. A UNIQUE index enforces something, so
/// only an index with exactly its columns and UNIQUE too replaces it.
fn serves(
    index: &CreateIndex,
    columns: &[String],
    other: &CreateIndex,
    other_columns: &[String],
) -> bool {
    if !same_name(&index.table, &other.table) || index.predicate != other.predicate {
        return false;
    }
    if index.unique {
        return other.unique && other_columns == columns;
    }
    other_columns.starts_with(columns)
}

/// The table's PRIMARY KEY or a UNIQUE constraint, whose automatic index
/// `index` duplicates.
fn key_serving(
    index: &CreateIndex,
    columns: &[String],
    schema: &Schema,
    project: &Project,
) -> Option<String> {
    if index.predicate.is_some() {
        return None;
    }
    let table = schema.table(&index.table)?;
    let lower =
        |cols: &[String]| -> Vec<String> { cols.iter().map(|c| c.to_ascii_lowercase()).collect() };
    let keys = std::iter::once(("PRIMARY KEY", &table.item.primary_key)).chain(
        table
            .item
            .unique_constraints
            .iter()
            .map(|u| ("UNIQUE constraint", u)),
    );
    for (kind, key) in keys {
        let key = lower(key);
        let covered = if index.unique {
            key == columns
        } else {
            key.starts_with(columns)
        };
        if !key.is_empty() && covered && !key.iter().any(|c| c.contains(HOLE)) {
            return Some(format!(
                "the {kind} ({}) of `{}` at {}",
                key.join(", "),
                shown(&table.item.name),
                location(project, table.file, table.at)
            ));
        }
    }
    None
}
