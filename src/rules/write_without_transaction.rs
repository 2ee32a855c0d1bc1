use crate::catalog;
use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Group, Severity};
use crate::project::{CallRef, FunctionRef, Project};
use crate::rules;
use crate::rules::{matching, mentions, Check, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

pub const RULE: Rule = Rule {
    id: "write-without-transaction",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin],
    fix: FixAvailability::Sometimes,
    doc: include_str!("../../lints/write-without-transaction.md"),
    help:
        "wrap the whole loop in one transaction, so its writes share one journal write and one sync",
    check: Check::Project(check),
};

const NOTE: &str = "Apple measured 111 file-system operations, 12 physical writes and 72 KB with one transaction per DELETE, against 37, 4 and 24 KB with all of them in one transaction (WWDC 2019, session 419); RAT-TRAP measured 25-90% less energy and time for batched transactions";

fn check(project: &Project) -> Vec<(usize, Diagnostic)> {
    let mut findings = Vec::new();
    for (index, file) in project.files.iter().enumerate() {
        let language = file.source.language;
        if !RULE.languages.contains(&language) {
            continue;
        }
        // A loop is reported at its own writes; calls in it that write
        // through helpers add nothing a reader would act on separately.
        let mut loops_reported: Vec<ByteRange> = Vec::new();
        for write in &file.summary.writes {
            let Some(repeated) = &write.repeated else {
                continue;
            };
            if write.in_transaction
                || project.repeats_once(index, write.iterated_by)
                || project.in_helper_transaction(index, &write.handed_to, write.handle_from)
                || waits_elsewhere(project, index, write.loop_waits, &write.place.range)
                || held_by_callers(project, index, write.place.function)
            {
                continue;
            }
            loops_reported.push(repeated.clone());
            let mut finding = diagnostic(
                write.place.range.clone(),
                format!(
                    "`{}` runs once per iteration outside a transaction, so every row is its own transaction: its own journal writes and its own sync",
                    write.what
                ),
                repeated.clone(),
                language,
            );
            finding.fix =
                transaction_fix(&file.source.text, language, &write.place.range, repeated);
            rules::lower_in_one_shot_job(project, index, write.place.function, ONCE, &mut finding);
            findings.push((index, finding));
        }
        // Calls to DAO write methods (Room `@Insert fun add(note: Note)`) are writes too.
        for (c, call) in file.summary.calls.iter().enumerate() {
            let Some(repeated) = &call.repeated else {
                continue;
            };
            let already_a_write = file
                .summary
                .writes
                .iter()
                .any(|w| w.place.range == call.range);
            if call.in_transaction
                || project.repeats_once(index, call.iterated_by)
                || already_a_write
                || loops_reported.contains(repeated)
                || project.in_helper_transaction(index, &call.handed_to, call.handle_from)
                || waits_elsewhere(project, index, call.loop_waits, &call.range)
                || held_by_callers(project, index, call.caller)
            {
                continue;
            }
            let Some(what) = writes_through(project, (index, c)) else {
                continue;
            };
            let message = match what {
                Through::Helper(_) => {
                    format!(
                        "`{}` writes a row on every call and runs once per iteration outside a transaction, so every row is its own transaction: its own journal writes and its own sync",
                        call.callee
                    )
                }
                Through::Statement => format!(
                    "`{}` runs a write statement once per iteration outside a transaction, so every row is its own transaction: its own journal writes and its own sync",
                    call.callee
                ),
            };
            let rest = match what {
                Through::Helper(rest) => rest,
                Through::Statement => &[],
            };
            let chain = rules::full_chain(project, (index, c), rest);
            let message = if chain.len() > 1 {
                format!(
                    "{message} (through {})",
                    rules::chain_names(project, &chain)
                )
            } else {
                message
            };
            let mut finding = diagnostic(call.range.clone(), message, repeated.clone(), language)
                .related(rules::chain_related(project, &chain));
            rules::lower_in_one_shot_job(project, index, call.caller, ONCE, &mut finding);
            findings.push((index, finding));
        }
    }
    findings
}

/// How a call writes: through a project function that writes on every
/// call (the chain below it), or by handing a write statement to one
/// that executes it.
enum Through<'p> {
    Helper(&'p [(CallRef, FunctionRef)]),
    Statement,
}

/// Whether every project function the call reaches writes on every call.
fn writes_through<'p>(project: &'p Project, call: CallRef) -> Option<Through<'p>> {
    if project.hands_over_write(call) {
        return Some(Through::Statement);
    }
    let callees = project.callees(call);
    let chains: Vec<&[(CallRef, FunctionRef)]> = callees
        .iter()
        .map(|&f| project.writes_once(f).map(Vec::as_slice))
        .collect::<Option<_>>()?;
    chains.first().map(|chain| Through::Helper(chain))
}

