use crate::catalog::{Op, PrefsSyncWrite};
use crate::context;
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{FunctionKind, NodeId, NodeKind};
use crate::project::{FileWriteKind, Project};
use crate::rules::{self, Check, FileContext, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

use super::Repetition;

pub const RULE: Rule = Rule {
    id: "plist-as-database",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/plist-as-database.md"),
    help: "apply the changes in memory and write the file once after the batch (or debounce the writes); keep large or often-changed data in a database",
    check: Check::FileAndProject(check, through_helpers),
};

const NOTE: &str = "Apple measured 12 KB of I/O to write a 240-byte NSDictionary plist (about 2% efficiency), and 12 I/O operations to create, read and modify one; an atomic write also ends in an fsync (WWDC 2019, session 419)";

fn check(ctx: &FileContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for classified in ctx.ops {
        let node = classified.node;
        let NodeKind::Call(call) = &ctx.model.node(node).kind else {
            continue;
        };
        let serialized_target = match &classified.op {
            Op::SerializedWrite { target } => Some(target.clone()),
            // `commit()` and `edit(commit = true) { }` write the store too
            // (prefs-commit reports them for blocking; here they count for
            // rewriting the whole file per iteration).
            Op::PrefsWrite
            | Op::PrefsSyncWrite(PrefsSyncWrite::Commit | PrefsSyncWrite::EditCommit { .. }) => {
                None
            }
            _ => continue,
        };
        // A write behind a debounce runs once per quiet period, not per change.
        if context::deferred(ctx.model, node) {
            continue;
        }
        let repeats = super::repetition(ctx.model, &ctx.file.text, node);
        match serialized_target {
            Some(target) => {
                if let Some(repeats) = repeats.filter(|r| !varies_per_iteration(ctx, r, &target)) {
                    out.push(
                        RULE.diagnostic(call.name_range.clone(),
                            format!(
                                "`{}` rewrites the whole serialized file on every iteration: even a small file costs about 12 KB of I/O per rewrite",
                                call.name
                            ),
                        )
                        .label("rewrites the same file once per iteration")
                        .note(NOTE)
                        .help(serialized_help(ctx.model.language))
                        .secondary(repeats.label, "inside this loop"),
                    );
                } else if let Some((keyword, property)) = observer_or_setter(ctx, node) {
                    out.push(
                        RULE.diagnostic(call.name_range.clone(),
                            format!(
                                "`{}` rewrites the whole serialized file on every change of `{property}`: even a small file costs about 12 KB of I/O per rewrite",
                                call.name
                            ),
                        )
                        .label("rewrites the file on every change")
                        .note(NOTE)
                        .help(serialized_help(ctx.model.language))
                        .secondary(keyword, "runs on every change"),
                    );
                }
            }
            None => {
                let Some(repeats) = repeats else { continue };
                out.push(
                    RULE.diagnostic(call.name_range.clone(),
                        format!(
                            "`{}` writes the preferences on every iteration: the store is one file (a plist or an XML file) rewritten whole each time, about 12 KB of I/O even when small",
                            call.name
                        ),
                    )
                    .label("rewrites the preferences file once per iteration")
                    .note(NOTE)
                    .help(preferences_help(ctx.model.language))
                    .secondary(repeats.label, "inside this loop"),
                );
            }
        }
    }
    out
}

/// Loops calling a project function that rewrites the same file (or the
/// preferences store) on every call: `settings.setLastSeen(id)` per item.
fn through_helpers(project: &Project) -> Vec<(usize, Diagnostic)> {
    project
        .file_writes_per_iteration(false)
        .filter_map(|((index, c), effect)| {
            let language = project.files[index].source.language;
            let call = project.call((index, c));
            let repeated = call.repeated.clone()?;
            let write = project.file_write(effect);
            let through = rules::through(project, (index, c), &effect.chain);
            let (message, label, help) = match effect.kind {
                FileWriteKind::Preferences => (
                    format!(
                        "`{}` writes the preferences on every call (`{}`{through}) and runs once per iteration: the store is one file rewritten whole each time, about 12 KB of I/O even when small",
                        call.callee, write.what
                    ),
                    "rewrites the preferences file once per iteration",
                    preferences_help(language),
                ),
                _ => (
                    format!(
                        "`{}` rewrites a whole serialized file on every call (`{}`{through}) and runs once per iteration: even a small file costs about 12 KB of I/O per rewrite",
                        call.callee, write.what
                    ),
                    "rewrites the same file once per iteration",
                    serialized_help(language),
                ),
            };
            let diagnostic = RULE
                .diagnostic(call.range.clone(), message)
                .label(label)
                .note(NOTE)
                .help(help)
                .secondary(repeated, "inside this loop")
                .related(rules::effect_related(project, (index, c), effect, "writes here"));
            Some((index, diagnostic))
        })
        .collect()
}

/// How to batch preference writes, in the store's own terms: UserDefaults
/// has no editor to batch with, SharedPreferences does.
fn preferences_help(language: Language) -> &'static str {
    match language {
        Language::Swift => "UserDefaults has no editor to batch with: keep values that change together under one key (one `set(_:forKey:)` of a dictionary or array after the loop), replace a whole domain at once with `setPersistentDomain(_:forName:)`, and keep lists and growing collections in SQLite or Core Data",
        _ => "set all the values in the loop and write once after it (one editor, one `apply()`); keep lists and growing collections out of preferences, in SQLite or Room",
    }
}

