//! Tree-sitter plumbing the Swift and Kotlin frontends share: a parser with
//! a time budget, child and field lookups, comments and ERROR ranges, and
//! the lookup of string constants. What a grammar's node kinds mean stays in
//! each frontend.

use foldhash::{HashMap, HashMapExt};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use aho_corasick::AhoCorasick;
use tree_sitter::{Node, Parser, Tree};

#[cfg(test)]
use crate::lang::{exit_facts, Frame};
use crate::lang::{ParseError, MAX_SYNTAX_DEPTH};
use crate::model::{Comment, Exit, Leaves, Model, StrBuilder, StrLit};
use crate::source::ByteRange;

/// Each grammar's node kind names, by kind id: `Node::kind` measures and
/// checks the grammar's C string on every call, and the lowering asks it
/// millions of times a run (3% of a Kotlin run's instructions).
struct KindNames {
    grammar: &'static tree_sitter::Language,
    names: Vec<&'static str>,
}

fn kind_tables() -> &'static [KindNames] {
    static TABLES: std::sync::OnceLock<Vec<KindNames>> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        // Kept for the run: the names borrow from them.
        let grammars: &'static [tree_sitter::Language; 2] = Box::leak(Box::new([
            tree_sitter_kotlin_ng::LANGUAGE.into(),
            tree_sitter_swift::LANGUAGE.into(),
        ]));
        (grammars.iter())
            .map(|grammar| {
                let names = (0..grammar.node_kind_count())
                    .map(|id| {
                        u16::try_from(id)
                            .ok()
                            .and_then(|id| grammar.node_kind_for_id(id))
                            .unwrap_or("")
                    })
                    .collect();
                KindNames { grammar, names }
            })
            .collect()
    })
}

/// A node's kind, as `Node::kind` gives it, read from a table.
pub(crate) trait KindName<'tree> {
    fn kind_name(&self) -> &'tree str;
}

impl<'tree> KindName<'tree> for Node<'tree> {
    fn kind_name(&self) -> &'tree str {
        let grammar = self.language();
        (kind_tables().iter())
            .find(|table| *table.grammar == *grammar)
            .and_then(|table| table.names.get(usize::from(self.kind_id())).copied())
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| self.kind())
    }
}

/// How long the tree-sitter parses of one file may take together, unless
/// `Options::parse_budget` says otherwise. Real files parse in
/// milliseconds; tree-sitter-kotlin's error recovery can run for minutes
/// (and gigabytes) on one stray character, and one such file must not
/// stall the run.
pub const PARSE_BUDGET: Duration = Duration::from_secs(3);

/// A parser for one file: every parse it makes shares one budget, so that
/// repair and recovery parses cannot multiply a slow one.
pub(crate) struct BudgetedParser {
    parser: Parser,
    budget: Duration,
    deadline: Instant,
    language: &'static str,
}

impl BudgetedParser {
    pub(crate) fn new(
        grammar: tree_sitter::Language,
        language: &'static str,
        budget: Duration,
    ) -> Result<BudgetedParser, ParseError> {
        let mut parser = Parser::new();
        parser.set_language(&grammar).map_err(|e| {
            ParseError::new(format!("cannot load the {language} grammar: {e}"), None)
        })?;
        Ok(BudgetedParser {
            parser,
            budget,
            deadline: Instant::now() + budget,
            language,
        })
    }

    /// Parses all of `text`. Trees nested deeper than `MAX_SYNTAX_DEPTH`
    /// are refused, as every tree this parser makes.
    pub(crate) fn parse(&mut self, text: &str) -> Result<Tree, ParseError> {
        self.parser
            .set_included_ranges(&[])
            .map_err(|_| ParseError::new("cannot reset the parsed ranges", None))?;
        self.parse_included(text)
    }

    /// Parses `text` without reading the runs of `blanks` (byte ranges
    /// holding only spaces and line breaks: code blanked before parsing),
    /// as if each were one line break, or one space where it has none.
    /// Tree-sitter's grammars pay for every blank they read (a third of
    /// what code costs a byte in Kotlin and Swift, where the external
    /// scanners look at each one); skipped, the tree and its offsets are
    /// the same. A tree with an error is parsed again reading every byte:
    /// error recovery may read the blanks' length.
    pub(crate) fn parse_skipping(
        &mut self,
        text: &str,
        blanks: &[ByteRange],
    ) -> Result<Tree, ParseError> {
        let included = included_around(text, blanks);
        if included.len() < 2 || self.parser.set_included_ranges(&included).is_err() {
            return self.parse(text);
        }
        let tree = self.parse_included(text)?;
        if tree.root_node().has_error() {
            return self.parse(text);
        }
        Ok(tree)
    }

    fn parse_included(&mut self, text: &str) -> Result<Tree, ParseError> {
        let tree = parse_before(
            &mut self.parser,
            text,
            self.deadline,
            self.budget,
            self.language,
        )?;
        match too_deep(&tree) {
            Some(offset) => Err(ParseError::over_limit(
                format!("skipped: nested more than {MAX_SYNTAX_DEPTH} levels deep"),
                Some(offset),
            )),
            None => Ok(tree),
        }
    }

    /// Parses only `range` of `text`, as if the rest were not there; the
    /// tree's offsets index `text`. None when the range is not one the
    /// parser accepts (out of bounds, or not on a character boundary).
    pub(crate) fn parse_range(
        &mut self,
        text: &str,
        range: ByteRange,
    ) -> Result<Option<Tree>, ParseError> {
        if range.end > text.len()
            || !text.is_char_boundary(range.start)
            || !text.is_char_boundary(range.end)
        {
            return Ok(None);
        }
        let included = tree_sitter::Range {
            start_byte: range.start,
            end_byte: range.end,
            start_point: point_of(text, range.start),
            end_point: point_of(text, range.end),
        };
        if self.parser.set_included_ranges(&[included]).is_err() {
            return Ok(None);
        }
        self.parse_included(text).map(Some)
    }
}

