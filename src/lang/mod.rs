//! One frontend per language. Each turns a file's text into the model
//! (`crate::model`); none of them knows about rules.

pub mod kotlin;
pub mod rust;
pub mod sql;
pub mod swift;

use crate::model::{Exit, Leaves, Model, NodeId, NodeKind};
use crate::source::{ByteRange, Language, SourceFile};

/// A file the frontend could not read. The run reports it and goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    /// Where the problem is, when the parser says.
    pub offset: Option<usize>,
}

impl ParseError {
    pub fn new(message: impl Into<String>, offset: Option<usize>) -> ParseError {
        ParseError {
            message: message.into(),
            offset,
        }
    }
}

/// Lowers a file with the frontend for its language.
pub fn lower(file: &SourceFile) -> Result<Model, ParseError> {
    match file.language {
        Language::Rust => rust::lower(file),
        Language::Swift => swift::lower(file),
        Language::Kotlin => kotlin::lower(file),
        Language::Sql => sql::lower(file),
    }
}

/// How long the tree-sitter parses of one file may take together. Real
/// files parse in milliseconds; tree-sitter-kotlin's error recovery can run
/// for minutes (and gigabytes) on one stray character, and one such file
/// must not stall the run.
pub const PARSE_BUDGET: std::time::Duration = std::time::Duration::from_secs(3);

/// A tree-sitter parse that gives up at `deadline`: the file is reported as
/// not checked, and the run goes on.
pub fn parse_before(
    parser: &mut tree_sitter::Parser,
    text: &str,
    deadline: std::time::Instant,
    language: &str,
) -> Result<tree_sitter::Tree, ParseError> {
    let bytes = text.as_bytes();
    let mut read = |offset: usize, _| bytes.get(offset..).unwrap_or_default();
    let mut out_of_time = false;
    let mut check = |_: &tree_sitter::ParseState| {
        if std::time::Instant::now() >= deadline {
            out_of_time = true;
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    };
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut check);
    let tree = parser.parse_with_options(&mut read, None, Some(options));
    match tree {
        Some(tree) => Ok(tree),
        None if out_of_time => Err(ParseError::new(
            format!(
                "not checked: parsing took longer than {} s",
                PARSE_BUDGET.as_secs()
            ),
            None,
        )),
        None => Err(ParseError::new(
            format!("the {language} parser returned no syntax tree"),
            None,
        )),
    }
}

/// The syntax between a `return`/`break` and the loop or function it leaves,
/// innermost last, as the frontends see it while walking a tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Frame {
    /// A block of statements (its range): runs them in order.
    Block(ByteRange),
    /// One branch of a conditional: the condition or matched value that
    /// decides it, or None for a branch only failure takes (`else` of a
    /// `guard`/`let .. else`, `catch`, `?:`) or a short-circuit operand.
    Branch(Option<ByteRange>),
    /// A loop, closure or function: exits inside do not see past it.
    Boundary,
}

/// The exit facts of a jump at `at` under `frames` (innermost last): the
/// widest block it runs in unconditionally, and the guard of the branch
/// around that block.
pub(crate) fn exit_facts(frames: &[Frame], at: ByteRange, leaves: Leaves) -> Exit {
    let mut widest = at;
    let mut guard = None;
    for frame in frames.iter().rev() {
        match frame {
            Frame::Block(range) => widest = range.clone(),
            Frame::Branch(decided_by) => {
                guard = decided_by.clone();
                break;
            }
            Frame::Boundary => break,
        }
    }
    Exit {
        leaves,
        unconditional_in: widest,
        guard,
    }
}

/// How a tree-sitter grammar spells what `jump_exit` needs.
pub(crate) struct JumpSyntax {
    /// Statement lists.
    pub blocks: &'static [&'static str],
    /// Conditionals, with the field or child kind that holds the condition
    /// or matched value deciding their branches.
    pub decided: &'static [(&'static str, &'static str)],
    /// Branches only failure or a short circuit takes: `guard`'s `else`,
    /// `catch`, `?:`, `&&`.
    pub failure_only: &'static [&'static str],
    /// Loops, closures, functions, type bodies.
    pub boundaries: &'static [&'static str],
    /// What an unlabelled `break` leaves before any loop (Swift's `switch`).
    pub break_targets: &'static [&'static str],
}

