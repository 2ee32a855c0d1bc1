use crate::catalog::{Op, SyncStrength};
use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
use crate::model::NodeKind;
use crate::rules::{Check, FileContext, FixAvailability, Rule};
use crate::source::Language;

pub const RULE: Rule = Rule {
    id: "full-fsync",
    severity: Severity::Hint,
    languages: &[Language::Rust, Language::Swift],
    fix: FixAvailability::Sometimes,
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
            let fix = (strength == SyncStrength::Full)
                .then(|| barrier_fix(ctx.file, call))
                .flatten();
            Some(
                Diagnostic { fix, ..diagnostic }
                .label("flushes the entire drive cache")
                .note("Apple's WWDC 2019 session 419 calls F_FULLFSYNC very expensive and its File Activity instrument reports it as suboptimal caching; the OS flushes its cache periodically anyway"),
            )
        })
        .collect()
}

/// `F_FULLFSYNC` -> `F_BARRIERFSYNC` where the argument names the constant
/// itself (Swift's `F_FULLFSYNC`, Rust's `libc::F_FULLFSYNC`): a wrapper's
/// own spelling (nix's `FcntlArg`) may have no barrier variant, and a
/// constant imported by name would need its import changed too. Unsafe: a barrier orders
/// writes and does not make them durable against power loss.
fn barrier_fix(file: &crate::source::SourceFile, call: &crate::model::Call) -> Option<Fix> {
    const FULL: &str = "F_FULLFSYNC";
    let argument = call.args.iter().find_map(|arg| {
        let written = file.text.get(arg.range.clone())?.trim_end();
        let path = written.strip_suffix(FULL)?.trim();
        let names_the_constant = match file.language {
            Language::Swift => path.is_empty(),
            _ => path == "libc::",
        };
        names_the_constant.then(|| {
            let start = arg.range.start + written.len() - FULL.len();
            start..start + FULL.len()
        })
    })?;
    Some(Fix {
        title: "use F_BARRIERFSYNC (orders the writes without flushing the whole drive cache)"
            .to_string(),
        edits: vec![Edit {
            range: argument,
            content: "F_BARRIERFSYNC".to_string(),
        }],
        applicability: Applicability::Unsafe,
    })
}
