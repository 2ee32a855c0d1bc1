//! One file per rule, named after its id.

pub mod autoincrement;
pub mod fsync_in_loop;
pub mod full_vacuum;
pub mod journal_mode_not_wal;

use crate::facts::SqlFactAt;
use crate::model::NodeId;
use crate::registry::FileContext;

/// The function a SQL statement runs in (`None`: a `.sql` file or top-level code).
pub(crate) fn sql_scope(ctx: &FileContext, at: &SqlFactAt) -> Option<NodeId> {
    at.origin
        .and_then(|call| ctx.model.enclosing_function(call))
}
