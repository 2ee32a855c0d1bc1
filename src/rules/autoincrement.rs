use crate::diagnostic::{Diagnostic, Severity};
use crate::lang::sql::SqlFactKind;
use crate::registry::{Check, FileContext, FixAvailability, Rule};
use crate::source::Language;

pub const RULE: Rule = Rule {
    id: "autoincrement",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin, Language::Sql],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/autoincrement.md"),
    help: "declare the column `INTEGER PRIMARY KEY` without AUTOINCREMENT: SQLite still assigns unique rowids; keep AUTOINCREMENT only if ids of deleted rows must never be reused",
    check: Check::File(check),
};

fn check(ctx: &FileContext) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for at in ctx.sql {
        let SqlFactKind::CreateTable(table) = &at.fact.kind else {
            continue;
        };
        for column in &table.columns {
            if let Some(keyword) = &column.autoincrement {
                diagnostics.push(
                    Diagnostic::new(
                        &RULE,
                        keyword.clone(),
                        format!(
                            "`{}.{}` is AUTOINCREMENT: every INSERT into `{}` also reads and updates the sqlite_sequence table, two tables written per insert",
                            table.name, column.name, table.name
                        ),
                    )
                    .label("makes every insert update sqlite_sequence")
                    .note("SQLite's documentation: AUTOINCREMENT imposes extra CPU, memory, disk space and disk I/O overhead and should be avoided if not strictly needed"),
                );
            }
        }
    }
    diagnostics
}
