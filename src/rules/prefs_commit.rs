use crate::catalog::{Op, PrefsSyncWrite};
use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Group, Severity};
use crate::model::{Call, NodeId, NodeKind, Value};
use crate::rules::{Check, FileContext, FixAvailability, Rule};
use crate::source::Language;

pub const RULE: Rule = Rule {
    id: "prefs-commit",
    severity: Severity::Warning,
    languages: &[Language::Kotlin],
    fix: FixAvailability::Sometimes,
    doc: include_str!("../../lints/prefs-commit.md"),
    help: "use `apply()`: it updates the in-memory preferences at once and writes the file in the background",
    check: Check::File(check),
};

/// Android Lint's id for the same check, and its id for every check.
const ANDROID_LINT_IDS: &[&str] = &["ApplySharedPref", "all"];

/// The annotations through which Android Lint is silenced in Kotlin.
const ANDROID_LINT_SUPPRESSIONS: &[&str] = &["SuppressLint", "Suppress"];

const NOTE: &str = "SharedPreferences are one XML file, rewritten whole on every commit; Android Lint reports the same call as ApplySharedPref, and StrictMode flags it as a disk write on the main thread";

fn check(ctx: &FileContext) -> Vec<Diagnostic> {
    let found: Vec<(Option<NodeId>, Diagnostic)> = ctx
        .ops
        .iter()
        .filter_map(|classified| match &classified.op {
            Op::PrefsSyncWrite(write) => Some((classified.node, write)),
            _ => None,
        })
        .filter(|(node, _)| !android_lint_silenced(ctx, *node))
        .filter_map(|(node, write)| {
            let NodeKind::Call(call) = &ctx.model.node(node).kind else {
                return None;
            };
            match write {
                // A used result is a decision taken on purpose: the caller
                // needs to know whether the write reached the disk.
                PrefsSyncWrite::Commit => {
                    // A logged result is recorded, not acted on: no
                    // decision depends on it.
                    let unused = crate::value_use::value_unused(ctx.model, &ctx.file.text, node);
                    let fate = if unused {
                        "its result is never read"
                    } else if crate::value_use::value_only_logged(ctx.model, &ctx.file.text, node) {
                        "its result is only logged"
                    } else {
                        return None;
                    };
                    if applied_elsewhere(ctx, node, call) || orders_a_later_write(ctx, node, call) {
                        return None;
                    }
                    let diagnostic = RULE.diagnostic(call.name_range.clone(),
                        format!("`commit()` writes the whole preferences file synchronously on the calling thread, often the main thread, and {fate}"),
                    )
                    .label("blocks until the XML file is written")
                    .note(NOTE);
                    // `apply()` returns nothing: a logged result keeps `commit()`.
                    Some(if unused {
                        with_fix(diagnostic, call.name_range.clone(), "apply", "use `apply()`")
                    } else {
                        diagnostic
                    })
                }
                PrefsSyncWrite::EditCommit { flag } => {
                    if orders_a_later_write(ctx, node, call) {
                        return None;
                    }
                    let diagnostic = RULE.diagnostic(flag.clone(),
                        format!(
                            "`{}(commit = true)` writes the whole preferences file synchronously on the calling thread, often the main thread",
                            call.name
                        ),
                    )
                    .label("commits synchronously")
                    .secondary(call.name_range.clone(), "this edit block")
                    .note(NOTE)
                    .help("drop `commit = true`: the default commits with `apply()`, which writes the file in the background");
                    let (range, content) = dropped_flag(&ctx.file.text, call, flag)
                        .map_or_else(|| (flag.clone(), "false"), |range| (range, ""));
                    Some(with_fix(diagnostic, range, content, "drop `commit = true`: the default commits with `apply()`"))
                }
                PrefsSyncWrite::Synchronize => None,
            }
            .map(|diagnostic| (enclosing_type(ctx, node), diagnostic))
        })
        .collect();
    one_per_wrapper(ctx, found)
}