/// Where `tree` first nests deeper than `MAX_SYNTAX_DEPTH`, walked without
/// recursion: the walks that come after it recurse.
///
/// A subtree is no deeper than it has nodes, and tree-sitter keeps each
/// node's count: one that cannot reach the limit is not walked. Only the
/// few nodes above thousands of others are, where walking every node of
/// every file took a tenth of the parsing time.
fn too_deep(tree: &Tree) -> Option<usize> {
    let mut cursor = tree.walk();
    let mut depth = 0usize;
    loop {
        let may_reach_limit = depth + cursor.node().descendant_count() > MAX_SYNTAX_DEPTH;
        if may_reach_limit && cursor.goto_first_child() {
            depth += 1;
            if depth > MAX_SYNTAX_DEPTH {
                return Some(cursor.node().start_byte());
            }
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return None;
            }
            depth -= 1;
        }
    }
}

/// A tree-sitter parse that gives up at `deadline`: the file is reported as
/// not checked, and the run goes on.
fn parse_before(
    parser: &mut Parser,
    text: &str,
    deadline: Instant,
    budget: Duration,
    language: &str,
) -> Result<Tree, ParseError> {
    let bytes = text.as_bytes();
    let mut read = |offset: usize, _| bytes.get(offset..).unwrap_or_default();
    let mut out_of_time = false;
    let mut check = |_: &tree_sitter::ParseState| {
        if Instant::now() >= deadline {
            out_of_time = true;
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    };
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut check);
    let tree =
        crate::lang::timed_parse(|| parser.parse_with_options(&mut read, None, Some(options)));
    match tree {
        Some(tree) => Ok(tree),
        None if out_of_time => Err(ParseError::out_of_time(format!(
            "not checked: parsing took longer than {}",
            seconds(budget)
        ))),
        None => Err(ParseError::new(
            format!("the {language} parser returned no syntax tree"),
            None,
        )),
    }
}

/// `3 s`, `0.25 s`: a budget as the user set it.
fn seconds(budget: Duration) -> String {
    format!("{} s", budget.as_secs_f64())
}

/// A blank run shorter than this is read: a range the parser jumps over
/// costs more than a few blanks.
const MIN_SKIPPED: usize = 32;

/// The most runs one parse skips, the longest kept. Tree-sitter's lexer
/// finds its place among the ranges by reading them from the first, at
/// every token: a file of 4,000 small blanked bodies parsed twice as slow
/// skipping every one of them as reading them all (15% slower with 64).
const MAX_SKIPPED_RUNS: usize = 64;

/// The ranges of `text` a parser reads when it skips `blanks` (sorted runs
/// of spaces and line breaks): each run, with the blanks between runs,
/// is left out but for its last line break and what follows it, or its
/// last space, so that the tokens either side stay apart as they were
/// (Kotlin ends a statement at a line break; Swift reads an operator by
/// the blanks around it). One range for the whole text when nothing is
/// worth skipping.
fn included_around(text: &str, blanks: &[ByteRange]) -> Vec<tree_sitter::Range> {
    let bytes = text.as_bytes();
    let is_blank = |byte: &u8| matches!(byte, b' ' | b'\t' | b'\n' | b'\r');
    let mut skipped: Vec<ByteRange> = Vec::new();
    let mut runs = blanks
        .iter()
        .filter(|run| run.start < run.end && run.end <= bytes.len());
    let mut current = runs.next().cloned();
    while let Some(run) = current.take() {
        let mut run = run;
        // Runs apart only by blanks (import lines, one body after another
        // with nothing between) are skipped as one.
        current = loop {
            match runs.next() {
                Some(next) if next.start < run.end => run.end = run.end.max(next.end),
                Some(next) if bytes[run.end..next.start].iter().all(is_blank) => run.end = next.end,
                next => break next.cloned(),
            }
        };
        if !bytes[run.clone()].iter().all(is_blank) {
            continue;
        }
        let kept_from = match memchr::memrchr(b'\n', &bytes[run.clone()]) {
            Some(at) => run.start + at,
            None => run.end - 1,
        };
        if kept_from - run.start >= MIN_SKIPPED {
            skipped.push(run.start..kept_from);
        }
    }
    if skipped.len() > MAX_SKIPPED_RUNS {
        skipped.sort_by_key(|run| std::cmp::Reverse(run.len()));
        skipped.truncate(MAX_SKIPPED_RUNS);
        skipped.sort_by_key(|run| run.start);
    }
    let mut included = Vec::with_capacity(skipped.len() + 1);
    let mut from = 0;
    let mut from_point = tree_sitter::Point { row: 0, column: 0 };
    for gap in skipped
        .iter()
        .chain(std::iter::once(&(bytes.len()..bytes.len())))
    {
        let end_point = point_after(bytes, from, from_point, gap.start);
        included.push(tree_sitter::Range {
            start_byte: from,
            end_byte: gap.start,
            start_point: from_point,
            end_point,
        });
        from_point = point_after(bytes, gap.start, end_point, gap.end);
        from = gap.end;
    }
    included
}

/// The point of byte `to`, given that of byte `from` before it.
fn point_after(
    bytes: &[u8],
    from: usize,
    from_point: tree_sitter::Point,
    to: usize,
) -> tree_sitter::Point {
    let between = &bytes[from..to];
    match memchr::memrchr(b'\n', between) {
        Some(last) => tree_sitter::Point {
            row: from_point.row + memchr::memchr_iter(b'\n', between).count(),
            column: between.len() - last - 1,
        },
        None => tree_sitter::Point {
            row: from_point.row,
            column: from_point.column + between.len(),
        },
    }
}

/// The row and column of a byte offset, as tree-sitter counts them.
fn point_of(text: &str, offset: usize) -> tree_sitter::Point {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let row = before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    tree_sitter::Point {
        row,
        column: before.len() - line_start,
    }
}

