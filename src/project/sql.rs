//! SQL that runs in one place and is written in another: a constant of
//! another file executed here, or a statement handed to a project function
//! that executes its parameter (`runCreateStatements(SCHEMA)`, where the
//! function splits the schema and executes each statement).

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use super::facts::{ArgValue, Place};
use super::graph::CallGraph;
use super::summaries::{parameter_position, Summary};
use super::{CallRef, ProjectFile};
use crate::lang::sql::{self, SqlFact, SqlFactKind};
use crate::model::StrLit;

/// A SQL fact executed in one place and written in another.
pub struct BorrowedSql {
    /// Where the statement's text lives (and the diagnostic goes).
    pub file: usize,
    pub fact: SqlFact,
    /// Where it is executed.
    pub executed_in: usize,
    pub place: Place,
}

/// What crosses files: the facts (each statement once, however many
/// calls hand it over) and the calls that hand a write statement to a
/// function that executes it.
pub struct Borrowed {
    pub facts: Vec<BorrowedSql>,
    pub writing_calls: HashSet<CallRef>,
}

pub fn borrowed(files: &[ProjectFile], graph: &CallGraph, summaries: &[Vec<Summary>]) -> Borrowed {
    let constants = unique_constants(files);
    let temporary = crate::sql_facts::temporary_tables(
        files
            .iter()
            .flat_map(|file| file.summary.sql.iter().map(|at| &at.fact)),
    );
    let mut facts = Vec::new();
    let mut writing_calls = HashSet::new();
    let mut seen: HashSet<(usize, usize)> = files
        .iter()
        .enumerate()
        .flat_map(|(f, file)| {
            file.summary
                .sql
                .iter()
                .map(move |s| (f, s.fact.keyword_range.start))
        })
        .collect();
    let mut add = |file: usize, fact: SqlFact, executed_in: usize, place: &Place| {
        if seen.insert((file, fact.keyword_range.start)) {
            facts.push(BorrowedSql {
                file,
                fact,
                executed_in,
                place: place.clone(),
            });
        }
    };
    for (executed_in, file) in files.iter().enumerate() {
        for (name, place) in &file.summary.named_sql {
            if let Some(&(defined_in, text)) = constants.get(name.as_str()) {
                for fact in sql::facts(text) {
                    add(defined_in, fact, executed_in, place);
                }
            }
        }
        for (c, call) in file.summary.calls.iter().enumerate() {
            let callees = graph.callees((executed_in, c));
            if callees.is_empty() {
                continue;
            }
            let place = Place {
                function: call.caller,
                owner: call.owner.clone(),
                range: call.range.clone(),
            };
            for (position, arg) in call.args.iter().enumerate() {
                let executed = callees.iter().any(|&callee| {
                    parameter_position(files, callee, position, arg)
                        .is_some_and(|p| summaries[callee.0][callee.1].executes.contains(&p))
                });
                if !executed {
                    continue;
                }
                let (defined_in, text) = match &arg.value {
                    ArgValue::Sql(text) => (executed_in, text),
                    ArgValue::Named(name) => match constants.get(name.as_str()) {
                        Some(&(defined_in, text)) => (defined_in, text),
                        None => continue,
                    },
                    ArgValue::Parameter(_) | ArgValue::Other => continue,
                };
                for fact in sql::facts(text) {
                    if is_write(&fact, &temporary) {
                        writing_calls.insert((executed_in, c));
                    }
                    add(defined_in, fact, executed_in, &place);
                }
            }
        }
    }
    Borrowed {
        facts,
        writing_calls,
    }
}

/// String constants by name, where the name is defined in one file only.
fn unique_constants<'a>(files: &'a [ProjectFile]) -> HashMap<&'a str, (usize, &'a StrLit)> {
    let mut constants: HashMap<&str, Vec<(usize, &StrLit)>> = HashMap::new();
    for (f, file) in files.iter().enumerate() {
        for (name, text) in &file.summary.constants {
            constants.entry(name.as_str()).or_default().push((f, text));
        }
    }
    constants
        .into_iter()
        .filter_map(|(name, defined)| match defined.as_slice() {
            [only] => Some((name, *only)),
            _ => None,
        })
        .collect()
}

fn is_write(fact: &SqlFact, temporary: &[&str]) -> bool {
    matches!(&fact.kind, SqlFactKind::Query(query) if query.writes_durably(temporary))
}