/// Whether the loop's iterations wait on something other than storage
/// (a request, another process, a sleep), on any path and the writing
/// call included: an awaited call or a blocking wait that is not storage,
/// a call of a project `suspend`/`async` function doing no storage work,
/// or one that waits so itself. Such a loop is paced by what it waits on,
/// not by its commits, and a transaction around it would hold the
/// database's write lock across every wait.
fn waits_elsewhere(
    project: &Project,
    file: usize,
    loop_waits: Option<usize>,
    site: &ByteRange,
) -> bool {
    let calls = project.files[file].summary.loop_waits_of(loop_waits);
    calls.iter().any(|&call| {
        let callees = project.callees((file, call));
        let made = project.call((file, call));
        // An `await` written on a branch of its own (progress reported
        // every hundred rows) leaves the other iterations' commits back
        // to back; one every iteration runs with the write paces it.
        let awaited_with_site = (made.awaited.as_ref())
            .is_some_and(|block| block.start <= site.start && site.end <= block.end);
        // Kotlin writes no `await`: a call of `suspend` functions is one.
        let suspends = if catalog::awaits_are_written(project.files[file].source.language) {
            awaited_with_site
        } else {
            !callees.is_empty() && callees.iter().all(|&f| project.function(f).asynchronous)
        };
        let waits_for_other_work = suspends && callees.iter().all(|&f| !project.touches_storage(f));
        made.waits_elsewhere.is_some()
            || waits_for_other_work
            || callees.iter().any(|&f| project.waits_elsewhere(f))
    })
}

/// How a loop in a one-shot job is told (`rules::lower_in_one_shot_job`).
const ONCE: &str = "so the cost is paid once per upgrade or import, where one transaction would also make the job all-or-nothing";

fn held_by_callers(project: &Project, file: usize, function: Option<usize>) -> bool {
    function.is_some_and(|f| project.always_in_transaction((file, f)))
}

fn diagnostic(
    range: ByteRange,
    message: String,
    repeated: ByteRange,
    language: Language,
) -> Diagnostic {
    // One cause, one finding: the writes one loop repeats are one missing
    // transaction, reported at the first.
    let group = Group {
        key: format!("loop {}..{}", repeated.start, repeated.end),
        member_label: "also once per iteration".to_string(),
        summary: " (and {n} more writes in the same loop)".to_string(),
    };
    RULE.diagnostic(range, message)
        .label("one transaction per iteration")
        .secondary(repeated, "this loop has no transaction around it")
        .grouped(group)
        .note(NOTE)
        .help(help_for(language))
}

fn help_for(language: Language) -> &'static str {
    match language {
        Language::Kotlin => "batch the loop's writes in one transaction, so they share one journal write and one sync: `db.beginTransaction()` before it, `setTransactionSuccessful()` after it and `endTransaction()` in `finally` (or `db.transaction { }`, Room's `withTransaction { }`, a DAO method taking the whole list)",
        Language::Swift => "batch the loop's writes in one transaction, so they share one journal write and one sync: GRDB's `dbQueue.write { db in ... }`, FMDB's `queue.inTransaction { db, rollback in ... }`, SQLite.swift's `db.transaction { }`, or `BEGIN`/`COMMIT` around it",
        Language::Rust => "batch the loop's writes in one transaction, so they share one journal write and one sync: `let tx = conn.transaction()?;` before it, `tx.commit()?;` after it (sqlx: `pool.begin()` and `tx.commit()`)",
        Language::Sql => "wrap the statements in `BEGIN` ... `COMMIT`",
    }
}

