use std::collections::HashSet;

use crate::catalog;
use crate::diagnostic::{Diagnostic, Severity};
use crate::project::{OpenSite, Project};
use crate::rules::{Check, FixAvailability, Rule};
use crate::source::Language;

pub const RULE: Rule = Rule {
    id: "missing-wal",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/missing-wal.md"),
    help: "enable WAL once per connection, right after opening it",
    check: Check::Project(check),
};

fn check(project: &Project) -> Vec<(usize, Diagnostic)> {
    let databases_in_wal = databases_put_in_wal(project);
    let mut findings = Vec::new();
    for (index, file) in project.files.iter().enumerate() {
        for open in &file.summary.opens {
            let language = file.source.language;
            if open.wal_flag
                || open.read_only
                || open.in_memory
                // An explicit rollback journal is `journal-mode-not-wal`'s finding.
                || project.journal_mode_chosen(index, &open.place)
                || open_database_is_in_wal(language, open, &databases_in_wal)
                || project.delegates_to_overload(index, open)
                || handed_to_a_pool(project, index, open)
                || open
                    .place
                    .function
                    .is_some_and(|f| project.one_shot_job((index, f)))
            {
                continue;
            }
            let default_journal = catalog::default_journal(language);
            let diagnostic = RULE.diagnostic(open.place.range.clone(),
                format!(
                    "`{}` opens a SQLite database that never gets WAL, so it keeps {default_journal}",
                    open.api
                ),
            )
            .label("opened without WAL")
            .note("Apple measured 16 fsyncs per workload in DELETE mode against 1 in WAL (WWDC 2019, session 419); Mapbox's offline cache ran 2x to 5x faster with WAL and synchronous=NORMAL")
            .help(help_for(file.source.language));
            findings.push((index, diagnostic));
        }
    }
    findings
}

/// Whether the open is a connection pool's callback (`impl
/// managed::Manager for Manager { async fn create(..) -> .. }`) in a
/// project that enables WAL elsewhere: the pool hands the connection to the
/// code that configures it, through the library, where no call can be
/// followed. WAL is a property of the database file, set once.
fn handed_to_a_pool(project: &Project, file: usize, open: &OpenSite) -> bool {
    open.place
        .function
        .is_some_and(|f| project.hands_back_to_library((file, f)))
        && project.enables_wal_somewhere()
}

/// The databases (as `OpenSite::database` names them) that some connection
/// of the project puts in WAL.
fn databases_put_in_wal<'p>(project: &'p Project) -> HashSet<&'p str> {
    project
        .files
        .iter()
        .enumerate()
        .flat_map(|(index, file)| {
            file.summary
                .opens
                .iter()
                .filter(move |open| open.wal_flag || project.wal_reaches(index, &open.place))
                .filter_map(|open| open.database.as_deref())
        })
        .collect()
}

/// Outside Android, `journal_mode=WAL` is stored in the database file: a
/// connection to a database that another connection of the project puts in
/// WAL is in WAL too. Android's framework sets the journal mode again on
/// every connection it opens, so there each connection must ask for WAL.
fn open_database_is_in_wal(language: Language, open: &OpenSite, in_wal: &HashSet<&str>) -> bool {
    !catalog::journal_mode_is_per_connection(language)
        && open
            .database
            .as_deref()
            .is_some_and(|database| in_wal.contains(database))
}

fn help_for(language: Language) -> &'static str {
    match language {
        Language::Kotlin => "enable WAL where the connection is configured: `setWriteAheadLoggingEnabled(true)` in the helper's constructor, `db.enableWriteAheadLogging()` in `onConfigure`, or the ENABLE_WRITE_AHEAD_LOGGING open flag (Room uses WAL already)",
        Language::Swift => "run `PRAGMA journal_mode=WAL` once after opening, or use GRDB's `DatabasePool`, which is always in WAL mode",
        Language::Rust => "run `conn.pragma_update(None, \"journal_mode\", \"WAL\")` after opening (sqlx: `.journal_mode(SqliteJournalMode::Wal)`)",
        Language::Sql => "run `PRAGMA journal_mode=WAL` once after opening",
    }
}
