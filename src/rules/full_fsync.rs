use crate::catalog::{Op, SyncStrength};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::NodeKind;
use crate::rules::{Check, FileContext, FixAvailability, Rule};
use crate::source::Language;

pub const RULE: Rule = Rule {
    id: "full-fsync",
    severity: Severity::Hint,
    languages: &[Language::Rust, Language::Swift],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/full-fsync.md"),
    help: "when the goal is write ordering (data before the record that points to it), use `F_BARRIERFSYNC`: an fsync with an I/O barrier, far cheaper",
    check: Check::File(check),
};

fn check(ctx: &FileContext) -> Vec<Diagnostic> {
    ctx.ops
        .iter()
        .filter_map(|classified| {
            let Op::Fsync(strength @ (SyncStrength::Full | SyncStrength::StdOnApple)) =
                classified.op
            else {
                return None;
            };
            let NodeKind::Call(call) = &ctx.model.node(classified.node).kind else {
                return None;
            };
            let diagnostic = if strength == SyncStrength::StdOnApple {
                RULE.diagnostic(call.name_range.clone(),
                    format!(
                        "`{}` is F_FULLFSYNC on Apple platforms: the standard library flushes the drive's whole cache to permanent storage, including data that has nothing to do with this file",
                        call.name
                    ),
                )
                .help("when the goal is write ordering, call `libc::fcntl(file.as_raw_fd(), libc::F_BARRIERFSYNC)` instead: an fsync with an I/O barrier, far cheaper; `sync_data` is no cheaper here, std makes it F_FULLFSYNC too")
            } else {
                RULE.diagnostic(call.name_range.clone(),
                    "F_FULLFSYNC flushes the drive's whole cache to permanent storage, including data that has nothing to do with this file",
                )
            };
            Some(
                diagnostic
                .label("flushes the entire drive cache")
                .note("Apple's WWDC 2019 session 419 calls F_FULLFSYNC very expensive and its File Activity instrument reports it as suboptimal caching; the OS flushes its cache periodically anyway"),
            )
        })
        .collect()
}