pub(crate) fn children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.children(&mut cursor).collect()
}

pub(crate) fn named_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

pub(crate) fn child_of_kind<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    children(node).into_iter().find(|c| c.kind_name() == kind)
}

/// Children paired with the grammar field each one fills, if any.
pub(crate) fn children_with_fields<'t>(node: Node<'t>) -> Vec<(Option<&'t str>, Node<'t>)> {
    let mut cursor = node.walk();
    let mut out = Vec::new();
    if cursor.goto_first_child() {
        loop {
            out.push((cursor.field_name(), cursor.node()));
            if !cursor.goto_next_sibling() {
                break;
            }
        }
    }
    out
}

/// The first named child in `field` (a field can also hold punctuation).
pub(crate) fn named_field<'t>(node: Node<'t>, field: &str) -> Option<Node<'t>> {
    let mut cursor = node.walk();
    let found = node
        .children_by_field_name(field, &mut cursor)
        .find(|c| c.is_named());
    found
}

pub(crate) fn text_of<'a>(text: &'a str, node: Node) -> &'a str {
    text.get(node.byte_range()).unwrap_or("")
}

/// Records the comments (nodes of `comment_kinds`, unless `keep_comments`
/// is false because they were found another way) and the outermost ERROR
/// ranges under `root`, in source order.
pub(crate) fn collect_comments_and_errors(
    model: &mut Model,
    text: &str,
    root: Node,
    comment_kinds: &[&str],
    keep_comments: bool,
) {
    // Only subtrees holding a comment's opening or an error are walked.
    let comment_starts = offsets_of(text, &["//", "/*"]);
    let worth_walking = |node: Node| node.has_error() || holds_offset(&comment_starts, node);
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        let comment = comment_kinds.contains(&node.kind_name());
        if comment {
            if keep_comments {
                model.comments.push(Comment {
                    range: node.byte_range(),
                    text: text_of(text, node).to_string(),
                });
            }
        } else if node.is_error() {
            let range = node.byte_range();
            let inside_previous = model
                .unparsed
                .last()
                .is_some_and(|r| r.start <= range.start && range.end <= r.end);
            if !inside_previous {
                model.unparsed.push(range);
            }
        }
        // The next node worth walking in pre-order: the first such child,
        // else the next such sibling of this node or of an ancestor.
        let mut moved = !comment && cursor.goto_first_child();
        loop {
            if moved && worth_walking(cursor.node()) {
                break;
            }
            moved = cursor.goto_next_sibling();
            if !moved && !cursor.goto_parent() {
                return;
            }
        }
    }
}

/// A constant that may hold a string: the names of the types it is declared
/// in (outermost first) and its initializer.
pub(crate) struct ConstantDef<'tree> {
    pub owners: Vec<String>,
    pub init: Node<'tree>,
}

/// A file's constants by name.
pub(crate) type Constants<'tree> = foldhash::HashMap<String, Vec<ConstantDef<'tree>>>;

/// How deep constants may refer to constants; deeper (or cyclic) references
/// are holes.
pub(crate) const MAX_CONSTANT_DEPTH: usize = 16;

/// The constant `qualifier.name` means at `use_site`: the one declared in
/// the qualifying type, or else in the innermost type around the use, or
/// else the only one of that name. `type_name` names the type a node
/// declares, if it declares one; `path` is the part of a list of type names
/// that qualifies a constant (Kotlin leaves out companion objects).
pub(crate) fn pick_constant<'c, 'tree>(
    constants: &'c Constants<'tree>,
    root: Option<Node>,
    use_site: Node,
    name: &str,
    qualifier: &[String],
    type_name: impl Fn(Node) -> Option<String>,
    path: impl for<'s> Fn(&'s [String]) -> Vec<&'s str>,
) -> Option<&'c ConstantDef<'tree>> {
    let wanted = path(qualifier);
    let candidates: Vec<&ConstantDef> = constants
        .get(name)?
        .iter()
        .filter(|c| path(&c.owners).ends_with(&wanted))
        .collect();
    let mut around: Vec<String> = (ancestors(root, use_site).into_iter())
        .filter_map(type_name)
        .collect();
    around.reverse();
    let around = path(&around);
    let mut best: Option<(usize, &ConstantDef)> = None;
    for candidate in &candidates {
        let owners = path(&candidate.owners);
        if around.starts_with(&owners) && best.is_none_or(|(len, _)| owners.len() > len) {
            best = Some((owners.len(), candidate));
        }
    }
    match (best, candidates.as_slice()) {
        (Some((_, chosen)), _) => Some(chosen),
        (None, [only]) => Some(only),
        _ => None,
    }
}

/// One operand of a string concatenation, as a frontend reads it.
pub(crate) enum Piece<'a> {
    /// A string the frontend knows the value of.
    Str(StrLit),
    /// Source text that is its own value (`10` in `"LIMIT " + 10`), and where it starts.
    Verbatim(&'a str, usize),
    /// Anything else: an unknown part of the string.
    Hole(ByteRange),
}

/// The value of a concatenation, when at least one operand is a known string.
pub(crate) fn concatenate<'a>(pieces: impl IntoIterator<Item = Piece<'a>>) -> Option<StrLit> {
    let mut builder = StrBuilder::new();
    let mut any_string = false;
    for piece in pieces {
        match piece {
            Piece::Str(literal) => {
                builder.append(&literal);
                any_string = true;
            }
            Piece::Verbatim(text, start) => builder.verbatim(text, start),
            Piece::Hole(range) => builder.hole(range),
        }
    }
    any_string.then(|| builder.finish())
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
    /// The operators of a `binary_expression` that short-circuit the same
    /// way (Kotlin's grammar writes `a ?: b` and `a && b` so).
    pub failure_only_operators: &'static [&'static str],
    /// Loops, closures, functions, type bodies.
    pub boundaries: &'static [&'static str],
    /// What an unlabelled `break` leaves before any loop (Swift's `switch`).
    pub break_targets: &'static [&'static str],
    /// The words a jump's syntax starts with (`return`, `break`): a subtree
    /// holding none of them holds no jump, and is not walked.
    pub jump_words: &'static [&'static str],
}

