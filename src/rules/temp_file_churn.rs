use crate::catalog::Op;
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{Model, NodeId, NodeKind, Segment, Value};
use crate::rules::{Check, FileContext, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

pub const RULE: Rule = Rule {
    id: "temp-file-churn",
    severity: Severity::Warning,
    languages: &[Language::Rust, Language::Swift, Language::Kotlin],
    fix: FixAvailability::Never,
    doc: include_str!("../../lints/temp-file-churn.md"),
    help: "create one file before the loop, keep it open (unlinked right away if nobody needs its name) and reuse it each iteration by truncating or rewinding it, without fsync",
    check: Check::File(check),
};

const MESSAGE_COST: &str = "each create and each delete costs file-system metadata writes (8 KB each on APFS: a 4 KB tree node and a 4 KB object map)";

const NOTE: &str = "on APFS, creating a file costs 8 KB of metadata writes and deleting it another 8 KB, whatever its size; a temporary file kept open and never synced can stay in the OS cache (WWDC 2019, session 419)";

/// A file operation found in a loop body.
struct Site<'a> {
    node: NodeId,
    name_range: ByteRange,
    name: &'a str,
    /// The `Loop` or iteration `Closure` it repeats in.
    repetition: NodeId,
    repetition_label: ByteRange,
    target: Option<ByteRange>,
}

fn check(ctx: &FileContext) -> Vec<Diagnostic> {
    let text = &ctx.file.text;
    let site = |node: NodeId, target: Option<ByteRange>| -> Option<Site> {
        let NodeKind::Call(call) = &ctx.model.node(node).kind else {
            return None;
        };
        let repeats = super::repetition(ctx.model, text, node)?;
        Some(Site {
            node,
            name_range: call.name_range.clone(),
            name: call.name.as_str(),
            repetition: repeats.node,
            repetition_label: repeats.label,
            target,
        })
    };
    let mut creates = Vec::new();
    let mut self_deleting = Vec::new();
    let mut deletes = Vec::new();
    let mut keeps = Vec::new();
    for classified in ctx.ops {
        let node = classified.node;
        match &classified.op {
            // A serialized write creates its file when it is missing.
            Op::FileCreate { target } | Op::SerializedWrite { target } => {
                creates.extend(site(node, target.clone()))
            }
            Op::TempFile => self_deleting.extend(site(node, None)),
            Op::FileDelete { target } => deletes.extend(site(node, target.clone())),
            Op::TempFileKeep { target } => keeps.extend(site(node, target.clone())),
            _ => {}
        }
    }
    let mut out = Vec::new();
    // A file written several times before its delete (created, then filled)
    // is one churn: reported once, at its first create.
    let mut used = vec![false; deletes.len()];
    for create in &creates {
        let created = Identity::of_create(ctx.model, text, create);
        let deleted = deletes.iter().enumerate().find(|(index, delete)| {
            !used[*index]
                && delete.repetition == create.repetition
                && ctx.model.node(delete.node).range.start > ctx.model.node(create.node).range.end
                && created.matches(&Identity::of(text, delete.target.as_ref(), None))
        });
        let Some((index, delete)) = deleted else {
            continue;
        };
        // A unique-name retry: the file that works is returned, and only
        // the attempts that fail are deleted.
        if handed_out(ctx.model, text, create.repetition, &created) {
            continue;
        }
        used[index] = true;
        out.push(
            RULE.diagnostic(
                create.name_range.clone(),
                format!(
                    "`{}` creates a file that the same iteration deletes again: {MESSAGE_COST}",
                    create.name
                ),
            )
            .label("creates a file on every iteration")
            .note(NOTE)
            .secondary(delete.name_range.clone(), "and deletes it here")
            .secondary(create.repetition_label.clone(), "inside this loop"),
        );
    }
    for temp in &self_deleting {
        let created = Identity::of_create(ctx.model, text, temp);
        let kept = keeps.iter().any(|keep| {
            keep.repetition == temp.repetition
                && (ctx.model.ancestors(temp.node).any(|a| a == keep.node)
                    || created.matches(&Identity::of(text, keep.target.as_ref(), None)))
        });
        if kept || escapes(ctx.model, text, temp) {
            continue;
        }
        out.push(
            RULE.diagnostic(temp.name_range.clone(),
                format!(
                    "`{}` creates a temporary file that is deleted again when it is dropped in the same iteration: {MESSAGE_COST}",
                    temp.name
                ),
            )
            .label("creates and deletes a file on every iteration")
            .note(NOTE)
            .secondary(temp.repetition_label.clone(), "inside this loop"),
        );
    }
    out
}

/// What a file operation says about which file it works on.
struct Identity {
    /// The target expression without spaces, borrows and `?`/`!`.
    normalized: Option<String>,
    /// The variable at the head of a plain target (`tmp`, `url.path`, `self.tmp`).
    head: Option<String>,
    /// The local the created file (or handle) is bound to: `val tmp = File.createTempFile(..)`.
    bound: Option<String>,
}

