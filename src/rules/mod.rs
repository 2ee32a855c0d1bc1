//! One file per rule, named after its id.

pub mod auto_vacuum_full;
pub mod autoincrement;
pub mod fsync_in_loop;
pub mod full_vacuum;
pub mod journal_mode_not_wal;
pub mod missing_wal;
pub mod secure_delete_on;
pub mod synchronous_full_in_wal;

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
