use std::collections::HashSet;

use crate::catalog;
use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
use crate::project::{OpenSite, Project};
use crate::rules::{matching, Check, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

pub const RULE: Rule = Rule {
    id: "missing-wal",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin],
    fix: FixAvailability::Sometimes,
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
                || open.only_reads
                || open.in_memory
                // An explicit rollback journal is `journal-mode-not-wal`'s finding.
                || project.journal_mode_chosen(index, &open.place)
                || open_database_is_in_wal(language, open, &databases_in_wal)
                || project.delegates_to_overload(index, open)
                || project.delegates_to_super(index, open)
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
            let mut diagnostic = diagnostic;
            diagnostic.fix = wal_fix(&file.source.text, language, open);
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

/// The WAL setting inserted where this open configures its connection, in
/// its library's idiom: unsafe, since WAL changes behaviour (two more files
/// beside the database, no use on read-only media, readers that see a
/// snapshot). Only for shapes where the place is plain: the open bound to a
/// name, stored in a place (or guarded) in a statement of its own, the
/// setting on the next line with the statement's indentation; a class
/// extending `SQLiteOpenHelper` gets an `init` block; an Android open that
/// no statement binds gets the setting chained on with `also`. Anything
/// else gets no fix.
fn wal_fix(text: &str, language: Language, open: &OpenSite) -> Option<Fix> {
    let callee = &open.place.range;
    let (range, content) = match (language, text.get(callee.clone())?) {
        (Language::Kotlin, "SQLiteOpenHelper") => helper_init(text, callee)?,
        (Language::Kotlin, api @ ("openDatabase" | "openOrCreateDatabase")) => {
            next_line_setting(text, language, api, open).or_else(|| kotlin_also(text, callee))?
        }
        (_, api) => next_line_setting(text, language, api, open)?,
    };
    Some(Fix {
        title: "enable WAL right after the open (changes durability and adds -wal/-shm files)"
            .to_string(),
        edits: vec![Edit { range, content }],
        applicability: Applicability::Unsafe,
    })
}

/// Kotlin's opens that no statement binds (a property's initializer, an
/// expression body, a call's argument, an assignment): the setting chained
/// on the opened database with `also`, `?.also` after a safe call.
fn kotlin_also(text: &str, callee: &ByteRange) -> Option<(ByteRange, String)> {
    let rest = text[callee.end..].strip_prefix('(')?;
    let close = callee.end + 1 + matching(rest, ')')?;
    let chain = if text[..callee.start].ends_with("?.") {
        "?."
    } else {
        "."
    };
    Some((
        close + 1..close + 1,
        format!("{chain}also {{ it.enableWriteAheadLogging() }}"),
    ))
}

/// The setting as a statement on the line after the open's own.
fn next_line_setting(
    text: &str,
    language: Language,
    api: &str,
    open: &OpenSite,
) -> Option<(ByteRange, String)> {
    // A statement after the open needs a function body to stand in.
    open.place.function?;
    let statement = Statement::around(text, &open.place.range, language)?;
    let setting = match (language, api) {
        (Language::Rust, "open" | "open_with_flags") => rusqlite_setting(&statement)?,
        (Language::Kotlin, "openDatabase" | "openOrCreateDatabase") => {
            let name = statement.bound_name(&["val ", "var "])?;
            (statement.tail.is_empty() || statement.tail == "!!")
                .then(|| format!("{name}.enableWriteAheadLogging()"))?
        }
        (Language::Swift, "sqlite3_open" | "sqlite3_open_v2") => sqlite3_setting(&statement)?,
        (Language::Swift, "FMDatabaseQueue") => {
            let name = statement.bound_name(&["let ", "var "])?;
            let access = match statement.tail {
                "!" => ".",
                "" => "?.",
                _ => return None,
            };
            format!(
                "{name}{access}inDatabase {{ db in db.executeStatements(\"PRAGMA journal_mode=WAL\") }}"
            )
        }
        (Language::Swift, "FMDatabase") => return fmdb_after_open(text, &statement),
        (Language::Swift, "DatabaseQueue") => grdb_setting(&statement)?,
        _ => return None,
    };
    let line = format!("{}{setting}{}", statement.indent, statement.newline);
    Some((statement.next_line..statement.next_line, line))
}

/// FMDB: `let db = FMDatabase(path: p)` opens nothing yet; the pragma goes
/// after the `db.open()` that follows in the same block, when that is a
/// statement of its own or a one-line `guard db.open() else { .. }`.
fn fmdb_after_open(text: &str, statement: &Statement) -> Option<(ByteRange, String)> {
    let name = statement.bound_name(&["let ", "var "])?;
    if !statement.tail.is_empty() {
        return None;
    }
    let opened = format!("{name}.open()");
    let tried = format!("try {opened}");
    let guarded = format!("guard {opened} else {{");
    let mut line_start = statement.next_line;
    for line in text[statement.next_line..].split_inclusive('\n') {
        let code = line.trim_end();
        let indent = &code[..code.len() - code.trim_start().len()];
        let code = code.trim_start();
        // Leaving the block (or reaching the end) before any open: no fix.
        if !code.is_empty() && indent.len() < statement.indent.len() {
            return None;
        }
        let opens_here = code == opened
            || code == tried
            || (code.starts_with(&guarded) && code.ends_with('}') && balanced(code));
        if opens_here && indent == statement.indent {
            let next_line = line_start + line.len();
            let setting = format!(
                "{indent}{name}.executeStatements(\"PRAGMA journal_mode=WAL\"){}",
                statement.newline
            );
            return line
                .ends_with('\n')
                .then_some((next_line..next_line, setting));
        }
        if crate::rules::mentions(code, name) {
            // Used (or handed on) before it is opened here: the place is not plain.
            return None;
        }
        line_start += line.len();
    }
    None
}

/// rusqlite: `let conn = Connection::open(path)?;` gets
/// `conn.pragma_update(None, "journal_mode", "WAL")?;`, with the open's own
/// error handling when it is `?` or `.unwrap()` (other handling, such as a
/// message for the open's failure, would not fit the pragma).
fn rusqlite_setting(statement: &Statement) -> Option<String> {
    let name = statement
        .bound_name(&["let mut ", "let "])
        .or_else(|| statement.assigned_place())?;
    let path = statement.head.rsplit_once(" = ")?.1;
    if !matches!(path, "Connection::" | "rusqlite::Connection::") {
        return None;
    }
    let handling = match statement.tail {
        "?;" => "?",
        ".unwrap();" => ".unwrap()",
        _ => return None,
    };
    Some(format!(
        "{name}.pragma_update(None, \"journal_mode\", \"WAL\"){handling};"
    ))
}

/// GRDB: `let dbQueue = try DatabaseQueue(path: p)` gets the pragma run
/// through the queue, outside any transaction, with the open's own `try`
/// (a `try?` or `try!` open would need the setting to handle its failure
/// another way). `DatabasePool`, GRDB's WAL connection, is another type:
/// switching to it would change the declarations the queue flows into.
fn grdb_setting(statement: &Statement) -> Option<String> {
    let name = statement.bound_name(&["let ", "var "])?;
    let opened = statement.head.rsplit_once(" = ")?.1;
    (opened == "try " && statement.tail.is_empty()).then(|| {
        format!(
            "try {name}.inDatabase {{ db in try db.execute(sql: \"PRAGMA journal_mode=WAL\") }}"
        )
    })
}

/// `sqlite3_open(path, &db)` as a statement, bound, or in a one-line
/// `guard ... == SQLITE_OK else { ... }`: `sqlite3_exec(db, ...)` after it.
fn sqlite3_setting(statement: &Statement) -> Option<String> {
    let guarded = statement.head == "guard "
        && statement.tail.starts_with(" == SQLITE_OK else {")
        && statement.tail.ends_with('}');
    let plain = statement.tail.is_empty()
        && (statement.head.is_empty() || statement.bound_name(&["let ", "var "]).is_some());
    if !guarded && !plain {
        return None;
    }
    let handle = statement.arguments.get(1)?.strip_prefix('&')?;
    let is_name = |part: &str| {
        !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if !handle.split('.').all(is_name) {
        return None;
    }
    Some(format!(
        "sqlite3_exec({handle}, \"PRAGMA journal_mode=WAL\", nil, nil, nil)"
    ))
}

/// The statement an open's call stands in, read from its text.
struct Statement<'t> {
    /// The line's leading whitespace.
    indent: &'t str,
    /// From the indentation to the callee (`let conn = Connection::`).
    head: &'t str,
    /// The call's arguments as written, split at top-level commas.
    arguments: Vec<&'t str>,
    /// From the call's closing parenthesis to the statement's end
    /// (`?;`, `!`, ` == SQLITE_OK else { return nil }`).
    tail: &'t str,
    /// Where the line after the statement starts.
    next_line: usize,
    /// The line ending to insert with (`\n` or `\r\n`).
    newline: &'static str,
}

impl<'t> Statement<'t> {
    /// The statement starting on the callee's line, when it ends on a line
    /// of its own (after it, at most a `//` comment) and its call's
    /// parentheses and any braces balance without strings in the way.
    fn around(text: &'t str, callee: &ByteRange, language: Language) -> Option<Statement<'t>> {
        let line_start = text[..callee.start].rfind('\n').map_or(0, |i| i + 1);
        let line = &text[line_start..callee.start];
        let head = line.trim_start_matches([' ', '\t']);
        let indent = &line[..line.len() - head.len()];
        let rest = &text[callee.end..];
        let rest = rest.strip_prefix('(')?;
        let close = matching(rest, ')')?;
        let arguments = split_top_level(&rest[..close]);
        let after_call = &rest[close + 1..];
        let line_end = after_call.find('\n')?;
        let on_line = after_call[..line_end].trim_end_matches('\r');
        let tail = match on_line.find("//") {
            Some(comment) => &on_line[..comment],
            None => on_line,
        }
        .trim_end();
        if tail.contains(['"', '\'', '/']) || !balanced(tail) {
            return None;
        }
        if language == Language::Rust && !tail.ends_with(';') {
            return None;
        }
        let next_line = callee.end + 1 + close + 1 + line_end + 1;
        // A statement that goes on on the next line (a chained call, an
        // operator) has no plain end.
        let continued = text[next_line..]
            .trim_start()
            .starts_with(['.', '?', ':', '&', '|', '+']);
        if continued {
            return None;
        }
        let newline = crate::rules::line_break_after(&after_call[..line_end]);
        Some(Statement {
            indent,
            head,
            arguments,
            tail,
            next_line,
            newline,
        })
    }

    /// The name a `let`/`val` binding gives the call's result: the head is
    /// `<keyword><name>[: Type] = ` and, after it, the callee's receiver.
    fn bound_name(&self, keywords: &[&str]) -> Option<&'t str> {
        let after = keywords
            .iter()
            .find_map(|keyword| self.head.strip_prefix(keyword))?;
        let (binding, _) = after.split_once(" = ")?;
        let name = binding.split(':').next()?.trim();
        (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .then_some(name)
    }

    /// The place a plain assignment stores the call's result in:
    /// `self.conn = Connection::open(..)?;` gives `self.conn`.
    fn assigned_place(&self) -> Option<&'t str> {
        let (place, _) = self.head.split_once(" = ")?;
        let is_name = |part: &str| {
            part.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        place.split('.').all(is_name).then_some(place)
    }
}

fn balanced(text: &str) -> bool {
    let mut depth = 0isize;
    for c in text.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(text[start..].trim());
    parts
}

/// A class extending `SQLiteOpenHelper` whose body is open on the header's
/// last line and says nothing of write-ahead logging: an `init` block
/// enabling it, first in the body, indented as its first member.
fn helper_init(text: &str, supertype: &ByteRange) -> Option<(ByteRange, String)> {
    let rest = text[supertype.end..].strip_prefix('(')?;
    let close = matching(rest, ')')?;
    let after_call = &rest[close + 1..];
    let line_end = after_call.find('\n')?;
    let on_line = after_call[..line_end].trim_end_matches('\r');
    let on_line = on_line.split("//").next()?.trim();
    if on_line != "{" {
        return None;
    }
    let body_start = supertype.end + 1 + close + 1 + line_end + 1;
    let body_end = body_start + matching(&text[body_start..], '}')?;
    let body = &text[body_start..body_end];
    if body.contains("WriteAheadLogging") || body.contains("journal_mode") {
        return None;
    }
    let first_member = body.lines().find(|line| !line.trim().is_empty())?;
    let indent = &first_member[..first_member.len() - first_member.trim_start().len()];
    if indent.is_empty() {
        return None;
    }
    let newline = crate::rules::line_break_after(&after_call[..line_end]);
    let step = crate::rules::indent_step(indent);
    let block = format!(
        "{indent}init {{{newline}{indent}{step}setWriteAheadLoggingEnabled(true){newline}{indent}}}{newline}"
    );
    let blank_first = body.starts_with(newline) || body.starts_with('\n');
    let content = if blank_first {
        format!("{newline}{block}")
    } else {
        format!("{block}{newline}")
    };
    Some((body_start..body_start, content))
}
