use crate::catalog::{Op, SyncStrength};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::NodeKind;
use crate::project::{FileWriteKind, Project};
use crate::rules::{self, Check, FileContext, FixAvailability, Rule};
use crate::source::Language;

pub const RULE: Rule = Rule {
    id: "fsync-in-loop",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/fsync-in-loop.md"),
    help: "write everything first and sync once after the loop, or not at all where the OS's periodic flush is enough",
    check: Check::FileAndProject(check, through_helpers),
};

fn check(ctx: &FileContext) -> Vec<Diagnostic> {
    ctx.ops
        .iter()
        .filter_map(|classified| match &classified.op {
            Op::Fsync(strength) => Some((classified.node, *strength)),
            _ => None,
        })
        .filter_map(|(call, strength)| {
            let repeats = super::repetition(ctx.model, &ctx.file.text, call)?;
            let NodeKind::Call(c) = &ctx.model.node(call).kind else {
                return None;
            };
            // `File::open(entry.path())?.sync_all()` for each directory entry:
            // every iteration syncs another file, once, and each file needs its
            // own sync. Not F_FULLFSYNC: each one flushes the whole drive, so
            // one after the loop covers every file.
            let handle = ctx
                .file
                .text
                .get(ctx.model.node(call).range.clone())
                .unwrap_or_default();
            if strength != SyncStrength::Full
                && super::mentions_varying(ctx.model, &ctx.file.text, &repeats, handle)
            {
                return None;
            }
            Some(
                RULE.diagnostic(
                    c.name_range.clone(),
                    format!(
                        "`{}` syncs on every iteration: {}, and each iteration waits for the drive",
                        c.name,
                        cost(strength)
                    ),
                )
                .label("syncs once per iteration")
                .note(NOTE)
                .secondary(repeats.label, "inside this loop"),
            )
        })
        .collect()
}

const NOTE: &str = "a sync defeats the OS cache, which would otherwise absorb repeated writes; Apple's File Activity instrument reports it as suboptimal caching (WWDC 2019, session 419)";

fn cost(strength: SyncStrength) -> &'static str {
    match strength {
        SyncStrength::Full => "F_FULLFSYNC flushes the drive's whole cache",
        SyncStrength::Barrier => "F_BARRIERFSYNC forces the data out of the OS cache",
        SyncStrength::Plain | SyncStrength::StdOnApple => {
            "each sync forces the data out of the OS cache to the drive"
        }
    }
}

/// Loops calling a project function that syncs the same file on every call
/// (a store's `save()` ending in `sync_all`): the sync is the helper's, the
/// repetition is the caller's.
fn through_helpers(project: &Project) -> Vec<(usize, Diagnostic)> {
    project
        .file_writes_per_iteration(true)
        .filter_map(|((index, c), effect)| {
            let FileWriteKind::Sync(strength) = effect.kind else {
                return None;
            };
            let call = project.call((index, c));
            let repeated = call.repeated.clone()?;
            let through = rules::through(project, (index, c), &effect.chain);
            let diagnostic = RULE
                .diagnostic(
                    call.range.clone(),
                    format!(
                        "`{}` syncs a file on every call (`{}`{through}) and runs once per iteration: {}, and each iteration waits for the drive",
                        call.callee,
                        project.file_write(effect).what,
                        cost(strength)
                    ),
                )
                .label("syncs once per iteration")
                .note(NOTE)
                .secondary(repeated, "inside this loop")
                .related(rules::effect_related(project, (index, c), effect, "syncs here"));
            Some((index, diagnostic))
        })
        .collect()
}