impl JumpSyntax {
    /// Whether only the first operand of `node` always runs: `?:`, `??`,
    /// `&&`, `||`, a `guard`'s `else`, a `catch`.
    fn short_circuits(&self, node: Node) -> bool {
        let kind = node.kind_name();
        self.failure_only.contains(&kind)
            || (kind == "binary_expression"
                && node
                    .child_by_field_name("operator")
                    .is_some_and(|operator| self.failure_only_operators.contains(&operator.kind())))
    }
}

/// The sorted offsets where any of `words` occurs in `text`, as a word or
/// inside one, found in one reading (a search per word was 2% of a run).
fn offsets_of(text: &str, words: &'static [&'static str]) -> Vec<usize> {
    let mut offsets: Vec<usize> = (finder_of(words).find_overlapping_iter(text))
        .map(|found| found.start())
        .collect();
    // Overlapping matches come by where they end.
    offsets.sort_unstable();
    offsets
}

/// The automaton finding any of `words`, built once for each list (a
/// language's jump words, comment openings).
fn finder_of(words: &'static [&'static str]) -> &'static AhoCorasick {
    type Finders = Mutex<HashMap<&'static [&'static str], &'static AhoCorasick>>;
    static FINDERS: OnceLock<Finders> = OnceLock::new();
    let finders = FINDERS.get_or_init(Default::default);
    // A panic elsewhere while the lock was held left the map whole.
    let mut finders = finders.lock().unwrap_or_else(PoisonError::into_inner);
    finders.entry(words).or_insert_with(|| {
        let automaton = AhoCorasick::new(words).unwrap_or_else(|error| {
            unreachable!("a few short words always build an automaton: {error}")
        });
        Box::leak(Box::new(automaton))
    })
}

/// Whether one of the sorted `offsets` lies in `node`'s bytes, its end
/// included (a node of no width holds its offset).
fn holds_offset(offsets: &[usize], node: Node) -> bool {
    let first = offsets.partition_point(|&offset| offset < node.start_byte());
    offsets
        .get(first)
        .is_some_and(|&offset| offset <= node.end_byte())
}

/// The ancestors of `node`, innermost first. Found by one descent from
/// `root`, the root of its tree, when known: tree-sitter finds a parent by
/// descending from the root, so climbing parent by parent costs the square
/// of the depth (minutes for a thousand nested `return`s or `try await`s).
fn ancestors<'t>(root: Option<Node<'t>>, node: Node<'t>) -> Vec<Node<'t>> {
    let mut path = Vec::new();
    let mut current = root;
    while let Some(ancestor) = current {
        if ancestor == node {
            path.reverse();
            return path;
        }
        path.push(ancestor);
        current = ancestor.child_with_descendant(node);
    }
    // No root, or not the root of `node`'s tree: climb, slowly but right.
    path.clear();
    let mut child = node;
    while let Some(parent) = child.parent() {
        path.push(parent);
        child = parent;
    }
    path
}

/// The exit facts of the jump `node` in the tree whose root is `root`, read
/// from its ancestors; None for a `break` that leaves something other than
/// a loop. The plain reading of the frames, which `JumpExits` is checked
/// against: asked per jump, it costs each jump its depth.
#[cfg(test)]
pub(crate) fn jump_exit(
    root: Option<Node>,
    node: Node,
    syntax: &JumpSyntax,
    leaves: Leaves,
) -> Option<Exit> {
    let mut outward = Vec::new();
    let mut child = node;
    for parent in ancestors(root, node) {
        let kind = parent.kind_name();
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
        } else if syntax.short_circuits(parent) && parent.named_child(0) != Some(child) {
            // The left operand of `?:`, `??`, `&&` always runs; only the
            // rest is a branch.
            outward.push(Frame::Branch(None));
        }
        child = parent;
    }
    outward.reverse();
    Some(exit_facts(&outward, node.byte_range(), leaves))
}

/// Checks `JumpExits` against `jump_exit` for every jump of the tree under
/// `root`; returns how many jumps there were.
#[cfg(test)]
pub(crate) fn assert_exits_match_the_ancestor_walk(
    root: Node,
    text: &str,
    syntax: &JumpSyntax,
    is_jump: impl Fn(Node) -> bool + Copy,
) -> usize {
    let exits = JumpExits::of(root, text, syntax, is_jump);
    let mut pending = vec![root];
    let mut jumps = 0;
    while let Some(node) = pending.pop() {
        if is_jump(node) {
            jumps += 1;
            for leaves in [Leaves::Function, Leaves::Loop] {
                assert_eq!(
                    exits.exit(node, leaves),
                    jump_exit(Some(root), node, syntax, leaves),
                    "{} at {:?}",
                    node.kind_name(),
                    node.byte_range()
                );
            }
        }
        pending.extend(children(node));
    }
    jumps
}

/// The exits of a tree's jumps (`return`, `break`, `await`: the nodes
/// `is_jump` picks), read in one walk from the root. Finding each jump's
/// frames by descending to it from the root costs the jump its depth:
/// thousands of nested `try await`s or `return`s went quadratic.
#[derive(Default)]
pub(crate) struct JumpExits(HashMap<usize, OutwardFrames>);

/// What `exit_facts` reads from the frames above a node, folded from the
/// outermost in, so that a child's follows from its parent's.
#[derive(Clone, Default)]
struct OutwardFrames {
    /// The outermost block below the innermost branch or boundary.
    widest: Option<ByteRange>,
    /// The innermost branch's condition, when it is the innermost stop.
    guard: Option<ByteRange>,
    /// A `break` target (Swift's `switch`) lies below the innermost boundary.
    under_break_target: bool,
}

