use crate::catalog::{Op, SyncStrength};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{Model, NodeId, NodeKind};
use crate::registry::{Check, FileContext, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

pub const RULE: Rule = Rule {
    id: "fsync-in-loop",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/fsync-in-loop.md"),
    help: "write everything first and sync once after the loop, or not at all where the OS's periodic flush is enough",
    check: Check::File(check),
};

fn check(ctx: &FileContext) -> Vec<Diagnostic> {
    ctx.ops
        .iter()
        .filter_map(|classified| match &classified.op {
            Op::Fsync(strength) => Some((classified.node, *strength)),
            _ => None,
        })
        .filter_map(|(call, strength)| {
            let repeats = enclosing_repetition(ctx.model, &ctx.file.text, call)?;
            let NodeKind::Call(c) = &ctx.model.node(call).kind else {
                return None;
            };
            let what = match strength {
                SyncStrength::Full => "F_FULLFSYNC flushes the drive's whole cache",
                SyncStrength::Barrier => "F_BARRIERFSYNC forces the data out of the OS cache",
                SyncStrength::Plain => "each sync forces the data out of the OS cache to the drive",
            };
            Some(
                Diagnostic::new(
                    &RULE,
                    c.name_range.clone(),
                    format!(
                        "`{}` syncs on every iteration: {what}, and each iteration waits for the drive",
                        c.name
                    ),
                )
                .label("syncs once per iteration")
                .note("a sync defeats the OS cache, which would otherwise absorb repeated writes; Apple's File Activity instrument reports it as suboptimal caching (WWDC 2019, session 419)")
                .secondary(repeats, "inside this loop"),
            )
        })
        .collect()
}

/// The loop (or iteration call) that runs `call` repeatedly, if it lies in
/// the same function. A closure handed to a call runs where the call runs; a
/// closure stored for later (bound, assigned, returned) does not.
fn enclosing_repetition(model: &Model, text: &str, call: NodeId) -> Option<ByteRange> {
    for ancestor in model.ancestors(call) {
        let node = model.node(ancestor);
        match &node.kind {
            NodeKind::Loop(_) => return Some(first_word(text, node.range.clone())),
            NodeKind::Closure { iteration: true } => {
                return match node.parent.map(|p| &model.node(p).kind) {
                    Some(NodeKind::Call(iterating)) => Some(iterating.name_range.clone()),
                    _ => Some(node.range.start..node.range.start + 1),
                };
            }
            NodeKind::Closure { iteration: false } => {
                let passed_to_call = node
                    .parent
                    .is_some_and(|p| matches!(model.node(p).kind, NodeKind::Call(_)));
                if !passed_to_call {
                    return None;
                }
            }
            NodeKind::Function(_) | NodeKind::TypeDecl { .. } => return None,
            _ => {}
        }
    }
    None
}

/// The first word of a loop (`for`, `while`, `repeat`, `do`, `loop`), for a
/// short secondary label.
fn first_word(text: &str, range: ByteRange) -> ByteRange {
    let word = text
        .get(range.clone())
        .map(|s| {
            s.len()
                - s.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_')
                    .len()
        })
        .unwrap_or(0);
    range.start..range.start + word.max(1).min(range.len())
}
