//! One file per rule, named after its id.

pub mod auto_vacuum_full;
pub mod autoincrement;
pub mod fsync_in_loop;
pub mod full_fsync;
pub mod full_vacuum;
pub mod journal_mode_not_wal;
pub mod missing_wal;
pub mod non_partial_index;
pub mod open_per_query;
pub mod plist_as_database;
pub mod prefs_commit;
pub mod redundant_index;
pub mod secure_delete_on;
pub mod synchronous_full_in_wal;
pub mod temp_file_churn;
pub mod userdefaults_synchronize;
pub mod write_without_transaction;

use crate::lang::sql::{CreateIndex, CreateTable, PragmaValue, SqlFact, SqlFactKind};
use crate::model::{Model, NodeId, NodeKind};
use crate::project::Project;
use crate::source::ByteRange;

/// The value a fact sets pragma `name` to, unless it is only a query or an
/// interpolated value nobody can read statically.
pub(crate) fn pragma_set<'f>(fact: &'f SqlFact, name: &str) -> Option<&'f PragmaValue> {
    match &fact.kind {
        SqlFactKind::Pragma(pragma) if pragma.name == name => {
            pragma.value.as_ref().filter(|v| !v.is_hole)
        }
        _ => None,
    }
}

/// An index or table declared somewhere in the project.
pub(crate) struct Declared<'p, T> {
    pub file: usize,
    pub item: &'p T,
    /// The statement's first keyword, in `file`.
    pub at: usize,
}

/// Every `CREATE INDEX` and `CREATE TABLE` of the project, in file order.
pub(crate) fn schema<'p>(
    project: &'p Project,
) -> (
    Vec<Declared<'p, CreateIndex>>,
    Vec<Declared<'p, CreateTable>>,
) {
    let mut indexes = Vec::new();
    let mut tables = Vec::new();
    for (file, fact) in project.all_sql() {
        match &fact.kind {
            SqlFactKind::CreateIndex(item) => indexes.push(Declared {
                file,
                item,
                at: fact.keyword_range.start,
            }),
            SqlFactKind::CreateTable(item) => tables.push(Declared {
                file,
                item,
                at: fact.keyword_range.start,
            }),
            _ => {}
        }
    }
    (indexes, tables)
}

/// `path:line` of a range in a project file, for messages that point elsewhere.
pub(crate) fn location(project: &Project, file: usize, offset: usize) -> String {
    let source = project.files[file].source;
    format!("{}:{}", source.display, source.line_col(offset).0)
}

/// A loop, or an iteration closure (`forEach { }`, `.for_each(|x| ..)`), that
/// runs something once per element.
pub(crate) struct Repetition {
    /// A short range for a secondary label: the loop keyword or the iteration call's name.
    pub label: ByteRange,
    /// The `Loop` or iteration `Closure` node.
    pub node: NodeId,
}

/// The repetition that runs `node` repeatedly (`Model::repetition`), with a
/// label for it.
pub(crate) fn repetition(model: &Model, text: &str, node: NodeId) -> Option<Repetition> {
    let repeating = model.repetition(node)?;
    let current = model.node(repeating);
    let label = match (&current.kind, current.parent.map(|p| &model.node(p).kind)) {
        (NodeKind::Loop(_), _) => first_word(text, current.range.clone()),
        (_, Some(NodeKind::Call(iterating))) => iterating.name_range.clone(),
        _ => current.range.start..current.range.start + 1,
    };
    Some(Repetition {
        label,
        node: repeating,
    })
}

/// The first word of a loop (`for`, `while`, `repeat`, `do`, `loop`).
fn first_word(text: &str, range: ByteRange) -> ByteRange {
    let word = text
        .get(range.clone())
        .map(|s| {
            s.len()
                - s.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_')
                    .len()
        })
        .unwrap_or(0);
    range.start..range.start + word.max(1).min(range.len())
}