impl OutwardFrames {
    /// The frames seen from `child`: these, then `parent`'s as the innermost.
    fn entering(
        &self,
        parent: Node,
        child: Node,
        syntax: &JumpSyntax,
        condition: &Option<Option<ByteRange>>,
    ) -> OutwardFrames {
        let kind = parent.kind_name();
        if syntax.boundaries.contains(&kind) {
            return OutwardFrames::default();
        }
        let under_break_target = self.under_break_target || syntax.break_targets.contains(&kind);
        if syntax.blocks.contains(&kind) {
            return OutwardFrames {
                widest: Some(self.widest.clone().unwrap_or_else(|| parent.byte_range())),
                guard: self.guard.clone(),
                under_break_target,
            };
        }
        let branch_guard = if let Some(decided_by) = condition {
            let in_condition = decided_by.as_ref().is_some_and(|range| {
                range.start <= child.start_byte() && child.end_byte() <= range.end
            });
            Some(decided_by.clone().filter(|_| !in_condition))
        } else if syntax.short_circuits(parent) && parent.named_child(0) != Some(child) {
            // The left operand of `?:`, `??`, `&&` always runs; only the
            // rest is a branch.
            Some(None)
        } else {
            None
        };
        match branch_guard {
            Some(guard) => OutwardFrames {
                widest: None,
                guard,
                under_break_target,
            },
            None => OutwardFrames {
                under_break_target,
                ..self.clone()
            },
        }
    }
}

impl JumpExits {
    /// The exits of the jumps under `root`, a tree of `text`.
    pub(crate) fn of(
        root: Node,
        text: &str,
        syntax: &JumpSyntax,
        is_jump: impl Fn(Node) -> bool,
    ) -> JumpExits {
        let starts = offsets_of(text, syntax.jump_words);
        let mut exits = HashMap::new();
        let mut cursor = root.walk();
        let mut pending = vec![(root, OutwardFrames::default())];
        while let Some((parent, frames)) = pending.pop() {
            if is_jump(parent) {
                exits.insert(parent.id(), frames.clone());
            }
            let kind = parent.kind_name();
            let condition = (syntax.decided.iter())
                .find(|(k, _)| *k == kind)
                .map(|(_, holder)| decided_by(parent, holder));
            pending.extend(
                parent
                    .children(&mut cursor)
                    .filter(|&child| holds_offset(&starts, child))
                    .map(|child| (child, frames.entering(parent, child, syntax, &condition))),
            );
        }
        JumpExits(exits)
    }

    /// The exit facts of the jump `node`, as `jump_exit` gives them.
    pub(crate) fn exit(&self, node: Node, leaves: Leaves) -> Option<Exit> {
        let frames = self.0.get(&node.id())?;
        if leaves == Leaves::Loop && frames.under_break_target {
            return None;
        }
        Some(Exit {
            leaves,
            unconditional_in: frames.widest.clone().unwrap_or_else(|| node.byte_range()),
            guard: frames.guard.clone(),
        })
    }
}

/// The range of a conditional's field `holder` (all of its nodes), or of
/// its first child of kind `holder`.
fn decided_by(conditional: Node, holder: &str) -> Option<ByteRange> {
    let mut cursor = conditional.walk();
    let parts: Vec<Node> = conditional
        .children_by_field_name(holder, &mut cursor)
        .collect();
    if let (Some(first), Some(last)) = (parts.first(), parts.last()) {
        return Some(first.start_byte()..last.end_byte());
    }
    named_children(conditional)
        .into_iter()
        .find(|c| c.kind_name() == holder)
        .map(|c| c.byte_range())
}

/// Records in `model.conditional_calls` every call that lies on a branch
/// between itself and its nearest loop, closure or function, reading the
/// branches from the tree the model was lowered from.
pub(crate) fn mark_conditional_calls(model: &mut Model, root: Node, syntax: &JumpSyntax) {
    let calls: Vec<(crate::model::NodeId, ByteRange)> = model
        .calls()
        .map(|(id, _)| (id, model.node(id).range.clone()))
        .collect();
    let ranges: Vec<ByteRange> = calls.iter().map(|(_, range)| range.clone()).collect();
    for ((id, _), on_branch) in calls.into_iter().zip(branches_at(root, &ranges, syntax)) {
        if on_branch == Some(true) {
            model.conditional_calls.insert(id);
        }
    }
}

/// The rules by which a node's answer follows from its parent's: whether
/// `child` of `parent` lies on a branch between itself and its nearest
/// loop, closure or function, `parent_on_branch` being its parent's answer.
/// `conditions` keeps, by node id, the range deciding each conditional met.
fn child_on_branch(
    parent: Node,
    child: Node,
    parent_on_branch: bool,
    syntax: &JumpSyntax,
    conditions: &mut HashMap<usize, Option<ByteRange>>,
) -> bool {
    let kind = parent.kind_name();
    if syntax.boundaries.contains(&kind) {
        false
    } else if let Some((_, holder)) = syntax.decided.iter().find(|(k, _)| *k == kind) {
        let condition = conditions
            .entry(parent.id())
            .or_insert_with(|| decided_by(parent, holder));
        let in_condition = condition.as_ref().is_some_and(|condition| {
            condition.start <= child.start_byte() && child.end_byte() <= condition.end
        });
        !in_condition || parent_on_branch
    } else if syntax.short_circuits(parent) {
        // The left operand of `?:`, `??`, `&&` always runs; only the rest
        // is a branch.
        parent.named_child(0) != Some(child) || parent_on_branch
    } else {
        parent_on_branch
    }
}

