//! One file per rule, named after its id. This module holds what every
//! rule declares about itself, the one list of rules, and the helpers
//! several rules share.

pub mod auto_vacuum_full;
pub mod autoincrement;
pub mod fsync_in_loop;
pub mod full_fsync;
pub mod full_vacuum;
pub mod journal_mode_not_wal;
pub mod missing_wal;
pub mod non_partial_index;
pub mod open_per_query;
pub mod plist_as_database;
pub mod prefs_commit;
pub mod redundant_index;
pub mod secure_delete_on;
pub mod synchronous_full_in_wal;
pub mod temp_file_churn;
pub mod userdefaults_synchronize;
pub mod write_without_transaction;

use crate::catalog::Classified;
use crate::diagnostic::Related;
use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
use crate::facts::SqlFactAt;
use crate::lang::sql::{CreateIndex, CreateTable, PragmaValue, SqlFact, SqlFactKind, TableChange};
use crate::model::{Model, HOLE};
use crate::project::{CallRef, FileEffect, FunctionRef, Project};
use crate::source::ByteRange;
use crate::source::{Language, SourceFile};

/// Everything a file rule may look at.
pub struct FileContext<'a> {
    pub file: &'a SourceFile,
    pub model: &'a Model,
    pub ops: &'a [Classified],
    pub sql: &'a [SqlFactAt],
}

/// Whether a rule can offer a fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixAvailability {
    Never,
    Sometimes,
    Always,
}

pub struct Rule {
    /// The public, stable name: kebab-case, used in output and suppressions.
    pub id: &'static str,
    pub severity: Severity,
    pub languages: &'static [Language],
    pub fix: FixAvailability,
    /// The rule's page, `lints/<id>.md`.
    pub doc: &'static str,
    /// The default "what to do instead" line of its diagnostics.
    pub help: &'static str,
    pub check: Check,
}

pub type FileCheck = fn(&FileContext) -> Vec<Diagnostic>;

/// Returns (file index in the project, diagnostic) pairs.
pub type ProjectCheck = fn(&Project) -> Vec<(usize, Diagnostic)>;

/// What a rule looks at: one file, or the facts of the whole project.
#[derive(Clone, Copy)]
pub enum Check {
    File(FileCheck),
    Project(ProjectCheck),
    /// Both: what one file shows (a sync in a loop), and what only the
    /// project shows (a loop calling a helper that syncs).
    FileAndProject(FileCheck, ProjectCheck),
}

impl Check {
    pub fn file(self) -> Option<FileCheck> {
        match self {
            Check::File(check) | Check::FileAndProject(check, _) => Some(check),
            Check::Project(_) => None,
        }
    }

    pub fn project(self) -> Option<ProjectCheck> {
        match self {
            Check::Project(check) | Check::FileAndProject(_, check) => Some(check),
            Check::File(_) => None,
        }
    }
}

impl Rule {
    /// A finding of this rule at `range`, with its severity and default help.
    pub fn diagnostic(&self, range: ByteRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.id, self.severity, self.help, range, message)
    }

    /// The first paragraph of the doc page: one sentence.
    pub fn summary(&self) -> String {
        doc_paragraphs(self.doc)
            .next()
            .unwrap_or_default()
            .replace('\n', " ")
    }

    /// The doc page as `storlint rule` prints it: after its summary, a line
    /// saying whether findings come with a fix (ruff's rule pages do the same).
    pub fn page(&self) -> String {
        let availability = match self.fix {
            FixAvailability::Never => "No fix is available: see Use instead.",
            FixAvailability::Sometimes => "A fix is sometimes available: see Fix.",
            FixAvailability::Always => "A fix is always available: see Fix.",
        };
        match self.doc.find("\n## ") {
            Some(first_section) => format!(
                "{}\n{availability}\n{}",
                &self.doc[..first_section],
                &self.doc[first_section..]
            ),
            None => format!("{}\n{availability}\n", self.doc),
        }
    }

    /// The text of one `## heading` section of the doc page.
    pub fn doc_section(&self, heading: &str) -> Option<String> {
        let marker = format!("## {heading}");
        let start = self.doc.find(&marker)? + marker.len();
        let rest = &self.doc[start..];
        let end = rest.find("\n## ").unwrap_or(rest.len());
        Some(rest[..end].trim().to_string())
    }
}

