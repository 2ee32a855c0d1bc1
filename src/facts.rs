//! SQL facts of one file: every statement the file executes or declares,
//! each tied to the call that runs it.

use crate::catalog::{Classified, Op};
use crate::lang::sql::{self, Pragma, PragmaValue, SqlFact, SqlFactKind};
use crate::model::{Model, NodeId, HOLE};
use crate::source::ByteRange;

/// A SQL fact and the call that executes it (`None` in a `.sql` file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SqlFactAt {
    pub fact: SqlFact,
    pub origin: Option<NodeId>,
}

/// SQL executed through a name this file does not define as a string
/// (a constant from another file): the project stage resolves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedSql {
    pub name: String,
    pub origin: NodeId,
}

#[derive(Debug, Default)]
pub struct FileSql {
    /// In source order.
    pub facts: Vec<SqlFactAt>,
    pub unresolved: Vec<NamedSql>,
}

/// Collects the SQL facts of a file, in source order.
pub fn collect(model: &Model, ops: &[Classified]) -> FileSql {
    let mut out = FileSql {
        facts: model
            .sql_facts
            .iter()
            .map(|fact| SqlFactAt {
                fact: fact.clone(),
                origin: None,
            })
            .collect(),
        unresolved: Vec::new(),
    };
    for classified in ops {
        let origin = Some(classified.node);
        let located = |fact| SqlFactAt { fact, origin };
        match &classified.op {
            Op::SqlExec { sql } => {
                if let Some(text) = model.str_lit(*sql) {
                    out.facts.extend(sql::facts(text).into_iter().map(located));
                }
            }
            Op::SqlExecNamed { name } => match model.string_named(classified.node, name) {
                Some(text) => out.facts.extend(sql::facts(text).into_iter().map(located)),
                None => out.unresolved.push(NamedSql {
                    name: name.clone(),
                    origin: classified.node,
                }),
            },
            Op::PragmaSet { name, value } => {
                if let Some(fact) = pragma_from_literals(model, *name, *value) {
                    out.facts.push(located(fact));
                }
            }
            Op::PragmaApi {
                pragma,
                value,
                value_range,
            } => out.facts.push(located(pragma_fact(
                pragma,
                value,
                value_range.clone(),
                model.node(classified.node).range.clone(),
            ))),
            Op::IndexDecl(index) => out.facts.push(located(SqlFact {
                keyword_range: index.name_range.clone(),
                statement_range: model.node(classified.node).range.clone(),
                kind: SqlFactKind::CreateIndex((**index).clone()),
            })),
            Op::GeneratedKeyDecl {
                table,
                column,
                range,
            } => out.facts.push(located(SqlFact {
                keyword_range: range.clone(),
                statement_range: range.clone(),
                kind: SqlFactKind::GeneratedKey {
                    table: table.clone(),
                    column: column.clone(),
                },
            })),
            Op::TableDecl { table } => {
                let range = model.node(classified.node).range.clone();
                out.facts.push(located(SqlFact {
                    keyword_range: range.clone(),
                    statement_range: range,
                    kind: SqlFactKind::TableDecl {
                        table: table.clone(),
                    },
                }))
            }
            // The other operations carry no SQL.
            _ => {}
        }
    }
    out.facts.sort_by_key(|f| f.fact.keyword_range.start);
    out
}

/// `pragma_update(None, "journal_mode", "DELETE")` is the same fact as
/// `PRAGMA journal_mode = DELETE`, located at the API's arguments.
fn pragma_from_literals(model: &Model, name: NodeId, value: NodeId) -> Option<SqlFact> {
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

/// A pragma set through a typed API, located at the value it is given.
fn pragma_fact(
    pragma: &str,
    value: &str,
    value_range: ByteRange,
    call_range: ByteRange,
) -> SqlFact {
    SqlFact {
        kind: SqlFactKind::Pragma(Pragma {
            schema: None,
            name: pragma.to_string(),
            name_range: value_range.clone(),
            value: Some(PragmaValue {
                text: value.to_string(),
                range: value_range.clone(),
                is_hole: false,
            }),
        }),
        keyword_range: value_range,
        statement_range: call_range,
    }
}
