use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use aho_corasick::AhoCorasick;

use crate::catalog;
use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
use crate::model::HOLE;
use crate::project::Project;
use crate::rules::{Check, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

use super::{schema, shown};
use crate::sql_facts::{FilterTest, SqlFactKind, TableChange};

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
    let fresh_tables = FreshTables::of(project);
    let cursors = SyncCursors::of(project);
    let mut findings = Vec::new();
    for key in &schema.generated_keys {
        if cursors.covers(&key.item.table, &key.item.column) {
            continue;
        }
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
    let written = written_tables(project);
    for table in &schema.tables {
        let name = table.item.name.to_ascii_lowercase();
        // A table renamed aside when its successor took its name (`ALTER
        // TABLE t RENAME TO t_old; CREATE TABLE t ..`) and never written
        // again is a kept backup: no insert pays for its sequence.
        let kept_backup = fresh_tables.set_aside(&name, &schema) && !written.contains(&name);
        if schema.declared_by_api(&table.item.name)
            || kept_backup
            || (table.item.name.contains(HOLE) && room_migration_file(project, table.file))
        {
            continue;
        }
        for column in &table.item.columns {
            if cursors.covers(&table.item.name, &column.name) {
                continue;
            }
            if let Some(keyword) = &column.autoincrement {
                let mut diagnostic = diagnostic(
                    &table.item.name,
                    &column.name,
                    keyword.clone(),
                    "makes every insert update sqlite_sequence",
                );
                let fresh = fresh_tables.contains(&table.item.name);
                diagnostic.fix =
                    drop_keyword_fix(&project.files[table.file].source.text, keyword, fresh);
                findings.push((table.file, diagnostic));
            }
        }
    }
    findings
}

/// The tables (lower case) some statement of the project inserts into,
/// updates or deletes from.
fn written_tables(project: &Project) -> HashSet<String> {
    project
        .all_sql()
        .filter_map(|(_, fact)| match &fact.kind {
            SqlFactKind::Query(query) if query.writes_durably(&[]) => query.tables.first(),
            _ => None,
        })
        .map(|table| table.to_ascii_lowercase())
        .collect()
}

/// Whether file `file` writes Room migrations: a table it creates under a
/// name only known at run time (`CREATE TABLE `$TABLE_RUNS``, a constant of
/// another file) is one of Room's, which checks the migrated schema against
/// its `@Entity` classes: the entity's key is the finding, not its DDL.
fn room_migration_file(project: &Project, file: usize) -> bool {
    (project.files[file].summary.imports.iter())
        .any(|import| catalog::imports_room_migrations(import))
}

/// Columns the project's queries use as a sync cursor: compared with `>` or
/// `>=` (or any range) and ordered by, in one query (`WHERE id > :lastSynced
/// ORDER BY id`). AUTOINCREMENT is what keeps such a cursor safe: without it
/// SQLite may hand a deleted maximum's id to the next row, which a cursor
/// already past it never sees. A query on a table only known at run time
/// (`FROM $TABLE_RUNS`) covers the column of that name in every table.
struct SyncCursors {
    /// (table, column), lower case; the table None when unknown.
    columns: Vec<(Option<String>, String)>,
}

impl SyncCursors {
    fn of(project: &Project) -> SyncCursors {
        let mut columns = Vec::new();
        for (_, fact) in project.all_sql() {
            let SqlFactKind::Query(query) = &fact.kind else {
                continue;
            };
            for filter in &query.filters {
                if filter.test != FilterTest::Range {
                    continue;
                }
                let column = &filter.column;
                let ordered = query
                    .ordered_by
                    .iter()
                    .any(|order| order.column.eq_ignore_ascii_case(&column.column));
                if !ordered {
                    continue;
                }
                let table = column
                    .table
                    .clone()
                    .or_else(|| match query.tables.as_slice() {
                        [only] => Some(only.clone()),
                        _ => None,
                    })
                    .filter(|table| !table.contains(HOLE))
                    .map(|table| table.to_ascii_lowercase());
                columns.push((table, column.column.to_ascii_lowercase()));
            }
        }
        SyncCursors { columns }
    }

    fn covers(&self, table: &str, column: &str) -> bool {
        self.columns.iter().any(|(cursor_table, cursor_column)| {
            cursor_column.eq_ignore_ascii_case(column)
                && cursor_table
                    .as_deref()
                    .is_none_or(|t| t.eq_ignore_ascii_case(table))
        })
    }
}

/// The tables the project's SQL creates once and never otherwise makes
/// (renamed into, as a rebuilt table is), when none of it names
/// `sqlite_sequence`: dropping the keyword then changes only which keys
/// new rows may get, not a table some install already holds by another
/// definition, nor a sequence the code reads or resets.
struct FreshTables {
    /// Each table name created, with how many times (lower case).
    created: HashMap<String, usize>,
    /// Tables another one is renamed into (lower case), with the names
    /// they were renamed from.
    renamed_into: HashMap<String, Vec<String>>,
    names_sequence: bool,
}

impl FreshTables {
    fn of(project: &Project) -> FreshTables {
        let mut fresh = FreshTables {
            created: HashMap::new(),
            renamed_into: HashMap::new(),
            names_sequence: project.files.iter().any(|f| names_sequence(&f.source.text)),
        };
        for (_, fact) in project.sql_history() {
            match &fact.kind {
                SqlFactKind::CreateTable(created) => {
                    *fresh
                        .created
                        .entry(created.name.to_ascii_lowercase())
                        .or_default() += 1;
                }
                SqlFactKind::AlterTable {
                    table,
                    change: TableChange::RenameTo(new_name),
                } => {
                    (fresh.renamed_into)
                        .entry(new_name.to_ascii_lowercase())
                        .or_default()
                        .push(table.to_ascii_lowercase());
                }
                _ => {}
            }
        }
        fresh
    }

    /// A name with an interpolated piece is nobody's (`same_name`).
    fn contains(&self, table: &str) -> bool {
        let name = table.to_ascii_lowercase();
        !self.names_sequence
            && !table.contains(HOLE)
            && self.created.get(&name) == Some(&1)
            && !self.renamed_into.contains_key(&name)
    }

    /// Whether `table` (lower case) was renamed from a name a table of the
    /// final `schema` still has: the old table set aside while its
    /// successor took the name, not a rebuilt one taking its place
    /// (`RENAME TO t` of a `_new_t`).
    fn set_aside(&self, table: &str, schema: &super::Schema) -> bool {
        self.renamed_into.get(table).is_some_and(|from| {
            from.iter()
                .any(|old| (schema.tables.iter()).any(|t| t.item.name.eq_ignore_ascii_case(old)))
        })
    }
}

/// Whether `text` names `sqlite_sequence`, in any case. Every file the
/// project parsed is searched, on the project stage's one thread: with an
/// automaton, not a comparison at every byte.
fn names_sequence(text: &str) -> bool {
    static SEQUENCE: OnceLock<AhoCorasick> = OnceLock::new();
    SEQUENCE
        .get_or_init(|| {
            (AhoCorasick::builder().ascii_case_insensitive(true))
                .build(["sqlite_sequence"])
                .expect("one word forms a valid automaton")
        })
        .is_match(text)
}

/// The `AUTOINCREMENT` keyword deleted with the space before it, where the
/// source spells it. A deleted row's key may then be reused, and a table
/// already created keeps the keyword (only a schema not yet shipped, or a
/// rebuilt table, loses it): unsafe where the table is one of `FreshTables`,
/// display-only otherwise.
fn drop_keyword_fix(text: &str, keyword: &ByteRange, fresh: bool) -> Option<Fix> {
    if !text
        .get(keyword.clone())?
        .eq_ignore_ascii_case("AUTOINCREMENT")
    {
        return None;
    }
    // Alone on its line, the keyword goes with the line break before it,
    // unless that line ends in a comment the next code would join.
    let before = &text[..keyword.start];
    let on_line = before.trim_end_matches([' ', '\t']);
    let start = match on_line.strip_suffix('\n') {
        Some(previous) => {
            let previous = previous.trim_end_matches(['\r', ' ', '\t']);
            let last_line = previous.rsplit('\n').next().unwrap_or(previous);
            if last_line.contains("--") || last_line.contains("//") || last_line.contains("/*") {
                keyword.start
            } else {
                previous.len()
            }
        }
        None => on_line.len(),
    };
    let (title, applicability) = if fresh {
        (
            "drop AUTOINCREMENT (a deleted row's key may then be reused)",
            Applicability::Unsafe,
        )
    } else {
        (
            "drop AUTOINCREMENT in a schema not yet shipped (a deleted row's key may then be reused)",
            Applicability::DisplayOnly,
        )
    };
    Some(Fix {
        title: title.to_string(),
        edits: vec![Edit {
            range: start..keyword.end,
            content: String::new(),
        }],
        applicability,
    })
}

fn diagnostic(table: &str, column: &str, range: ByteRange, label: &str) -> Diagnostic {
    let column = shown(column);
    let (key, inserts_into) = if table.contains(HOLE) {
        (
            format!("`{column}` of a table whose name is interpolated"),
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

#[cfg(test)]
mod tests {
    use super::names_sequence;

    #[test]
    fn the_sequence_table_is_named_in_any_case() {
        assert!(names_sequence(
            "DELETE FROM SQLITE_Sequence WHERE name = 't'"
        ));
        assert!(names_sequence(
            "db.execSQL(\"UPDATE sqlite_sequence SET seq = 0\")"
        ));
        assert!(!names_sequence("sqlite_sequenc e"));
        assert!(!names_sequence(""));
    }
}