/// The exit facts of the jump `node`, read from its ancestors; None for a
/// `break` that leaves something other than a loop.
pub(crate) fn jump_exit(
    node: tree_sitter::Node,
    syntax: &JumpSyntax,
    leaves: Leaves,
) -> Option<Exit> {
    let mut outward = Vec::new();
    let mut child = node;
    while let Some(parent) = child.parent() {
        let kind = parent.kind();
        if syntax.boundaries.contains(&kind) {
            outward.push(Frame::Boundary);
            break;
        }
        if leaves == Leaves::Loop && syntax.break_targets.contains(&kind) {
            return None;
        }
        if syntax.blocks.contains(&kind) {
            outward.push(Frame::Block(parent.byte_range()));
        } else if let Some((_, holder)) = syntax.decided.iter().find(|(k, _)| *k == kind) {
            let decided_by = decided_by(parent, holder);
            let in_condition = decided_by.as_ref().is_some_and(|range| {
                range.start <= child.start_byte() && child.end_byte() <= range.end
            });
            outward.push(Frame::Branch(decided_by.filter(|_| !in_condition)));
        } else if syntax.failure_only.contains(&kind) && parent.named_child(0) != Some(child) {
            // The left operand of `?:`, `??`, `&&` always runs; only the
            // rest is a branch.
            outward.push(Frame::Branch(None));
        }
        child = parent;
    }
    outward.reverse();
    Some(exit_facts(&outward, node.byte_range(), leaves))
}

/// The range of a conditional's field `holder` (all of its nodes), or of
/// its first child of kind `holder`.
fn decided_by(conditional: tree_sitter::Node, holder: &str) -> Option<ByteRange> {
    let mut cursor = conditional.walk();
    let parts: Vec<tree_sitter::Node> = conditional
        .children_by_field_name(holder, &mut cursor)
        .collect();
    if let (Some(first), Some(last)) = (parts.first(), parts.last()) {
        return Some(first.start_byte()..last.end_byte());
    }
    let mut cursor = conditional.walk();
    let found = conditional
        .named_children(&mut cursor)
        .find(|c| c.kind() == holder)
        .map(|c| c.byte_range());
    found
}

/// Records in `model.conditional_calls` every call that lies on a branch
/// between itself and its nearest loop, closure or function, reading the
/// branches from the tree the model was lowered from.
pub(crate) fn mark_conditional_calls(
    model: &mut Model,
    root: tree_sitter::Node,
    syntax: &JumpSyntax,
) {
    let calls: Vec<(NodeId, ByteRange)> = model
        .calls()
        .map(|(id, _)| (id, model.node(id).range.clone()))
        .collect();
    for (id, range) in calls {
        let Some(node) = root.descendant_for_byte_range(range.start, range.end) else {
            continue;
        };
        if on_branch(node, syntax) {
            model.conditional_calls.insert(id);
        }
    }
}

fn on_branch(node: tree_sitter::Node, syntax: &JumpSyntax) -> bool {
    let mut child = node;
    while let Some(parent) = child.parent() {
        let kind = parent.kind();
        if syntax.boundaries.contains(&kind) {
            return false;
        }
        if let Some((_, holder)) = syntax.decided.iter().find(|(k, _)| *k == kind) {
            let in_condition = decided_by(parent, holder).is_some_and(|range| {
                range.start <= child.start_byte() && child.end_byte() <= range.end
            });
            if !in_condition {
                return true;
            }
        } else if syntax.failure_only.contains(&kind) && parent.named_child(0) != Some(child) {
            return true;
        }
        child = parent;
    }
    false
}

/// Marks the outermost call lowered since node `first_new` (the awaited
/// expression's own call: parents are pushed before their children) as
/// awaited, running whenever block `every_time` runs.
pub(crate) fn mark_awaited(model: &mut Model, first_new: usize, every_time: ByteRange) {
    let awaited = (first_new..model.nodes.len())
        .find(|&index| matches!(model.node(NodeId(index as u32)).kind, NodeKind::Call(_)));
    if let Some(index) = awaited {
        if let NodeKind::Call(call) = &mut model.nodes[index].kind {
            call.awaited = Some(every_time);
        }
    }
}