/// Paragraphs after the `# title` line.
fn doc_paragraphs(doc: &str) -> impl Iterator<Item = String> + '_ {
    doc.split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty() && !p.starts_with('#'))
        .map(str::to_string)
}

pub const RULES: &[&Rule] = &[
    &self::auto_vacuum_full::RULE,
    &self::autoincrement::RULE,
    &self::fsync_in_loop::RULE,
    &self::full_fsync::RULE,
    &self::full_vacuum::RULE,
    &self::journal_mode_not_wal::RULE,
    &self::missing_wal::RULE,
    &self::non_partial_index::RULE,
    &self::open_per_query::RULE,
    &self::plist_as_database::RULE,
    &self::prefs_commit::RULE,
    &self::redundant_index::RULE,
    &self::secure_delete_on::RULE,
    &self::synchronous_full_in_wal::RULE,
    &self::temp_file_churn::RULE,
    &self::userdefaults_synchronize::RULE,
    &self::write_without_transaction::RULE,
];

pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().copied().find(|r| r.id == id)
}

/// The value a fact sets pragma `name` to, unless it is only a query or an
/// interpolated value nobody can read statically.
pub(crate) fn pragma_set<'f>(fact: &'f SqlFact, name: &str) -> Option<&'f PragmaValue> {
    match &fact.kind {
        SqlFactKind::Pragma(pragma) if pragma.name == name => {
            pragma.value.as_ref().filter(|v| !v.is_hole)
        }
        _ => None,
    }
}

/// An index, table or generated key declared somewhere in the project.
pub(crate) struct Declared<T> {
    pub file: usize,
    pub item: T,
    /// The statement's first keyword (a declaration's annotation), in `file`.
    pub at: usize,
}

/// The schema the project's SQL leaves behind, replayed statement by
/// statement: files in project order (by path, which is how numbered
/// migrations sort) and statements in file order, then the indexes and keys
/// an API declares (Room's `@Entity`), which describe the current schema.
/// An index or table is identified by its name: defined again, the latest
/// definition counts; `DROP INDEX`, `DROP TABLE` end them, `ALTER TABLE`
/// renames a table (its indexes follow) or adds a column. A name with an
/// interpolated piece is unknown: it matches no other name, not even another
/// unknown one.
#[derive(Default)]
pub(crate) struct Schema {
    /// The live indexes, in the order of their latest definitions.
    pub indexes: Vec<Declared<CreateIndex>>,
    /// The live tables, in the order of their latest definitions, with the
    /// columns added since.
    pub tables: Vec<Declared<CreateTable>>,
    /// Room's `@PrimaryKey(autoGenerate = true)` declarations.
    pub generated_keys: Vec<Declared<GeneratedKey>>,
    /// The tables Room's `@Entity` classes declare: what their SQL
    /// definitions say is history.
    pub api_tables: Vec<String>,
}

pub(crate) struct GeneratedKey {
    pub table: String,
    pub column: String,
    /// The whole declaration, in the file.
    pub range: ByteRange,
}

/// Whether two schema names are known to be the same object: SQLite names
/// are case-insensitive, and a name with a hole is nobody's.
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    !a.contains(HOLE) && !b.contains(HOLE) && a.eq_ignore_ascii_case(b)
}

/// A schema name for a message: an interpolated piece shows as `…`.
pub(crate) fn shown(name: &str) -> String {
    name.replace(HOLE, "…")
}

impl Schema {
    /// Whether an API (Room's `@Entity`) declares the table.
    pub(crate) fn declared_by_api(&self, table: &str) -> bool {
        self.api_tables.iter().any(|t| same_name(t, table))
    }

    pub(crate) fn table(&self, name: &str) -> Option<&Declared<CreateTable>> {
        self.tables.iter().find(|t| same_name(&t.item.name, name))
    }

    fn define_index(&mut self, index: Declared<CreateIndex>) {
        let name = index.item.name.clone();
        let exists = self.indexes.iter().any(|i| same_name(&i.item.name, &name));
        if index.item.if_not_exists && exists {
            return;
        }
        self.indexes.retain(|i| !same_name(&i.item.name, &name));
        self.indexes.push(index);
    }

