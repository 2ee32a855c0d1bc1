use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
use crate::lang::sql::CreateIndex;
use crate::model::HOLE;
use crate::project::Project;
use crate::rules::{matching, Check, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

use super::{location, same_name, schema, shown, Declared, Schema};

pub const RULE: Rule = Rule {
    id: "redundant-index",
    severity: Severity::Warning,
    languages: &[
        Language::Rust,
        Language::Swift,
        Language::Kotlin,
        Language::Sql,
    ],
    fix: FixAvailability::Sometimes,
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
        let mut diagnostic = diagnostic;
        diagnostic.fix = drop_index_fix(&project.files[index.file].source.text, index);
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

/// The statement creating the index, spelled out in SQL as
/// `CREATE INDEX [IF NOT EXISTS] name ON table (columns)`, shown as
/// `DROP INDEX IF EXISTS name`: on a new database nothing is created, on a
/// shipped one (a migration) the index goes. Display-only: the lookups the
/// other index serves are worth a look first. A UNIQUE or partial index, or
/// one whose statement holds anything else, gets no fix.
fn drop_index_fix(text: &str, index: &Declared<CreateIndex>) -> Option<Fix> {
    if index.item.unique || index.item.predicate.is_some() {
        return None;
    }
    if index.item.declared_by_api {
        return api_index_fix(text, &index.item);
    }
    let name_range = &index.item.name_range;
    let keywords: Vec<String> = text
        .get(index.at..name_range.start)?
        .split_whitespace()
        .map(str::to_ascii_uppercase)
        .collect();
    if !matches!(
        keywords.join(" ").as_str(),
        "CREATE INDEX" | "CREATE INDEX IF NOT EXISTS"
    ) {
        return None;
    }
    let name = text.get(name_range.clone())?;
    let plain =
        |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '`' | '"' | '[' | ']' | '.');
    if name.is_empty() || !name.chars().all(plain) {
        return None;
    }
    let after_name = &text[name_range.end..];
    let open = after_name.find('(')?;
    let on_table = after_name[..open].trim();
    let table = on_table
        .get(..3)
        .filter(|on| on.eq_ignore_ascii_case("ON "))
        .map(|_| on_table[3..].trim())?;
    if table.is_empty() || !table.chars().all(plain) {
        return None;
    }
    let columns_start = name_range.end + open + 1;
    let close = columns_start + matching(&text[columns_start..], ')')?;
    let rest = text[close + 1..].trim_start_matches([' ', '\t']);
    if !rest.starts_with([';', '"', '\n', '\r']) && !rest.is_empty() {
        return None;
    }
    Some(Fix {
        title: format!("drop the redundant index `{name}`"),
        edits: vec![Edit {
            range: index.at..close + 1,
            content: format!("DROP INDEX IF EXISTS {name}"),
        }],
        applicability: Applicability::DisplayOnly,
    })
}

/// An index an API declares (Room) is removed from the declaration: its
/// flag argument with the comma that separates it (`@ColumnInfo(..,
/// index = true)`), else its own element (`Index(..)`) when that stands
/// alone on its line of the list. Display-only: Room's schema changes with
/// it, so the database needs a migration (a new version) for it to go.
fn api_index_fix(text: &str, index: &CreateIndex) -> Option<Fix> {
    let range = match &index.api_flag {
        Some(flag) => without_argument(text, flag),
        None => element_line(text, &index.name_range)?,
    };
    Some(Fix {
        title: "remove the redundant index from the entity (a schema change: Room needs a migration for it)".to_string(),
        edits: vec![Edit {
            range,
            content: String::new(),
        }],
        applicability: Applicability::DisplayOnly,
    })
}

/// The argument at `argument` with the comma before it, or, first in its
/// list, the comma and blanks after it.
fn without_argument(text: &str, argument: &ByteRange) -> ByteRange {
    if let Some(before) = text[..argument.start].trim_end().strip_suffix(',') {
        return before.len()..argument.end;
    }
    let after = &text[argument.end..];
    match after.trim_start().strip_prefix(',') {
        Some(rest) => argument.start..text.len() - rest.trim_start().len(),
        None => argument.clone(),
    }
}

/// The whole line of the call whose callee is at `callee`, when the call
/// and its comma are all the line holds (a comment may follow).
fn element_line(text: &str, callee: &ByteRange) -> Option<ByteRange> {
    let arguments = text[callee.end..].strip_prefix('(')?;
    let close = callee.end + 1 + matching(arguments, ')')?;
    let line_start = text[..callee.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[close..].find('\n').map(|i| close + i + 1)?;
    let after = text[close + 1..line_end].trim();
    let after = after.strip_prefix(',').unwrap_or(after).trim();
    let alone = text[line_start..callee.start].trim().is_empty()
        && (after.is_empty() || after.starts_with("//"));
    alone.then_some(line_start..line_end)
}

#[cfg(test)]
mod tests {
    use super::without_argument;

    /// What removing `argument` from `text` takes away.
    fn removed<'t>(text: &'t str, argument: &str) -> &'t str {
        let start = text.find(argument).unwrap();
        &text[without_argument(text, &(start..start + argument.len()))]
    }

    #[test]
    fn an_argument_goes_with_the_comma_that_separates_it() {
        let flag = "index = true";
        assert_eq!(
            removed("(name = \"a\", index = true)", flag),
            ", index = true"
        );
        assert_eq!(
            removed("(index = true, name = \"a\")", flag),
            "index = true, "
        );
        assert_eq!(
            removed("(\n    name = \"a\",\n    index = true\n)", flag),
            ",\n    index = true"
        );
        assert_eq!(removed("(index = true)", flag), "index = true");
    }
}
