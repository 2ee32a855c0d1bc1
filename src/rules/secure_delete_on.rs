use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::rules::{Check, FileContext, FixAvailability, NewValue, Rule};
use crate::source::Language;

pub const RULE: Rule = Rule {
    id: "secure-delete-on",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin, Language::Sql],
    fix: FixAvailability::Sometimes,
    doc: include_str!("../../lints/secure-delete-on.md"),
    help: "use `PRAGMA secure_delete = FAST`: deleted content is still zeroed, without extra writes when it shares a page already being written",
    check: Check::File(check),
};

fn check(ctx: &FileContext) -> Vec<Diagnostic> {
    ctx.sql
        .iter()
        .filter_map(|at| super::pragma_set(&at.fact, "secure_delete"))
        .filter(|value| matches!(value.text.to_ascii_uppercase().as_str(), "ON" | "1" | "TRUE" | "YES"))
        .map(|value| {
            let mut diagnostic = RULE.diagnostic(value.range.clone(),
                "secure_delete=ON overwrites every deleted byte with zeros, an extra write for each page that frees content",
            )
            .label("always overwrites deleted content")
            .note("FAST zeroes deleted content only on pages that are written anyway, at no extra I/O; it is the default on iOS 13 and later");
            // Unsafe: freed content may stay in the file's free pages.
            diagnostic.fix = super::pragma_value_fix(
                &ctx.file.text,
                value,
                &NewValue {
                    word: "FAST",
                    number: None,
                },
                "set secure_delete to FAST (deleted content is still zeroed, except on freelist pages)",
                Applicability::Unsafe,
            );
            diagnostic
        })
        .collect()
}
