//! One frontend per language. Each turns a file's text into the model
//! (`crate::model`); none of them knows about rules.

pub mod bodies;
pub mod kotlin;
pub mod rust;
pub mod sql;
pub mod swift;
pub(crate) mod treesitter;

pub use treesitter::PARSE_BUDGET;

use crate::model::{
    Arg, Binding, BindingKind, Call, Exit, Leaves, Model, NodeId, NodeKind, Segment, Value,
};
use crate::source::{ByteRange, Language, SourceFile};

thread_local! {
    /// The time this thread spent in the syntax parsers since it was last
    /// taken (`take_parse_time`).
    static PARSE_TIME: std::cell::Cell<std::time::Duration> =
        const { std::cell::Cell::new(std::time::Duration::ZERO) };
}

/// Runs a syntax parser (tree-sitter's, syn's), counting its time for
/// `--statistics`: what parsing costs against the rest of the analysis.
pub(crate) fn timed_parse<T>(parse: impl FnOnce() -> T) -> T {
    let started = std::time::Instant::now();
    let parsed = parse();
    PARSE_TIME.with(|time| time.set(time.get() + started.elapsed()));
    parsed
}

/// The time this thread spent in `timed_parse` since the last call.
pub(crate) fn take_parse_time() -> std::time::Duration {
    PARSE_TIME.with(|time| time.replace(std::time::Duration::ZERO))
}

/// A file the frontend could not read. The run reports it and goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    /// Where the problem is, when the parser says.
    pub offset: Option<usize>,
    /// The file is fine as far as anyone knows, but one of storlint's
    /// limits stopped the parse (time, depth): the message says which.
    pub over_limit: bool,
    /// The limit was the parse budget: a longer one might see the parse
    /// through, where every other failure comes back the same.
    pub timed_out: bool,
}

impl ParseError {
    pub fn new(message: impl Into<String>, offset: Option<usize>) -> ParseError {
        ParseError {
            message: message.into(),
            offset,
            over_limit: false,
            timed_out: false,
        }
    }

    /// A parse stopped by one of storlint's limits rather than by the code.
    pub fn over_limit(message: impl Into<String>, offset: Option<usize>) -> ParseError {
        ParseError {
            over_limit: true,
            ..ParseError::new(message, offset)
        }
    }

    /// A parse stopped by the parse budget.
    pub fn out_of_time(message: impl Into<String>) -> ParseError {
        ParseError {
            timed_out: true,
            ..ParseError::over_limit(message, None)
        }
    }
}

/// Syntax trees deeper than this are not lowered: lowering recurses once or
/// twice per level, and a parser that does not recurse (tree-sitter) lets
/// through chains without brackets (`!!!!x`, `a ? b : a ? b : ...`,
/// `x.a.a.a...`) thousands of levels deep. Real code stays below a few
/// hundred levels; a thousand brackets nest about four levels each.
pub const MAX_SYNTAX_DEPTH: usize = 5000;

/// Lowers a file with the frontend for its language, with the default
/// parse budget.
pub fn lower(file: &SourceFile) -> Result<Model, ParseError> {
    lower_within(file, PARSE_BUDGET)
}

/// Lowers a file, giving up (`ParseError::over_limit`) when its tree-sitter
/// parses take longer than `budget` together.
pub fn lower_within(file: &SourceFile, budget: std::time::Duration) -> Result<Model, ParseError> {
    match file.language {
        Language::Rust => rust::lower(file),
        Language::Swift => swift::lower(file, budget),
        Language::Kotlin => kotlin::lower(file, budget),
        Language::Sql => sql::lower(file),
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

/// Replaces what node `id` is (frontends push a node before lowering its
/// children, and learn its kind from them).
pub(crate) fn set_kind(model: &mut Model, id: NodeId, kind: NodeKind) {
    if let Some(node) = model.nodes.get_mut(id.index()) {
        node.kind = kind;
    }
}

/// Sets the initial value of the binding `id`, lowered after the binding.
pub(crate) fn set_binding_init(model: &mut Model, id: NodeId, init: Value) {
    if let Some(node) = model.nodes.get_mut(id.index()) {
        if let NodeKind::Binding(binding) = &mut node.kind {
            binding.init = init;
        }
    }
}

/// Sets the arguments of the call `id`, lowered after the call.
pub(crate) fn set_call_args(model: &mut Model, id: NodeId, args: Vec<Arg>) {
    if let Some(node) = model.nodes.get_mut(id.index()) {
        if let NodeKind::Call(call) = &mut node.kind {
            call.args = args;
        }
    }
}

/// A binding whose initial value is not known yet (`set_binding_init`).
pub(crate) fn binding_node(
    name: &str,
    name_range: ByteRange,
    kind: BindingKind,
    declared_type: Option<String>,
) -> NodeKind {
    NodeKind::Binding(Binding {
        name: name.to_string(),
        kind,
        declared_type,
        init: Value::Other,
        name_range,
    })
}

/// A call that is not awaited (`mark_awaited`).
pub(crate) fn call_node(
    name: String,
    receiver: Vec<Segment>,
    args: Vec<Arg>,
    name_range: ByteRange,
) -> NodeKind {
    NodeKind::Call(Call {
        name,
        receiver,
        args,
        name_range,
        awaited: None,
    })
}