    fn apply(&mut self, file: usize, fact: &SqlFact) {
        let at = fact.keyword_range.start;
        match &fact.kind {
            SqlFactKind::CreateIndex(item) => self.define_index(Declared {
                file,
                item: item.clone(),
                at,
            }),
            SqlFactKind::CreateTable(item) => {
                self.tables.retain(|t| !same_name(&t.item.name, &item.name));
                self.tables.push(Declared {
                    file,
                    item: item.clone(),
                    at,
                });
            }
            SqlFactKind::DropIndex { name } => {
                self.indexes.retain(|i| !same_name(&i.item.name, name));
            }
            SqlFactKind::DropTable { name } => {
                self.tables.retain(|t| !same_name(&t.item.name, name));
                self.indexes.retain(|i| !same_name(&i.item.table, name));
            }
            SqlFactKind::AlterTable {
                table,
                change: TableChange::RenameTo(new_name),
            } => {
                self.tables.retain(|t| !same_name(&t.item.name, new_name));
                for declared in &mut self.tables {
                    if same_name(&declared.item.name, table) {
                        declared.item.name = new_name.clone();
                    }
                }
                for index in &mut self.indexes {
                    if same_name(&index.item.table, table) {
                        index.item.table = new_name.clone();
                    }
                }
            }
            SqlFactKind::AlterTable {
                table,
                change: TableChange::AddColumn(column),
            } => {
                if let Some(declared) = self
                    .tables
                    .iter_mut()
                    .find(|t| same_name(&t.item.name, table))
                {
                    let columns = &mut declared.item.columns;
                    columns.retain(|c| !c.name.eq_ignore_ascii_case(&column.name));
                    columns.push(column.clone());
                    if column.references {
                        declared.item.foreign_key_columns.push(column.name.clone());
                    }
                }
            }
            SqlFactKind::TableDecl { table } => self.api_tables.push(table.clone()),
            SqlFactKind::GeneratedKey { table, column } => self.generated_keys.push(Declared {
                file,
                item: GeneratedKey {
                    table: table.clone(),
                    column: column.clone(),
                    range: fact.statement_range.clone(),
                },
                at,
            }),
            _ => {}
        }
    }
}

/// The project's schema after every statement has run (see `Schema`).
pub(crate) fn schema(project: &Project) -> Schema {
    let facts = project.sql_history();
    let declared_by_api = |fact: &SqlFact| match &fact.kind {
        SqlFactKind::CreateIndex(index) => index.declared_by_api,
        SqlFactKind::GeneratedKey { .. } | SqlFactKind::TableDecl { .. } => true,
        _ => false,
    };
    let mut schema = Schema::default();
    let (declarations, statements): (Vec<_>, Vec<_>) = facts
        .into_iter()
        .partition(|(_, fact)| declared_by_api(fact));
    for (file, fact) in statements.into_iter().chain(declarations) {
        schema.apply(file, fact);
    }
    schema
}

/// The line break a line uses, given the text up to the end of its content:
/// an inserted line ends the same way.
pub(crate) fn line_break_after(line: &str) -> &'static str {
    if line.ends_with('\r') {
        "\r\n"
    } else {
        "\n"
    }
}

/// One more level of indentation, in the style (tabs or spaces) of `indent`.
pub(crate) fn indent_step(indent: &str) -> &'static str {
    if indent.starts_with('\t') {
        "\t"
    } else {
        "    "
    }
}

/// `path:line` of a range in a project file, for messages that point elsewhere.
pub(crate) fn location(project: &Project, file: usize, offset: usize) -> String {
    let source = project.files[file].source;
    format!("{}:{}", source.display, source.line_col(offset).0)
}

/// The chain through the project's functions that a call site reaches an
/// operation by, as related locations: each further call on the way
/// ("calls `executeStatements`"), then where the last function is declared.
pub(crate) fn chain_related(project: &Project, chain: &[(CallRef, FunctionRef)]) -> Vec<Related> {
    let mut related: Vec<Related> = chain
        .iter()
        .skip(1)
        .map(|&((file, call), function)| {
            Related::new(
                project.files[file].source,
                project.call((file, call)).range.clone(),
                format!("through `{}`", project.function(function).name),
            )
        })
        .collect();
    if let Some(&(_, (file, last))) = chain.last() {
        let function = project.function((file, last));
        related.push(Related::new(
            project.files[file].source,
            function.name_range.clone(),
            format!("`{}` is declared here", function.name),
        ));
    }
    related
}