/// For each of `ranges`, whether the smallest node spanning it (the one
/// `Node::descendant_for_byte_range` finds) lies on a branch between
/// itself and its nearest loop, closure or function; None for a range
/// outside the tree.
///
/// The ranges are visited in source order by one cursor that keeps the
/// path from the root and each node's answer on it: the next range's node
/// is reached from the last one's, each node's answer following from its
/// parent's. (Asking a node's ancestors instead costs the square of the
/// depth, since tree-sitter finds a parent by descending from the root: a
/// chain of a thousand calls took minutes. Walking every node holding a
/// call, then finding each call's node from the root, cost a twentieth of a
/// Kotlin run.) A range holding no byte is looked up from the root.
fn branches_at(root: Node, ranges: &[ByteRange], syntax: &JumpSyntax) -> Vec<Option<bool>> {
    let mut conditions = HashMap::new();
    let mut answers = vec![None; ranges.len()];
    let mut order: Vec<usize> = (0..ranges.len()).collect();
    // Outer before inner where two start together (`a.b().c()`, `a.b()`).
    order.sort_by_key(|&i| (ranges[i].start, std::cmp::Reverse(ranges[i].end)));
    let contains = |node: Node, range: &ByteRange| {
        node.start_byte() <= range.start && range.end <= node.end_byte()
    };
    let mut cursor = root.walk();
    // The nodes from the root to the cursor's, with their answers.
    let mut path: Vec<(Node, bool)> = vec![(root, false)];
    for index in order {
        let range = &ranges[index];
        if range.start >= range.end || !contains(root, range) {
            if range.start == range.end {
                answers[index] = empty_range_on_branch(root, range, syntax, &mut conditions);
            }
            continue;
        }
        // Up (or on to a later sibling) to the innermost node holding it.
        // Once climbed out of a node, its parent's children hold none of it
        // (none after it starts early enough); a later sibling's may.
        let mut children_may_hold_it = true;
        loop {
            let (node, _) = path[path.len() - 1];
            if contains(node, range) {
                break;
            }
            if node.end_byte() <= range.start && path.len() > 1 && cursor.goto_next_sibling() {
                let sibling = cursor.node();
                let (parent, parent_on_branch) = path[path.len() - 2];
                let on_branch =
                    child_on_branch(parent, sibling, parent_on_branch, syntax, &mut conditions);
                let last = path.len() - 1;
                path[last] = (sibling, on_branch);
                children_may_hold_it = true;
                continue;
            }
            children_may_hold_it = false;
            cursor.goto_parent();
            path.pop();
        }
        // Down through the children holding it: among siblings, which do
        // not overlap, only the first ending past its start can.
        while children_may_hold_it && cursor.goto_first_child_for_byte(range.start).is_some() {
            let child = cursor.node();
            if !contains(child, range) {
                cursor.goto_parent();
                break;
            }
            let (parent, parent_on_branch) = path[path.len() - 1];
            let on_branch =
                child_on_branch(parent, child, parent_on_branch, syntax, &mut conditions);
            path.push((child, on_branch));
        }
        answers[index] = Some(path[path.len() - 1].1);
    }
    answers
}

/// `branches_at` for a range holding no byte, where tree-sitter's lookup
/// may settle on an empty node touching it: the same descent, from the
/// root, through every child.
fn empty_range_on_branch(
    root: Node,
    range: &ByteRange,
    syntax: &JumpSyntax,
    conditions: &mut HashMap<usize, Option<ByteRange>>,
) -> Option<bool> {
    if root.end_byte() < range.end || range.start < root.start_byte() {
        return None;
    }
    let mut cursor = root.walk();
    let mut on_branch = false;
    loop {
        let parent = cursor.node();
        if !cursor.goto_first_child() {
            return Some(on_branch);
        }
        let child = loop {
            let child = cursor.node();
            let (start, end) = (child.start_byte(), child.end_byte());
            let touches = if start == end {
                end >= range.start
            } else {
                end > range.start
            };
            if end >= range.end && touches {
                if range.start < start {
                    break None;
                }
                break Some(child);
            }
            if !cursor.goto_next_sibling() {
                break None;
            }
        };
        let Some(child) = child else {
            return Some(on_branch);
        };
        on_branch = child_on_branch(parent, child, on_branch, syntax, conditions);
    }
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    #[test]
    fn kind_names_from_the_table_are_tree_sitters() {
        let grammars: [(tree_sitter::Language, &str); 2] = [
            (
                tree_sitter_kotlin_ng::LANGUAGE.into(),
                "class A { fun f(x: Int?) = x ?: g() }\nval s = \"a${b}c\" // note\n",
            ),
            (
                tree_sitter_swift::LANGUAGE.into(),
                "struct A { func f(x: Int?) -> Int { x ?? g() } }\nlet s = \"a\\(b)c\" // note\n",
            ),
        ];
        for (grammar, text) in grammars {
            let mut parser = Parser::new();
            parser.set_language(&grammar).expect("the grammar loads");
            let tree = parser.parse(text, None).expect("a tree");
            // The tree's grammar is one of the tables': they are read.
            let table_of_tree =
                (kind_tables().iter()).any(|table| *table.grammar == *tree.root_node().language());
            assert!(table_of_tree);
            let mut cursor = tree.walk();
            let mut seen = 0;
            loop {
                let node = cursor.node();
                assert_eq!(node.kind_name(), node.kind());
                seen += 1;
                if cursor.goto_first_child() {
                    continue;
                }
                while !cursor.goto_next_sibling() {
                    if !cursor.goto_parent() {
                        break;
                    }
                }
                if cursor.node() == tree.root_node() {
                    break;
                }
            }
            assert!(seen > 20);
        }
    }
}

#[cfg(test)]
mod depth_tests {
    use super::*;

    /// The first node deeper than the limit, in source order, every node
    /// visited: an explicit stack of (node, depth), children pushed last
    /// first so that they come off in order.
    fn too_deep_walking_everything(tree: &Tree) -> Option<usize> {
        let mut pending = vec![(tree.root_node(), 0usize)];
        while let Some((node, depth)) = pending.pop() {
            if depth > MAX_SYNTAX_DEPTH {
                return Some(node.start_byte());
            }
            pending.extend(
                children(node)
                    .into_iter()
                    .rev()
                    .map(|child| (child, depth + 1)),
            );
        }
        None
    }

