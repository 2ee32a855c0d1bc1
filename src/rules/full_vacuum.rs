use std::collections::HashSet;

use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
use crate::lang::sql::SqlFactKind;
use crate::project::{FunctionRef, Project, SqlSummary};
use crate::rules::{Check, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

pub const RULE: Rule = Rule {
    id: "full-vacuum",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin, Language::Sql],
    fix: FixAvailability::Sometimes,
    doc: include_str!("../../lints/full-vacuum.md"),
    help: "set `PRAGMA auto_vacuum = INCREMENTAL` once and run `PRAGMA incremental_vacuum(N)` to free N pages when it suits the app; to make a backup copy, use `VACUUM INTO 'file'`",
    check: Check::Project(check),
};

const MESSAGE: &str = "full VACUUM rewrites the whole database through a temporary copy, writing every page at least twice";
const NOTE: &str = "in Apple's measurement (WWDC 2019, session 419) a VACUUM after each delete cost 27 I/Os and 168 KB; incremental vacuum cost 12 I/Os and 72 KB";

/// How many wrappers named for VACUUM are followed up to their callers.
const MAX_WRAPPERS: usize = 4;

/// A VACUUM that is the only statement of a function named for it
/// (`vacuum()`, `vacuumDatabase()`) is
/// that function's contract, as a database library's public API is: the
/// choice to run it is made where the function is called, so that is where
/// it is reported, with the chain of wrappers. A wrapper nobody in the
/// project calls is reported nowhere.
fn check(project: &Project) -> Vec<(usize, Diagnostic)> {
    let mut findings = Vec::new();
    // Calls are linked by name, so several wrappers can lead to one call
    // site: each wrapper is followed, and each call reported, once.
    let mut visited = HashSet::new();
    let mut reported = HashSet::new();
    for (file, entry) in project.files.iter().enumerate() {
        let sql = &entry.summary.sql;
        for (index, statement) in sql.iter().enumerate() {
            if !matches!(statement.fact.kind, SqlFactKind::Vacuum { into: false })
                || switches_auto_vacuum_mode(&sql[..index], statement)
            {
                continue;
            }
            let only_statement = |function: usize| {
                sql.iter()
                    .filter(|other| other.place.function == Some(function))
                    .count()
                    == 1
            };
            match statement.place.function {
                Some(function)
                    if only_statement(function) && named_for_vacuum(project, (file, function)) =>
                {
                    report_callers(
                        project,
                        (file, function),
                        &mut Vec::new(),
                        &mut visited,
                        &mut reported,
                        &mut findings,
                    );
                }
                _ => findings.push((file, {
                    let mut diagnostic = RULE
                        .diagnostic(statement.fact.keyword_range.clone(), MESSAGE)
                        .label("rewrites the whole database")
                        .note(NOTE);
                    diagnostic.fix = incremental_fix(&entry.source.text, &statement.fact);
                    // Once, in a migration or an upgrade step: a hint.
                    crate::rules::lower_in_one_shot_job(
                        project,
                        file,
                        statement.place.function,
                        "so the database is rewritten once per upgrade",
                        &mut diagnostic,
                    );
                    diagnostic
                })),
            }
        }
    }
    findings
}

/// `PRAGMA incremental_vacuum` in place of a plain `VACUUM` written out in
/// the source: display-only, since it frees pages only once the database
/// is in `auto_vacuum = INCREMENTAL`, a mode set before the tables exist or
/// by one more VACUUM.
fn incremental_fix(text: &str, fact: &crate::lang::sql::SqlFact) -> Option<Fix> {
    let keyword = text.get(fact.keyword_range.clone())?;
    let statement = text.get(fact.statement_range.clone())?;
    let plain = keyword.eq_ignore_ascii_case("VACUUM")
        && statement.trim().trim_end_matches(';').trim() == keyword;
    plain.then(|| Fix {
        title: "set `PRAGMA auto_vacuum = INCREMENTAL` once and run `PRAGMA incremental_vacuum(N)` here instead".to_string(),
        edits: vec![Edit {
            range: fact.keyword_range.clone(),
            content: "PRAGMA incremental_vacuum".to_string(),
        }],
        applicability: Applicability::DisplayOnly,
    })
}

/// `vacuum`, `vacuumDatabase`, `run_vacuum`: a name with the word "vacuum"
/// (not `vacuums_the_copy`, a test's description).
fn named_for_vacuum(project: &Project, function: FunctionRef) -> bool {
    name_words(&project.function(function).name).any(|word| word.eq_ignore_ascii_case("vacuum"))
}

/// The words of a snake_case or camelCase name.
fn name_words(name: &str) -> impl Iterator<Item = &str> {
    let mut starts = vec![0];
    let bytes = name.as_bytes();
    for i in 1..bytes.len() {
        if bytes[i].is_ascii_uppercase() && !bytes[i - 1].is_ascii_uppercase() {
            starts.push(i);
        }
    }
    starts.push(name.len());
    let parts: Vec<&str> = starts.windows(2).map(|w| &name[w[0]..w[1]]).collect();
    parts
        .into_iter()
        .flat_map(|part| part.split('_'))
        .filter(|word| !word.is_empty())
}

/// Reports each call of `wrapper` outside another VACUUM wrapper, naming
/// the chain from the call to the statement.
fn report_callers(
    project: &Project,
    wrapper: FunctionRef,
    chain: &mut Vec<String>,
    visited: &mut HashSet<FunctionRef>,
    reported: &mut HashSet<(usize, usize)>,
    findings: &mut Vec<(usize, Diagnostic)>,
) {
    if chain.len() >= MAX_WRAPPERS || !visited.insert(wrapper) {
        return;
    }
    chain.push(project.function(wrapper).name.clone());
    for (file, call) in project.call_sites(wrapper) {
        match call.caller {
            Some(caller)
                if named_for_vacuum(project, (file, caller))
                    || project.function((file, caller)).name == project.function(wrapper).name
                    || only_delegates(project, (file, caller)) =>
            {
                report_callers(project, (file, caller), chain, visited, reported, findings);
            }
            _ => {
                if reported.insert((file, call.range.start)) {
                    findings.push((file, through_wrappers(call.range.clone(), chain)));
                }
            }
        }
    }
    chain.pop();
}

/// A caller with the wrapper's own name forwards to it (a trait
/// implementation calling the inner store's method of the same name).
/// So does a function whose one call is the wrapper's (`fn optimize() { self.vacuum() }`,
/// a trait's maintenance entry point): it passes the choice on to its own
/// callers. Type-named calls (`Ok(..)`, constructors) do not count.
fn only_delegates(project: &Project, (file, function): FunctionRef) -> bool {
    project.files[file]
        .summary
        .calls
        .iter()
        .filter(|call| call.caller == Some(function))
        .filter(|call| !call.callee.starts_with(char::is_uppercase))
        .count()
        == 1
}

fn through_wrappers(range: ByteRange, chain: &[String]) -> Diagnostic {
    let path = chain
        .iter()
        .rev()
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>()
        .join(" → ");
    RULE.diagnostic(range, MESSAGE)
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

#[cfg(test)]
mod tests {
    use super::name_words;

    #[test]
    fn names_split_into_words() {
        let words = |name| name_words(name).collect::<Vec<_>>();
        assert_eq!(words("vacuumDatabase"), ["vacuum", "Database"]);
        assert_eq!(words("run_vacuum"), ["run", "vacuum"]);
        assert_eq!(words("vacuums_a_copy"), ["vacuums", "a", "copy"]);
        assert_eq!(words("VACUUM"), ["VACUUM"]);
    }
}