impl Identity {
    fn of(text: &str, target: Option<&ByteRange>, bound: Option<String>) -> Identity {
        let written = target.and_then(|r| text.get(r.clone()));
        let normalized = written.map(normalize).filter(|n| !n.is_empty());
        let head = normalized.as_deref().and_then(plain_head);
        Identity {
            normalized,
            head,
            bound,
        }
    }

    fn of_create(model: &Model, text: &str, site: &Site) -> Identity {
        Identity::of(text, site.target.as_ref(), bound_name(model, site.node))
    }

    /// Whether a delete (or keep) with identity `other` names this created file.
    fn matches(&self, other: &Identity) -> bool {
        if self.normalized.is_some() && self.normalized == other.normalized {
            return true;
        }
        let Some(head) = &other.head else {
            return false;
        };
        self.head.as_ref() == Some(head) || self.bound.as_ref() == Some(head)
    }
}

fn normalize(written: &str) -> String {
    let compact: String = written.chars().filter(|c| !c.is_whitespace()).collect();
    let compact = compact.trim_start_matches("&mut").trim_start_matches('&');
    compact.trim_end_matches(['?', '!']).to_string()
}

/// `tmp`, `url.path`, `self.tmp`, `file.toPath()`: the variable they start
/// from. An expression with arguments (`dir.join("a")`) has no plain head:
/// two of them name the same file only when written the same.
fn plain_head(normalized: &str) -> Option<String> {
    let rest = normalized
        .strip_prefix("self.")
        .or_else(|| normalized.strip_prefix("this."))
        .unwrap_or(normalized);
    let plain = rest.split('.').all(|part| {
        let part = part.strip_suffix("()").unwrap_or(part);
        !part.is_empty() && part.chars().all(|c| c.is_alphanumeric() || c == '_')
    });
    let head = rest.split('.').next()?;
    plain.then(|| head.to_string())
}

/// The local a call's result is bound to, through the chain it ends
/// (`let f = File::create(p)?.into()`).
fn bound_name(model: &Model, node: NodeId) -> Option<String> {
    for ancestor in model.ancestors(node) {
        match &model.node(ancestor).kind {
            NodeKind::Call(_) => continue,
            NodeKind::Binding(binding) => return Some(binding.name.clone()),
            _ => return None,
        }
    }
    None
}

/// Whether the created file leaves the loop alive: a `return` or an
/// assignment in the loop hands out its path or handle.
fn handed_out(model: &Model, text: &str, repetition: NodeId, created: &Identity) -> bool {
    let names: Vec<&str> = [created.head.as_deref(), created.bound.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    // The returned expression's words, string literals left out.
    let named = |returned: NodeId| {
        let range = model.node(returned).range.clone();
        let Some(written) = text.get(range.clone()) else {
            return false;
        };
        let mut code = written.as_bytes().to_vec();
        for inner in model.descendants(returned) {
            if matches!(model.node(inner).kind, NodeKind::Str(_)) {
                let literal = model.node(inner).range.clone();
                let from = literal.start.saturating_sub(range.start).min(code.len());
                let to = literal.end.saturating_sub(range.start).min(code.len());
                code[from..to].fill(b' ');
            }
        }
        String::from_utf8_lossy(&code)
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|word| names.contains(&word))
    };
    model
        .descendants(repetition)
        .into_iter()
        .any(|id| match &model.node(id).kind {
            NodeKind::Return(_) => named(id),
            NodeKind::Assign {
                value: Value::Chain(chain),
                ..
            } => matches!(chain.first(), Some(Segment::Name(n)) if names.contains(&n.as_str())),
            _ => false,
        })
}

/// A self-deleting temporary file that leaves the iteration alive is not
/// deleted there: handed by value to a call (`files.push(tmp)`), assigned
/// or returned. Borrowing it (`&mut tmp`) keeps it in the iteration.
fn escapes(model: &Model, text: &str, temp: &Site) -> bool {
    let Some(parent) = model.node(temp.node).parent else {
        return false;
    };
    // `files.push(NamedTempFile::new()?)`: the file is an argument itself.
    if let NodeKind::Call(outer) = &model.node(parent).kind {
        let chained = outer
            .receiver
            .iter()
            .any(|s| matches!(s, Segment::Call(n) if n == temp.name));
        if !chained {
            return true;
        }
    }
    let Some(name) = bound_name(model, temp.node) else {
        return false;
    };
    let moved = |value: &Value| matches!(value, Value::Chain(c) if c.len() == 1 && c[0] == Segment::Name(name.clone()));
    model
        .descendants(temp.repetition)
        .into_iter()
        .any(|id| match &model.node(id).kind {
            NodeKind::Call(call) => call.args.iter().any(|arg| {
                moved(&arg.value)
                    && text.get(arg.range.clone()).map(str::trim) == Some(name.as_str())
            }),
            NodeKind::Assign { value, .. } | NodeKind::Return(value) => moved(value),
            _ => false,
        })
}