    #[test]
    fn skipping_small_subtrees_finds_the_same_first_deep_node() {
        let kotlin = || tree_sitter_kotlin_ng::LANGUAGE.into();
        // Ordinary code before and after nesting near the limit, under it
        // and over it: prefix operators nest without brackets.
        let nested = |depth: usize| {
            format!(
                "class A {{ fun f(x: Boolean) {{ if (x) g() else h() }} }}\nval v = {}x\nfun k() {{ val y = listOf(1, 2).map {{ it + 1 }} }}\n",
                "!".repeat(depth)
            )
        };
        for depth in [
            10,
            MAX_SYNTAX_DEPTH / 2,
            MAX_SYNTAX_DEPTH - 3,
            MAX_SYNTAX_DEPTH + 10,
        ] {
            let text = nested(depth);
            let mut parser = Parser::new();
            parser.set_language(&kotlin()).expect("the grammar loads");
            let tree = parser.parse(&text, None).expect("a tree");
            assert_eq!(
                too_deep(&tree),
                too_deep_walking_everything(&tree),
                "{depth}"
            );
        }
        let mut parser = Parser::new();
        parser.set_language(&kotlin()).expect("the grammar loads");
        let over = nested(MAX_SYNTAX_DEPTH + 10);
        let tree = parser.parse(&over, None).expect("a tree");
        assert!(too_deep(&tree).is_some());
    }
}

#[cfg(test)]
mod branch_tests {
    use super::*;
    use foldhash::{HashSet, HashSetExt};

    /// Whether each node lies on a branch, every node walked from the root,
    /// a node's answer following from its parent's.
    fn nodes_on_branches_walking_everything(root: Node, syntax: &JumpSyntax) -> HashSet<usize> {
        let mut on_branch = HashSet::new();
        let mut pending = vec![(root, false)];
        while let Some((parent, parent_on_branch)) = pending.pop() {
            if parent_on_branch {
                on_branch.insert(parent.id());
            }
            let kind = parent.kind_name();
            let condition = (syntax.decided.iter())
                .find(|(k, _)| *k == kind)
                .map(|(_, holder)| decided_by(parent, holder));
            let first_operand = parent.named_child(0);
            for child in children(parent) {
                let child_on_branch = if syntax.boundaries.contains(&kind) {
                    false
                } else if let Some(condition) = &condition {
                    let inside = condition.as_ref().is_some_and(|range| {
                        range.start <= child.start_byte() && child.end_byte() <= range.end
                    });
                    !inside || parent_on_branch
                } else if syntax.short_circuits(parent) && first_operand != Some(child) {
                    true
                } else {
                    parent_on_branch
                };
                pending.push((child, child_on_branch));
            }
        }
        on_branch
    }

    /// Every range a call can have in the tree of `text` answers as the
    /// node tree-sitter finds for it, looked up in a walk of every node.
    fn assert_descent_answers_as_the_walk(
        language: tree_sitter::Language,
        syntax: &JumpSyntax,
        text: &str,
    ) {
        let mut parser = Parser::new();
        parser.set_language(&language).expect("the grammar loads");
        let tree = parser.parse(text, None).expect("a tree");
        let root = tree.root_node();
        let on_branch = nodes_on_branches_walking_everything(root, syntax);
        let mut ranges = Vec::new();
        let mut cursor = root.walk();
        loop {
            let node = cursor.node();
            ranges.push(node.byte_range());
            // A range inside a node's, and one across two siblings.
            if node.end_byte() > node.start_byte() + 2 {
                ranges.push(node.start_byte() + 1..node.end_byte() - 1);
            }
            if let Some(next) = node.next_sibling() {
                ranges.push(node.start_byte()..next.end_byte());
            }
            if cursor.goto_first_child() {
                continue;
            }
            while !cursor.goto_next_sibling() {
                if !cursor.goto_parent() {
                    break;
                }
            }
            if cursor.node() == root {
                break;
            }
        }
        // Empty ranges too: before, between and after nodes.
        ranges.extend([0..0, text.len()..text.len(), 10..10, 11..11, 40..40]);
        // All at once, and in subsets that make the cursor climb out of a
        // node and go down into a later one's children.
        let every_third: Vec<ByteRange> = ranges.iter().step_by(3).cloned().collect();
        let leaves: Vec<ByteRange> = ranges
            .iter()
            .filter(|range| {
                root.descendant_for_byte_range(range.start, range.end)
                    .is_some_and(|node| node.child_count() == 0)
            })
            .cloned()
            .collect();
        for ranges in [ranges, every_third, leaves] {
            let found = branches_at(root, &ranges, syntax);
            for (range, found) in ranges.iter().zip(found) {
                let expected = root
                    .descendant_for_byte_range(range.start, range.end)
                    .map(|node| on_branch.contains(&node.id()));
                assert_eq!(found, expected, "{range:?} in {text:.200}");
            }
        }
    }

    #[test]
    fn the_rule_fixtures_answer_as_walking_every_node() {
        let files = crate::fixture_files(std::path::Path::new("testdata/rules"));
        let mut checked = 0;
        for path in files {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            match path.extension().and_then(|e| e.to_str()) {
                Some("kt") => assert_descent_answers_as_the_walk(
                    tree_sitter_kotlin_ng::LANGUAGE.into(),
                    &crate::lang::kotlin::JUMPS,
                    &text,
                ),
                Some("swift") => assert_descent_answers_as_the_walk(
                    tree_sitter_swift::LANGUAGE.into(),
                    &crate::lang::swift::JUMPS,
                    &text,
                ),
                _ => continue,
            }
            checked += 1;
        }
        assert!(checked > 50, "only {checked} fixtures found");
    }

