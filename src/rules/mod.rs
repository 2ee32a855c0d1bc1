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

use crate::facts::SqlFactAt;
use crate::lang::sql::{CreateIndex, CreateTable, PragmaValue, SqlFact, SqlFactKind};
use std::collections::HashSet;

use crate::model::{BindingKind, Model, NodeId, NodeKind, Segment};
use crate::project::Project;
use crate::registry::FileContext;
use crate::source::ByteRange;

/// The function a SQL statement runs in (`None`: a `.sql` file or top-level code).
pub(crate) fn sql_scope(ctx: &FileContext, at: &SqlFactAt) -> Option<NodeId> {
    at.origin
        .and_then(|call| ctx.model.enclosing_function(call))
}

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

/// Whether `written` (a target expression's text) names something that
/// differs per iteration of `repeats`: a different file or handle each time.
pub(crate) fn mentions_varying(
    model: &Model,
    text: &str,
    repeats: &Repetition,
    written: &str,
) -> bool {
    mentions_any(written, &varying_names(model, text, repeats))
}

/// Names whose value changes from one iteration to the next: the loop's
/// own variables (pattern bindings, closure parameters, implicit ones such
/// as Kotlin's `it`), variables assigned in the body, and locals of the body
/// computed from any of those.
fn varying_names(model: &Model, text: &str, repeats: &Repetition) -> HashSet<String> {
    let rep = repeats.node;
    let mut names: HashSet<String> = HashSet::new();
    if matches!(model.node(rep).kind, NodeKind::Closure { .. }) {
        names.extend(
            crate::catalog::implicit_closure_parameters(model.language)
                .iter()
                .map(|name| name.to_string()),
        );
    }
    let body: Vec<NodeId> = model.descendants(rep);
    let mut locals: Vec<(&str, &str)> = Vec::new();
    for &id in &body {
        match &model.node(id).kind {
            NodeKind::Binding(binding) => {
                // Body statements are children of the loop too: the loop's
                // own variables are the ones in its header, before the body's `{`.
                let in_header = || {
                    text.get(model.node(rep).range.start..model.node(id).range.start)
                        .is_some_and(|header| !header.contains('{'))
                };
                let own = model.node(id).parent == Some(rep)
                    && match model.node(rep).kind {
                        NodeKind::Loop(_) => in_header(),
                        _ => binding.kind == BindingKind::Parameter,
                    };
                if own {
                    names.insert(binding.name.clone());
                } else if binding.kind == BindingKind::Local {
                    let declaration = text.get(model.node(id).range.clone()).unwrap_or("");
                    locals.push((binding.name.as_str(), declaration));
                } else if let Some(receiver) = scoped_receiver(model, text, id) {
                    // `FileOutputStream(file).use { out -> .. }`: the closure's
                    // parameter is the receiver's value, another one when the
                    // receiver varies.
                    locals.push((binding.name.as_str(), receiver));
                }
            }
            // `i += 1`, `path = next`: the variable itself changes. An
            // assignment to a field or element (`state.count = n`) does not
            // make the whole value another file.
            NodeKind::Assign { target, .. } => {
                if let [Segment::Name(name)] = target.as_slice() {
                    names.insert(name.clone());
                }
            }
            _ => {}
        }
    }
    // Locals computed from varying names vary too; a few rounds reach the
    // chains real loop bodies build (`let name = ..; let url = dir + name`).
    for _ in 0..4 {
        let before = names.len();
        for (name, declaration) in &locals {
            if !names.contains(*name) && mentions_any(declaration, &names) {
                names.insert(name.to_string());
            }
        }
        if names.len() == before {
            break;
        }
    }
    names
}

/// The receiver's text of the call a closure parameter `parameter` belongs
/// to (`FileOutputStream(file)` in `FileOutputStream(file).use { out -> }`).
fn scoped_receiver<'t>(model: &Model, text: &'t str, parameter: NodeId) -> Option<&'t str> {
    let closure = model.node(parameter).parent?;
    if !matches!(model.node(closure).kind, NodeKind::Closure { .. }) {
        return None;
    }
    let call = model.node(closure).parent?;
    let NodeKind::Call(called) = &model.node(call).kind else {
        return None;
    };
    text.get(model.node(call).range.start..called.name_range.start)
}

/// Whether `text` contains one of `names` as a whole identifier (inside
/// string interpolation too: `"\(item.id).json"`, `format!("{id}.json")`,
/// Kotlin's `"part$i"`), or Swift's `$0`.
fn mentions_any(text: &str, names: &HashSet<String>) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .any(|word| names.contains(word) || word.split('$').any(|part| names.contains(part)))
}