/// The loop wrapped in its library's transaction, as a suggestion
/// (display-only: a transaction changes what a failure half-way leaves
/// behind, and the loop's body may need to see the transaction): for a loop
/// statement of its own (`for`, `while`, `xs.forEach {`) whose body holds
/// the write and no transaction of its own, where the write's connection is
/// named at the start of its statement.
fn transaction_fix(
    text: &str,
    language: Language,
    write: &ByteRange,
    keyword: &ByteRange,
) -> Option<Fix> {
    let loop_start = text[..keyword.start].rfind('\n').map_or(0, |i| i + 1);
    let before_keyword = &text[loop_start..keyword.start];
    let head = before_keyword.trim_start_matches([' ', '\t']);
    let indent = &before_keyword[..before_keyword.len() - head.len()];
    let plain_head = head
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    if !plain_head || (head.is_empty() == text[keyword.clone()].ends_with("forEach")) {
        return None;
    }
    let keyword_line_end = text[keyword.end..].find('\n')? + keyword.end;
    let open_brace = keyword.end + text[keyword.end..keyword_line_end].rfind('{')?;
    let close_brace = open_brace + 1 + matching(&text[open_brace + 1..], '}')?;
    let after = text[close_brace + 1..].split('\n').next()?;
    if !(after.trim().is_empty() && open_brace < write.start && write.end <= close_brace) {
        return None;
    }
    let loop_text = &text[loop_start..close_brace + 1];
    let code: String = loop_text
        .lines()
        .map(|line| line.split("//").next().unwrap_or(line).to_ascii_lowercase())
        .collect();
    if code.contains("transaction") || code.contains("begin") {
        return None;
    }
    let statement_start = text[..write.start].rfind('\n').map_or(0, |i| i + 1);
    let statement_end = text[write.end..]
        .find('\n')
        .map_or(text.len(), |i| write.end + i);
    let statement = text[statement_start..statement_end].trim_start();
    let statement = statement
        .strip_prefix("try ")
        .or_else(|| statement.strip_prefix("_ = "))
        .unwrap_or(statement);
    let newline = crate::rules::line_break_after(&text[..keyword_line_end]);
    let step = crate::rules::indent_step(indent);
    let lines = |parts: &[String]| {
        parts
            .iter()
            .map(|part| format!("{part}{newline}"))
            .collect::<String>()
    };
    let indented = || indent_lines(loop_text, step, newline);
    let (receiver, method) = receiver_call(statement)?;
    let (title, wrapped) = match (language, method) {
        (Language::Rust, _) if loop_text.contains("?;") && receiver != "tx" => {
            let body = renamed_receiver(loop_text, receiver, "tx");
            // The transaction borrows the connection for the whole loop.
            if mentions(&body, receiver) {
                return None;
            }
            (
                "run the loop in one rusqlite transaction",
                format!(
                    "{indent}let tx = {receiver}.transaction()?;{newline}{body}{newline}{indent}tx.commit()?;"
                ),
            )
        }
        (Language::Kotlin, _) => (
            "run the loop in one transaction",
            format!(
                "{}{}{}",
                lines(&[
                    format!("{indent}{receiver}.beginTransaction()"),
                    format!("{indent}try {{"),
                ]),
                indented(),
                lines(&[
                    format!("{indent}{step}{receiver}.setTransactionSuccessful()"),
                    format!("{indent}}} finally {{"),
                    format!("{indent}{step}{receiver}.endTransaction()"),
                ]) + indent
                    + "}"
            ),
        ),
        (Language::Swift, "executeUpdate") => (
            "run the loop in one FMDB transaction",
            format!(
                "{indent}{receiver}.beginTransaction(){newline}{loop_text}{newline}{indent}{receiver}.commit()"
            ),
        ),
        (Language::Swift, "sqlite3_exec") => (
            "run the loop between BEGIN and COMMIT",
            format!(
                "{indent}sqlite3_exec({receiver}, \"BEGIN\", nil, nil, nil){newline}{loop_text}{newline}{indent}sqlite3_exec({receiver}, \"COMMIT\", nil, nil, nil)"
            ),
        ),
        // GRDB's transaction closure is synchronous.
        (Language::Swift, "execute")
            if statement[receiver.len()..].starts_with(".execute(sql:")
                && !mentions(loop_text, "await") =>
        {
            (
            "run the loop in one GRDB transaction",
            format!(
                "{}{}{}",
                lines(&[format!("{indent}try {receiver}.inTransaction {{")]),
                indented(),
                lines(&[format!("{indent}{step}return .commit")]) + indent + "}"
            ),
        )
        }
        _ => return None,
    };
    Some(Fix {
        title: title.to_string(),
        edits: vec![Edit {
            range: loop_start..close_brace + 1,
            content: wrapped,
        }],
        applicability: Applicability::DisplayOnly,
    })
}

/// The connection and the method of a write statement: `conn.execute(`
/// gives `("conn", "execute")`, `self.db.insert(` `("self.db", "insert")`,
/// `sqlite3_exec(db, ` `("db", "sqlite3_exec")`.
fn receiver_call(statement: &str) -> Option<(&str, &str)> {
    let is_name = |part: &str| {
        !part.is_empty()
            && !part.starts_with(|c: char| c.is_ascii_digit())
            && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if let Some(arguments) = statement.strip_prefix("sqlite3_exec(") {
        let handle = arguments.split(',').next()?.trim();
        return handle
            .split('.')
            .all(is_name)
            .then_some((handle, "sqlite3_exec"));
    }
    let call = &statement[..statement.find('(')?];
    let (receiver, method) = call.rsplit_once('.')?;
    (receiver.split('.').all(is_name) && is_name(method)).then_some((receiver, method))
}

/// `text` with each of its non-blank lines one `step` further in.
fn indent_lines(text: &str, step: &str, newline: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| {
            if line.trim().is_empty() {
                line.to_string()
            } else {
                format!("{step}{line}")
            }
        })
        .collect::<String>()
        + newline
}

/// `text` with `receiver.` as a whole name replaced by `name.`.
fn renamed_receiver(text: &str, receiver: &str, name: &str) -> String {
    let pattern = format!("{receiver}.");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&pattern) {
        let whole = !rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
        out.push_str(&rest[..at]);
        out.push_str(if whole { name } else { receiver });
        out.push('.');
        rest = &rest[at + pattern.len()..];
    }
    out.push_str(rest);
    out
}