/// How many commits one type must hold before they are one finding.
const WRAPPER_COMMITS: usize = 3;

fn enclosing_type(ctx: &FileContext, node: NodeId) -> Option<NodeId> {
    ctx.model
        .ancestors(node)
        .find(|&id| matches!(ctx.model.node(id).kind, NodeKind::TypeDecl { .. }))
}

/// One cause, one finding: a type whose methods commit three times or
/// more (a preferences wrapper with a setter per key) made one choice, and
/// its commits are one group, reported at the first with the others
/// beside it and fixed with it (`diagnostic::merge_groups`).
fn one_per_wrapper(ctx: &FileContext, found: Vec<(Option<NodeId>, Diagnostic)>) -> Vec<Diagnostic> {
    let count = |owner: Option<NodeId>| found.iter().filter(|(o, _)| *o == owner).count();
    let grouped: Vec<Option<NodeId>> = found
        .iter()
        .map(|(owner, _)| owner.filter(|_| count(*owner) >= WRAPPER_COMMITS))
        .collect();
    found
        .into_iter()
        .zip(grouped)
        .map(|((_, diagnostic), group)| match group {
            Some(owner) => diagnostic.grouped(Group {
                key: format!("type {}", ctx.model.node(owner).range.start),
                member_label: "commits the same way".to_string(),
                summary: "; the same type commits the same way {n} more times".to_string(),
            }),
            None => diagnostic,
        })
        .collect()
}

/// True when the same function also writes the same editor with `apply()`
/// (`if (now) editor.commit() else editor.apply()`): the synchronous write
/// is one of two the code chooses between, on purpose.
fn applied_elsewhere(ctx: &FileContext, node: NodeId, commit: &Call) -> bool {
    let function = ctx.model.enclosing_function(node);
    ctx.ops
        .iter()
        .filter(|classified| matches!(classified.op, Op::PrefsWrite))
        .any(|classified| {
            let NodeKind::Call(apply) = &ctx.model.node(classified.node).kind else {
                return false;
            };
            apply.name == "apply"
                && apply.receiver == commit.receiver
                && ctx.model.enclosing_function(classified.node) == function
        })
}

/// True when the same function writes another preferences store after
/// the commit (`newStore.edit(commit = true) { put(k, v) }` then
/// `oldStore.edit { remove(k) }`): the commit puts the first write on disk
/// before the second, which `apply()` would not order, so a crash between
/// them could lose both copies of what is moved.
fn orders_a_later_write(ctx: &FileContext, node: NodeId, commit: &Call) -> bool {
    let store = |call: &Call| match call.receiver.first() {
        Some(crate::model::Segment::Name(name)) => Some(name.clone()),
        _ => None,
    };
    let Some(committed) = store(commit) else {
        return false;
    };
    let function = ctx.model.enclosing_function(node);
    let end = ctx.model.node(node).range.end;
    ctx.ops
        .iter()
        .filter(|classified| {
            matches!(classified.op, Op::PrefsWrite | Op::PrefsSyncWrite(_))
                && ctx.model.node(classified.node).range.start >= end
                && ctx.model.enclosing_function(classified.node) == function
        })
        .any(|classified| match &ctx.model.node(classified.node).kind {
            // `cacheEditor.apply()` only flushes what was staged before
            // the commit: no change made after it waits on it.
            NodeKind::Call(later) => {
                let flushes_staged =
                    matches!(later.name.as_str(), "apply" | "commit") && later.receiver.len() == 1;
                !flushes_staged && store(later).is_some_and(|other| other != committed)
            }
            _ => false,
        })
}