/// The chain down to a file write as related locations, ending at the
/// write itself (`what`: "syncs here").
pub(crate) fn effect_related(
    project: &Project,
    call: CallRef,
    effect: &FileEffect,
    what: &str,
) -> Vec<Related> {
    let mut related = chain_related(project, &full_chain(project, call, &effect.chain));
    let site = project.file_write(effect);
    related.push(Related::new(
        project.files[effect.site.0].source,
        site.place.range.clone(),
        format!("`{}` {what}", site.what),
    ));
    related
}

/// The chain from a call site down: the function it reaches, then `rest`.
pub(crate) fn full_chain(
    project: &Project,
    call: CallRef,
    rest: &[(CallRef, FunctionRef)],
) -> Vec<(CallRef, FunctionRef)> {
    let mut chain: Vec<(CallRef, FunctionRef)> = project
        .callees(call)
        .first()
        .map(|&callee| (call, callee))
        .into_iter()
        .collect();
    chain.extend(rest.iter().copied());
    chain
}

/// ", through `a` → `b`" when a call reaches an operation through more
/// than the function it calls; nothing otherwise.
pub(crate) fn through(project: &Project, call: CallRef, rest: &[(CallRef, FunctionRef)]) -> String {
    let chain = full_chain(project, call, rest);
    if chain.len() > 1 {
        format!(", through {}", chain_names(project, &chain))
    } else {
        String::new()
    }
}

/// "`a` → `b`": the functions of a chain, for a message.
pub(crate) fn chain_names(project: &Project, chain: &[(CallRef, FunctionRef)]) -> String {
    chain
        .iter()
        .map(|&(_, function)| format!("`{}`", project.function(function).name))
        .collect::<Vec<_>>()
        .join(" → ")
}

pub(crate) use crate::iteration::mentions_varying;
pub(crate) use crate::model::{repetition, Repetition};

/// What a pragma is set to instead, as SQL spells it (`NORMAL`) and as a
/// number where SQLite has one (`1`).
pub(crate) struct NewValue {
    pub word: &'static str,
    pub number: Option<&'static str>,
}

/// A fix setting a pragma's value to `new`, edited where the source spells
/// the value: a word, number or quoted string written out as SQL reads it
/// (the fact's range maps through the string's escapes, so a value the
/// source does not spell byte for byte, escaped, split or interpolated,
/// gets no fix), or the last name of a typed API's value
/// (`SqliteJournalMode::Delete`, `JournalMode.TRUNCATE`, `.delete`), in
/// that API's spelling.
pub(crate) fn pragma_value_fix(
    text: &str,
    value: &PragmaValue,
    new: &NewValue,
    title: &str,
    applicability: Applicability,
) -> Option<Fix> {
    if value.is_hole {
        return None;
    }
    let written = text.get(value.range.clone())?;
    let as_sql = |spelled: &str| {
        if spelled.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
            new.number.unwrap_or(new.word).to_string()
        } else if spelled.chars().all(|c| !c.is_ascii_uppercase()) {
            new.word.to_ascii_lowercase()
        } else {
            new.word.to_string()
        }
    };
    let edit = if written == value.text {
        Edit {
            range: value.range.clone(),
            content: as_sql(written),
        }
    } else if let Some(quote) = ['\'', '"']
        .into_iter()
        .find(|&q| written.len() >= 2 && written.starts_with(q) && written.ends_with(q))
        .filter(|&q| written[1..written.len() - 1] == value.text && !value.text.contains(q))
    {
        Edit {
            range: value.range.clone(),
            content: format!("{quote}{}{quote}", as_sql(&value.text)),
        }
    } else {
        api_value_edit(written, value, new)?
    };
    Some(Fix {
        title: title.to_string(),
        edits: vec![edit],
        applicability,
    })
}

/// `SqliteJournalMode::Delete` -> `SqliteJournalMode::Wal`: the value's
/// last name, in the case its API uses (Room's `SCREAMING_CASE`, where WAL
/// is `WRITE_AHEAD_LOGGING`; sqlx's `CamelCase`; Swift's `lowercase`).
fn api_value_edit(written: &str, value: &PragmaValue, new: &NewValue) -> Option<Edit> {
    let is_name_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if !written
        .chars()
        .all(|c| is_name_char(c) || c.is_whitespace() || matches!(c, '.' | ':' | '='))
    {
        return None;
    }
    let name_start = written
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_name_char(*c))
        .last()?
        .0;
    let name = &written[name_start..];
    if !name.eq_ignore_ascii_case(&value.text) {
        return None;
    }
    let content = if name.chars().all(|c| !c.is_ascii_lowercase()) {
        match new.word {
            "WAL" => "WRITE_AHEAD_LOGGING".to_string(),
            word => word.to_string(),
        }
    } else if name.chars().all(|c| !c.is_ascii_uppercase()) {
        new.word.to_ascii_lowercase()
    } else {
        let lower = new.word.to_ascii_lowercase();
        lower[..1].to_ascii_uppercase() + &lower[1..]
    };
    let start = value.range.start + name_start;
    Some(Edit {
        range: start..value.range.end,
        content,
    })
}