    #[test]
    fn one_descent_per_call_answers_as_walking_every_node() {
        assert_descent_answers_as_the_walk(
            tree_sitter_kotlin_ng::LANGUAGE.into(),
            &crate::lang::kotlin::JUMPS,
            "fun f(items: List<Int>, db: Db?) {\n    if (items.isEmpty()) return else db?.save(items.first())\n    val n = db?.count() ?: db!!.load(1)\n    when (n) { 1 -> g(n) else -> h(n) }\n    ok() && db!!.write(n)\n    for (i in items) { if (i > 0) put(i) }\n    items.forEach { x -> try { db!!.insert(x) } catch (e: Exception) { log(e) } }\n}\n",
        );
        assert_descent_answers_as_the_walk(
            tree_sitter_swift::LANGUAGE.into(),
            &crate::lang::swift::JUMPS,
            "func f(items: [Int], db: Db?) throws {\n    guard let db = db else { fail(); return }\n    if items.isEmpty { db.save(0) } else { db.save(1) }\n    let n = db.count() ?? db.load(1)\n    switch n { case 1: g(n) default: h(n) }\n    _ = ok() && db.write(n)\n    for i in items where i > 0 { put(i) }\n    do { try db.insert(n) } catch { log(error) }\n}\n",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::bodies::blank_function_bodies;
    use crate::source::Language;

    /// Every node's kind and place, in tree order.
    fn nodes(tree: &Tree) -> Vec<(u16, ByteRange, tree_sitter::Point, tree_sitter::Point)> {
        let mut cursor = tree.walk();
        let mut nodes = Vec::new();
        loop {
            let node = cursor.node();
            nodes.push((
                node.kind_id(),
                node.byte_range(),
                node.start_position(),
                node.end_position(),
            ));
            if cursor.goto_first_child() {
                continue;
            }
            while !cursor.goto_next_sibling() {
                if !cursor.goto_parent() {
                    return nodes;
                }
            }
        }
    }

    /// Every Kotlin and Swift file of the test data, with its function
    /// bodies blanked, parses to the same tree whether the parser reads
    /// the blanks or skips them.
    #[test]
    fn skipping_blanks_leaves_the_tree_as_it_was() {
        let paths = crate::fixture_files(std::path::Path::new("testdata"));
        let mut skipped_in = 0;
        for path in paths
            .iter()
            .filter(|path| path.extension().is_some_and(|e| e == "kt" || e == "swift"))
        {
            let text = std::fs::read_to_string(path).expect("a fixture is UTF-8");
            let (language, grammar, name) = match path.extension().and_then(|e| e.to_str()) {
                Some("kt") => (
                    Language::Kotlin,
                    tree_sitter_kotlin_ng::LANGUAGE.into(),
                    "Kotlin",
                ),
                _ => (Language::Swift, tree_sitter_swift::LANGUAGE.into(), "Swift"),
            };
            let Some(blanked) = blank_function_bodies(&text, language) else {
                continue;
            };
            let mut parser =
                BudgetedParser::new(grammar, name, PARSE_BUDGET).expect("the grammar loads");
            let read = parser.parse(&blanked.text).expect("parses");
            let skipping = (parser.parse_skipping(&blanked.text, &blanked.bodies)).expect("parses");
            assert_eq!(nodes(&read), nodes(&skipping), "{}", path.display());
            if included_around(&blanked.text, &blanked.bodies).len() > 1 {
                skipped_in += 1;
            }
        }
        // The comparison means something only where blanks were skipped.
        assert!(skipped_in >= 40, "blanks skipped in {skipped_in} files");
    }

    #[test]
    fn a_skipped_run_keeps_its_last_line_break_or_space() {
        let text = format!(
            "fun a() {{{}\n    }}\nfun b() {{{}}}\nfun c() {{{}}}\nx",
            " ".repeat(40),
            " ".repeat(40),
            " ".repeat(8)
        );
        let body = |name: &str| {
            let start = text.find(&format!("{name}() {{")).expect("declared") + 5;
            start..start + text[start..].find('}').expect("closed")
        };
        let blanks = [body("a"), body("b"), body("c")];
        let included = included_around(&text, &blanks);
        let read: Vec<&str> = included
            .iter()
            .map(|r| &text[r.start_byte..r.end_byte])
            .collect();
        // `a` keeps its line break and the indent after it; `b`, with
        // none, its last space; `c` is too short to skip.
        let c = format!(" }}\nfun c() {{{}}}\nx", " ".repeat(8));
        assert_eq!(read, ["fun a() {", "\n    }\nfun b() {", c.as_str()]);
        for range in &included {
            assert_eq!(range.start_point, point_of(&text, range.start_byte));
            assert_eq!(range.end_point, point_of(&text, range.end_byte));
        }
        // Two runs with only blanks between are one; a range holding code
        // is read.
        let text = format!("{{{}\n{}}}", " ".repeat(40), " ".repeat(40));
        let included = included_around(&text, &[1..41, 42..82]);
        let read: Vec<&str> = included
            .iter()
            .map(|r| &text[r.start_byte..r.end_byte])
            .collect();
        assert_eq!(read, ["{".to_string(), format!("\n{}}}", " ".repeat(40))]);
        let holding_code: ByteRange = 0..82;
        assert_eq!(
            included_around(&text, std::slice::from_ref(&holding_code)).len(),
            1
        );
        // Of many runs, the longest are skipped, in order.
        let mut text = String::new();
        let mut blanks = Vec::new();
        for length in 0..(2 * MAX_SKIPPED_RUNS) {
            text.push('{');
            blanks.push(text.len()..text.len() + MIN_SKIPPED + 1 + length);
            text.push_str(&" ".repeat(MIN_SKIPPED + 1 + length));
            text.push('}');
        }
        let included = included_around(&text, &blanks);
        assert_eq!(included.len(), MAX_SKIPPED_RUNS + 1);
        let longest = &blanks[MAX_SKIPPED_RUNS..];
        for (range, blank) in included.iter().skip(1).zip(longest) {
            assert_eq!(range.start_byte, blank.end - 1);
        }
    }
}