/// True when `@SuppressLint("ApplySharedPref")` (or `@Suppress`) sits on a
/// declaration enclosing `node`, or on the file: whoever silenced Android
/// Lint's identical check chose the synchronous write on purpose.
fn android_lint_silenced(ctx: &FileContext, node: NodeId) -> bool {
    let model = ctx.model;
    model.calls().any(|(annotation, call)| {
        let names_this_check = call.args.iter().any(|arg| match arg.value {
            Value::Str(id) => model
                .str_lit(id)
                .is_some_and(|s| ANDROID_LINT_IDS.contains(&s.value.as_str())),
            _ => false,
        });
        // Annotations lower to calls that are children of what they annotate;
        // a file annotation has no parent.
        let encloses = match model.node(annotation).parent {
            None => true,
            Some(owner) => model.ancestors(node).any(|a| a == owner),
        };
        ANDROID_LINT_SUPPRESSIONS.contains(&call.name.as_str())
            && call.receiver.is_empty()
            && names_this_check
            && encloses
    })
}

/// Every fix here trades a synchronous, checked write for an asynchronous
/// one: a behaviour change, so never applied without `--unsafe-fixes`.
/// The parentheses of `edit(commit = true) { ... }` when the flag is all
/// they hold and a trailing lambda follows: deleted, they leave
/// `edit { ... }`. Elsewhere the flag is set to `false` instead.
fn dropped_flag(
    text: &str,
    call: &Call,
    flag: &crate::source::ByteRange,
) -> Option<crate::source::ByteRange> {
    let argument = call
        .args
        .iter()
        .find(|arg| arg.range.start <= flag.start && flag.end <= arg.range.end)?;
    let before = text.get(call.name_range.end..argument.range.start)?;
    let open = call.name_range.end + before.find('(')?;
    if !text[call.name_range.end..open].trim().is_empty()
        || !text[open + 1..argument.range.start].trim().is_empty()
    {
        return None;
    }
    let after = &text[argument.range.end..];
    let rest = after.trim_start();
    let rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    let close = text.len() - rest.len();
    let lambda_follows = rest.strip_prefix(')')?.trim_start().starts_with('{');
    lambda_follows.then_some(call.name_range.end..close + 1)
}

fn with_fix(
    mut diagnostic: Diagnostic,
    range: crate::source::ByteRange,
    content: &str,
    title: &str,
) -> Diagnostic {
    diagnostic.fix = Some(Fix {
        title: title.to_string(),
        edits: vec![Edit {
            range,
            content: content.to_string(),
        }],
        // Safe: the same change, made in memory at once and written in the
        // background; only a result nobody reads is given up.
        applicability: Applicability::Safe,
    });
    diagnostic
}

#[cfg(test)]
mod tests {
    use crate::source::{Language, SourceFile};

    /// The text each finding's fix replaces, and what it puts there.
    fn fixes(src: &str) -> Vec<(String, String)> {
        let file = SourceFile::from_text("t.kt", Language::Kotlin, src);
        crate::lint_source(&file)
            .expect("parses")
            .into_iter()
            .filter(|d| d.rule == super::RULE.id)
            .map(|d| {
                let fix = d.fix.expect("every finding carries a fix");
                assert_eq!(fix.edits.len(), 1);
                let edit = &fix.edits[0];
                (src[edit.range.clone()].to_string(), edit.content.clone())
            })
            .collect()
    }

    #[test]
    fn fixes_swap_commit_for_apply_and_drop_the_commit_flag() {
        let src = "import android.content.SharedPreferences\n\
                   fun f(prefs: SharedPreferences) {\n    \
                   prefs.edit().putInt(\"a\", 1).commit()\n    \
                   prefs.edit(commit = true) { putInt(\"b\", 2) }\n    \
                   prefs.edit(true) { putInt(\"c\", 3) }\n    \
                   prefs.edit(commit = true, action = { putInt(\"d\", 4) })\n}\n";
        assert_eq!(
            fixes(src),
            [
                ("commit".to_string(), "apply".to_string()),
                ("(commit = true)".to_string(), String::new()),
                ("(true)".to_string(), String::new()),
                ("true".to_string(), "false".to_string()),
            ]
        );
    }
}