/// A fix deleting the statement `range` where it stands alone on its line:
/// the whole line goes, or, before a trailing comment, the statement and
/// the space after it (the comment stays). Elsewhere (several statements on
/// a line, part of an expression), no fix.
pub(crate) fn delete_statement_fix(
    text: &str,
    range: &ByteRange,
    title: &str,
    applicability: Applicability,
) -> Option<Fix> {
    let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    if !text[line_start..range.start].trim().is_empty() {
        return None;
    }
    let line_end = text[range.end..]
        .find('\n')
        .map_or(text.len(), |i| range.end + i + 1);
    let rest = &text[range.end..line_end];
    let after_statement = rest.trim_start_matches([' ', '\t']);
    let after_statement = after_statement.strip_prefix(';').unwrap_or(after_statement);
    let trailing = after_statement.trim_start_matches([' ', '\t']);
    let edit_range = if trailing.trim().is_empty() {
        line_start..line_end
    } else if trailing.starts_with("//") {
        range.start..line_end - trailing.len()
    } else {
        return None;
    };
    Some(Fix {
        title: title.to_string(),
        edits: vec![Edit {
            range: edit_range,
            content: String::new(),
        }],
        applicability,
    })
}

/// Whether `name` occurs in `text` as a whole name.
pub(crate) fn mentions(text: &str, name: &str) -> bool {
    let is_name_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name).any(|(at, _)| {
        !text[..at].chars().next_back().is_some_and(is_name_char)
            && !text[at + name.len()..]
                .chars()
                .next()
                .is_some_and(is_name_char)
    })
}

/// The offset in `text` of the `close` bracket matching an opening one just
/// before `text`, past plain strings and line comments; `None` where a
/// bracket could hide in something else (an interpolation, a raw or
/// multi-line string, a block comment, a character literal).
pub(crate) fn matching(text: &str, close: char) -> Option<usize> {
    let mut depth = 0usize;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                if chars.peek().is_some_and(|&(_, next)| next == '"') {
                    // `""` or the start of `"""`.
                    chars.next();
                    if chars.peek().is_some_and(|&(_, next)| next == '"') {
                        return None;
                    }
                    continue;
                }
                loop {
                    match chars.next()?.1 {
                        '"' => break,
                        // The escaped character is consumed here; `\(` opens a
                        // Swift interpolation.
                        '\\' if chars.next()?.1 == '(' => return None,
                        '$' if chars.peek().is_some_and(|&(_, next)| next == '{') => return None,
                        '\n' => return None,
                        _ => {}
                    }
                }
            }
            '/' if chars.peek().is_some_and(|&(_, next)| next == '/') => {
                chars.find(|&(_, c)| c == '\n')?;
            }
            '/' if chars.peek().is_some_and(|&(_, next)| next == '*') => return None,
            '\'' | '`' | '#' => return None,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return (c == close).then_some(i),
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Lowers `finding` to a hint when `function` (of file `file`) belongs to a
/// job that runs once (an upgrade step, an import; `Project::one_shot_job`):
/// the cost is real but paid once. `consequence` finishes the message
/// (`so the cost is paid once per upgrade`).
pub(crate) fn lower_in_one_shot_job(
    project: &Project,
    file: usize,
    function: Option<usize>,
    consequence: &str,
    finding: &mut Diagnostic,
) {
    let Some(function) = function.filter(|&f| project.one_shot_job((file, f))) else {
        return;
    };
    finding.severity = Severity::Hint;
    finding.message = format!(
        "{}; it is part of a one-shot job (`{}`), {consequence}",
        finding.message,
        project.function((file, function)).name
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolated_names_match_nothing_and_show_as_an_ellipsis() {
        assert!(!same_name(HOLE, HOLE));
        let partly = format!("history_{HOLE}");
        assert!(!same_name(&partly, &partly));
        assert!(same_name("Notes", "notes"));
        assert_eq!(shown(&partly), "history_…");
    }
}
