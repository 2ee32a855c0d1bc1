use crate::diagnostic::{Diagnostic, Severity};
use crate::project::{OpenUse, Project};
use crate::rules::{Check, FixAvailability, Rule};
use crate::source::Language;

pub const RULE: Rule = Rule {
    id: "open-per-query",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/open-per-query.md"),
    help: "open the database once and keep the connection (or a pool) for the life of the process or component",
    check: Check::Project(check),
};

const NOTE: &str = "opening runs consistency checks, journal recovery and checkpoints: Apple measured 1,002 physical I/Os and about 6 MB written with an open per operation, against 54 I/Os and 288 KB with the database kept open (WWDC 2019, session 419)";

/// Why an open counts as one per use.
enum Shape {
    Loop(crate::source::ByteRange),
    Method(String),
    CalledFromLoop(String),
    CalledFromMany(String, usize),
    /// A public entry point no project code calls: each call by the
    /// library's users is one piece of work.
    EntryPoint(String),
}

fn check(project: &Project) -> Vec<(usize, Diagnostic)> {
    let mut findings = Vec::new();
    let through_wrappers = project.opens_through_wrappers();
    for (index, file) in project.files.iter().enumerate() {
        let language = file.source.language;
        if !RULE.languages.contains(&language) {
            continue;
        }
        let wrapped = through_wrappers
            .iter()
            .filter(|(f, _)| *f == index)
            .map(|(_, open)| open);
        let direct = file.summary.open_uses.iter().map(|open| (open, false));
        for (open, wrapped) in direct.chain(wrapped.map(|open| (open, true))) {
            let Some(function) = open.place.function else {
                continue;
            };
            if !open.per_use || open.in_memory || project.runs_once((index, function)) {
                continue;
            }
            let Some(shape) = shape(project, index, function, open, wrapped) else {
                continue;
            };
            findings.push((index, diagnostic(open, shape, language)));
        }
    }
    findings
}

/// `wrapped`: the open is a call of the project's own opening method in a
/// function that also calls its closing one, so the connection is known to
/// be closed before the function returns.
fn shape(
    project: &Project,
    file: usize,
    function: usize,
    open: &OpenUse,
    wrapped: bool,
) -> Option<Shape> {
    if let Some(repeated) = &open.repeated {
        // A different database per iteration is no reopening of one.
        return (!open.per_item).then(|| Shape::Loop(repeated.clone()));
    }
    let summary = project.function((file, function));
    if let Some(owner) = &summary.owner {
        let keeps_locator = project
            .files
            .iter()
            .any(|f| f.summary.locator_types.contains(owner));
        if keeps_locator {
            return Some(Shape::Method(owner.clone()));
        }
    }
    let sites = project.call_sites((file, function));
    if sites.iter().any(|(_, call)| call.repeated.is_some()) {
        return Some(Shape::CalledFromLoop(summary.name.clone()));
    }
    if sites.len() >= 2 {
        return Some(Shape::CalledFromMany(summary.name.clone(), sites.len()));
    }
    (wrapped && sites.is_empty() && summary.entry_point)
        .then(|| Shape::EntryPoint(summary.name.clone()))
}

fn diagnostic(open: &OpenUse, shape: Shape, language: Language) -> Diagnostic {
    let api = &open.api;
    let (message, label) = match &shape {
        Shape::Loop(_) => (
            format!("`{api}` opens the database on every iteration of the loop, and each open pays SQLite's open-time checks again"),
            "opened once per iteration".to_string(),
        ),
        Shape::Method(owner) => (
            format!("`{api}` opens the database on every call: `{owner}` keeps what opens it rather than an open connection, so each call pays SQLite's open-time checks again"),
            "opened once per call".to_string(),
        ),
        Shape::CalledFromLoop(function) => (
            format!("`{api}` opens the database on every call of `{function}`, which is called from a loop: each call pays SQLite's open-time checks again"),
            "opened once per call".to_string(),
        ),
        Shape::EntryPoint(function) => (
            format!("`{api}` opens the database on every call of `{function}`, a public entry point that closes it again before returning: each call its users make pays SQLite's open-time checks again"),
            "opened once per call".to_string(),
        ),
        Shape::CalledFromMany(function, count) => (
            format!("`{api}` opens the database on every call of `{function}`, which is called from {count} places: each call pays SQLite's open-time checks again"),
            "opened once per call".to_string(),
        ),
    };
    let mut diagnostic = RULE
        .diagnostic(open.place.range.clone(), message)
        .label(label)
        .note(NOTE)
        .help(help_for(language));
    if let Shape::Loop(repeated) = shape {
        diagnostic = diagnostic.secondary(repeated, "inside this loop");
    }
    diagnostic
}

fn help_for(language: Language) -> &'static str {
    match language {
        Language::Kotlin => "open once and keep it: one SQLiteOpenHelper (or Room database) per process, `writableDatabase` without `close()` after each use",
        Language::Swift => "open once and keep it: one `DatabaseQueue`/`DatabasePool`, `FMDatabaseQueue` or sqlite3 handle owned by a long-lived object",
        Language::Rust => "open once and keep it: hold the `Connection` in a long-lived struct (or use a pool such as r2d2/deadpool or sqlx's `SqlitePool`) and pass `&Connection` to each query",
        Language::Sql => "open the database once and keep the connection",
    }
}
