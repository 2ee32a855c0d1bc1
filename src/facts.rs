//! SQL facts of one file: every statement the file executes or declares,
//! each tied to the call that runs it.

use crate::catalog::{Classified, Op};
use crate::lang::sql::{self, Pragma, PragmaValue, SqlFact, SqlFactKind};
use crate::model::{Model, NodeId, HOLE};

/// A SQL fact and the call that executes it (`None` in a `.sql` file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SqlFactAt {
    pub fact: SqlFact,
    pub origin: Option<NodeId>,
}

/// Collects the SQL facts of a file, in source order.
pub fn collect(model: &Model, ops: &[Classified]) -> Vec<SqlFactAt> {
    let mut facts: Vec<SqlFactAt> = model
        .sql_facts
        .iter()
        .map(|fact| SqlFactAt {
            fact: fact.clone(),
            origin: None,
        })
        .collect();
    for classified in ops {
        let origin = Some(classified.node);
        match classified.op {
            Op::SqlExec { sql } => {
                if let Some(text) = model.str_lit(sql) {
                    facts.extend(
                        sql::facts(text)
                            .into_iter()
                            .map(|fact| SqlFactAt { fact, origin }),
                    );
                }
            }
            Op::PragmaSet { name, value } => {
                if let Some(fact) = pragma_from_api(model, name, value) {
                    facts.push(SqlFactAt { fact, origin });
                }
            }
            Op::Fsync(_) => {}
        }
    }
    facts.sort_by_key(|f| f.fact.keyword_range.start);
    facts
}

/// `pragma_update(None, "journal_mode", "DELETE")` is the same fact as
/// `PRAGMA journal_mode = DELETE`, located at the API's arguments.
fn pragma_from_api(model: &Model, name: NodeId, value: NodeId) -> Option<SqlFact> {
    let name_lit = model.str_lit(name)?;
    let value_lit = model.str_lit(value)?;
    let (schema, pragma_name) = match name_lit.value.split_once('.') {
        Some((schema, name)) => (Some(schema.to_string()), name),
        None => (None, name_lit.value.as_str()),
    };
    let name_range = name_lit.source_range(0..name_lit.value.len());
    let value_range = value_lit.source_range(0..value_lit.value.len());
    let statement_range = model.node(name).range.start..model.node(value).range.end;
    Some(SqlFact {
        kind: SqlFactKind::Pragma(Pragma {
            schema,
            name: pragma_name.trim().to_ascii_lowercase(),
            name_range: name_range.clone(),
            value: Some(PragmaValue {
                text: value_lit.value.trim().to_string(),
                range: value_range,
                is_hole: value_lit.value.contains(HOLE),
            }),
        }),
        keyword_range: name_range,
        statement_range,
    })
}