fn serialized_help(language: Language) -> &'static str {
    match language {
        Language::Swift => "apply the changes in memory and write the file once after the batch (or debounce the writes); keep large or often-changed data in SQLite or Core Data",
        Language::Kotlin => "apply the changes in memory and write the file once after the batch (or debounce the writes); keep large or often-changed data in SQLite or Room",
        _ => "apply the changes in memory and write the file once after the batch (or debounce the writes); keep large or often-changed data in SQLite",
    }
}

/// The observer (`didSet`, `willSet`) or setter (`set`) that runs `node` on
/// every change of a property: its keyword and the property's name. A
/// closure handed to a call runs there; a closure stored for later does not.
fn observer_or_setter(ctx: &FileContext, node: NodeId) -> Option<(ByteRange, String)> {
    let model = ctx.model;
    for ancestor in model.ancestors(node) {
        let current = model.node(ancestor);
        match &current.kind {
            NodeKind::Function(function) => {
                let per_change =
                    matches!(function.kind, FunctionKind::Observer | FunctionKind::Setter);
                return per_change.then(|| (function.name_range.clone(), function.name.clone()));
            }
            NodeKind::Closure { .. } => {
                let passed_to_call = current
                    .parent
                    .is_some_and(|p| matches!(model.node(p).kind, NodeKind::Call(_)));
                if !passed_to_call {
                    return None;
                }
            }
            NodeKind::TypeDecl { .. } => return None,
            _ => {}
        }
    }
    None
}

/// True when the target expression mentions a name that varies per
/// iteration: a different file each time, which is not a rewrite.
fn varies_per_iteration(
    ctx: &FileContext,
    repeats: &Repetition,
    target: &Option<ByteRange>,
) -> bool {
    target
        .as_ref()
        .and_then(|range| ctx.file.text.get(range.clone()))
        .is_some_and(|written| super::mentions_varying(ctx.model, &ctx.file.text, repeats, written))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swift_help_never_suggests_an_android_editor() {
        for help in [
            preferences_help(Language::Swift),
            serialized_help(Language::Swift),
        ] {
            assert!(
                !help.contains("apply()") && !help.contains("Room"),
                "{help}"
            );
        }
        assert!(!serialized_help(Language::Kotlin).contains("Core Data"));
        assert!(!serialized_help(Language::Rust).contains("Core Data"));
    }
}
