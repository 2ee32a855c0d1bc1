use crate::catalog::{Op, PrefsSyncWrite};
use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::model::NodeKind;
use crate::rules::{Check, FileContext, FixAvailability, Rule};
use crate::source::Language;

pub const RULE: Rule = Rule {
    id: "userdefaults-synchronize",
    severity: Severity::Warning,
    languages: &[Language::Swift],
    fix: FixAvailability::Sometimes,
    doc: include_str!("../../lints/userdefaults-synchronize.md"),
    help: "remove the call: UserDefaults saves changes on its own; to react to changes made elsewhere, observe `UserDefaults.didChangeNotification`",
    check: Check::File(check),
};

fn check(ctx: &FileContext) -> Vec<Diagnostic> {
    ctx.ops
        .iter()
        .filter(|classified| {
            matches!(
                classified.op,
                Op::PrefsSyncWrite(PrefsSyncWrite::Synchronize)
            )
        })
        .filter_map(|classified| {
            let NodeKind::Call(call) = &ctx.model.node(classified.node).kind else {
                return None;
            };
            let mut diagnostic = RULE.diagnostic(call.name_range.clone(),
                    "`synchronize()` is unnecessary: UserDefaults writes changes itself, and forcing it rewrites the defaults plist now, at about 12 KB of I/O for a small plist",
                )
                .label("forces a write of the whole plist")
                .note("Apple documents synchronize() as unneeded and planned for deprecation; in WWDC 2019 session 419 a 240-byte plist write cost 12 KB of I/O (about 2% efficiency)");
            // Safe: the call only forces a write UserDefaults makes anyway;
            // a result someone reads keeps the call.
            let statement = &ctx.model.node(classified.node).range;
            if crate::value_use::value_unused(ctx.model, &ctx.file.text, classified.node) {
                diagnostic.fix = super::delete_statement_fix(
                    &ctx.file.text,
                    statement,
                    "remove the `synchronize()` call",
                    Applicability::Safe,
                );
            }
            Some(diagnostic)
        })
        .collect()
}
