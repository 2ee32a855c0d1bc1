use std::collections::HashSet;

use crate::diagnostic::{Diagnostic, Severity};
use crate::lang::sql::SqlFactKind;
use crate::project::{FunctionRef, Project, SqlSummary};
use crate::registry::{Check, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

pub const RULE: Rule = Rule {
    id: "full-vacuum",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin, Language::Sql],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/full-vacuum.md"),
    help: "set `PRAGMA auto_vacuum = INCREMENTAL` once and run `PRAGMA incremental_vacuum(N)` to free N pages when it suits the app; to make a backup copy, use `VACUUM INTO 'file'`",
    check: Check::Project(check),
};

const MESSAGE: &str = "full VACUUM rewrites the whole database through a temporary copy, writing every page at least twice";
const NOTE: &str = "in Apple's measurement (WWDC 2019, session 419) a VACUUM after each delete cost 27 I/Os and 168 KB; incremental vacuum cost 12 I/Os and 72 KB";

/// How many wrappers named for VACUUM are followed up to their callers.
const MAX_WRAPPERS: usize = 4;

/// A VACUUM in a function named for it (`vacuum()`, `vacuumDatabase()`) is
/// that function's contract, as a database library's public API is: the
/// choice to run it is made where the function is called, so that is where
/// it is reported, with the chain of wrappers. A wrapper nobody in the
/// project calls is reported nowhere.
fn check(project: &Project) -> Vec<(usize, Diagnostic)> {
    let mut findings = Vec::new();
    for (file, entry) in project.files.iter().enumerate() {
        let sql = &entry.summary.sql;
        for (index, statement) in sql.iter().enumerate() {
            if !matches!(statement.fact.kind, SqlFactKind::Vacuum { into: false })
                || switches_auto_vacuum_mode(&sql[..index], statement)
            {
                continue;
            }
            match statement.place.function {
                Some(function) if named_for_vacuum(project, (file, function)) => {
                    let mut visited = HashSet::new();
                    report_callers(
                        project,
                        (file, function),
                        &mut Vec::new(),
                        &mut visited,
                        &mut findings,
                    );
                }
                _ => findings.push((
                    file,
                    Diagnostic::new(&RULE, statement.fact.keyword_range.clone(), MESSAGE)
                        .label("rewrites the whole database")
                        .note(NOTE),
                )),
            }
        }
    }
    findings
}

fn named_for_vacuum(project: &Project, function: FunctionRef) -> bool {
    project
        .function(function)
        .name
        .to_ascii_lowercase()
        .contains("vacuum")
}

/// Reports each call of `wrapper` outside another VACUUM wrapper, naming
/// the chain from the call to the statement.
fn report_callers(
    project: &Project,
    wrapper: FunctionRef,
    chain: &mut Vec<String>,
    visited: &mut HashSet<FunctionRef>,
    findings: &mut Vec<(usize, Diagnostic)>,
) {
    if chain.len() >= MAX_WRAPPERS || !visited.insert(wrapper) {
        return;
    }
    chain.push(project.function(wrapper).name.clone());
    for (file, call) in project.call_sites(wrapper) {
        match call.caller {
            Some(caller) if named_for_vacuum(project, (file, caller)) => {
                report_callers(project, (file, caller), chain, visited, findings);
            }
            _ => findings.push((file, through_wrappers(call.range.clone(), chain))),
        }
    }
    chain.pop();
}

fn through_wrappers(range: ByteRange, chain: &[String]) -> Diagnostic {
    let path = chain
        .iter()
        .rev()
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>()
        .join(" → ");
    Diagnostic::new(&RULE, range, MESSAGE)
        .label(format!("runs a full VACUUM through {path}"))
        .note(NOTE)
}

/// `PRAGMA auto_vacuum = ...` followed directly by VACUUM in the same
/// function is how SQLite switches an existing database's auto_vacuum mode.
fn switches_auto_vacuum_mode(earlier: &[SqlSummary], vacuum: &SqlSummary) -> bool {
    earlier
        .iter()
        .rev()
        .find(|previous| previous.place.function == vacuum.place.function)
        .is_some_and(|previous| match &previous.fact.kind {
            SqlFactKind::Pragma(pragma) => pragma.name == "auto_vacuum" && pragma.value.is_some(),
            _ => false,
        })
}
