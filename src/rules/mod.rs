//! One file per rule, named after its id.

pub mod auto_vacuum_full;
pub mod autoincrement;
pub mod fsync_in_loop;
pub mod full_vacuum;
pub mod journal_mode_not_wal;
pub mod missing_wal;
pub mod non_partial_index;
pub mod open_per_query;
pub mod redundant_index;
pub mod secure_delete_on;
pub mod synchronous_full_in_wal;
pub mod write_without_transaction;

use crate::facts::SqlFactAt;
use crate::model::NodeId;
use crate::registry::FileContext;

/// The function a SQL statement runs in (`None`: a `.sql` file or top-level code).
pub(crate) fn sql_scope(ctx: &FileContext, at: &SqlFactAt) -> Option<NodeId> {
    at.origin
        .and_then(|call| ctx.model.enclosing_function(call))
}

use crate::lang::sql::{PragmaValue, SqlFact, SqlFactKind};

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

use crate::lang::sql::{CreateIndex, CreateTable};
use crate::project::Project;

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

use crate::model::{Model, NodeKind};
use crate::source::ByteRange;

/// A loop, or an iteration closure (`forEach { }`, `.for_each(|x| ..)`), that
/// runs something once per element.
pub(crate) struct Repetition {
    /// A short range for a secondary label: the loop keyword or the iteration call's name.
    pub label: ByteRange,
}

/// The repetition that runs `node` repeatedly, if it lies in the same
/// function. A closure handed to a call runs where the call runs; a closure
/// stored for later (bound, assigned, returned) does not.
pub(crate) fn repetition(model: &Model, text: &str, node: NodeId) -> Option<Repetition> {
    for ancestor in model.ancestors(node) {
        let current = model.node(ancestor);
        match &current.kind {
            NodeKind::Loop(_) => {
                return Some(Repetition {
                    label: first_word(text, current.range.clone()),
                })
            }
            NodeKind::Closure { iteration: true } => {
                let label = match current.parent.map(|p| &model.node(p).kind) {
                    Some(NodeKind::Call(iterating)) => iterating.name_range.clone(),
                    _ => current.range.start..current.range.start + 1,
                };
                return Some(Repetition { label });
            }
            NodeKind::Closure { iteration: false } => {
                let passed_to_call = current
                    .parent
                    .is_some_and(|p| matches!(model.node(p).kind, NodeKind::Call(_)));
                if !passed_to_call {
                    return None;
                }
            }
            NodeKind::Function(_) | NodeKind::TypeDecl { .. } => return None,
            _ => {}
        }
    }
    None
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
