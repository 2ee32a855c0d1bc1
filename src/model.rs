//! The language-neutral model every frontend lowers into.
//!
//! A file becomes a flat list of nodes in source order, each with a link to its
//! parent. Rules ask questions of shape ("is this call inside a loop of the
//! same function?") by walking parent links, and never see a syntax tree.

use foldhash::{HashMap, HashMapExt};
use std::sync::OnceLock;

use crate::source::{ByteRange, Language};
use crate::sql_facts::SqlFact;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Debug)]
pub struct Model {
    pub language: Language,
    /// Nodes in source order: a parent always comes before its children.
    pub nodes: Vec<Node>,
    pub comments: Vec<Comment>,
    /// Byte ranges the parser could not make sense of (tree-sitter ERROR
    /// nodes). Everything outside them was still lowered.
    pub unparsed: Vec<ByteRange>,
    /// What the file imports, as written: `android.database.sqlite.SQLiteDatabase`,
    /// `SQLite`, `rusqlite::Connection`. Catalog rows for generic names (a
    /// `Connection(...)`) only count when their library is imported.
    pub imports: Vec<String>,
    /// SQL the frontend read directly rather than through a call: the
    /// statements of a `.sql` file, lexed once together with its comments.
    pub sql_facts: Vec<SqlFact>,
    /// Items the frontend knows are test code from a syntax-level marker the
    /// model does not otherwise keep (Rust `#[cfg(test)]` modules and
    /// `#[test]` items). `context::TestCode` adds what the model shows.
    pub test_items: Vec<ByteRange>,
    /// Code the frontend knows is built only for Apple platforms (Rust
    /// `#[cfg(target_os = "macos")]`, `#[cfg(target_vendor = "apple")]` on an
    /// item, statement or match arm): there some portable calls mean
    /// something stronger (std's `File::sync_all` is `F_FULLFSYNC`).
    pub apple_only: Vec<ByteRange>,
    /// (type, supertype) pairs the file declares: Rust `impl Trait for
    /// Type`, Kotlin `class A : B(), I`, Swift `class A: B, P`. A type has
    /// its supertypes' methods; a call of an interface method runs an
    /// implementation's.
    pub supertypes: Vec<(String, String)>,
    /// Type declarations that add to a type declared elsewhere: Swift
    /// `extension View`, Rust `impl Display for Note`. They make the type's
    /// values reach project functions, not the type the project's own.
    pub extensions: foldhash::HashSet<NodeId>,
    /// Kotlin `object` declarations: singletons, which no type extends.
    pub objects: foldhash::HashSet<NodeId>,
    /// Calls that run only on some branch (an `if`, a `when`/`switch` arm,
    /// the right of `?:` or `&&`) of the code between them and their
    /// nearest loop, closure or function: not every time that code runs.
    pub conditional_calls: foldhash::HashSet<NodeId>,
    /// (alias, name) pairs of types imported under another name
    /// (`use a::Connection as Db`, Kotlin `import a.Connection as Db`).
    pub aliases: Vec<(String, String)>,
    /// The Kotlin `package` the file declares: top-level functions of the
    /// same package are visible without an import.
    pub package: Option<String>,
    /// Each node's children, built on first use: rules ask for children of
    /// every function and type, and a scan of all nodes per question made
    /// summarising a file quadratic in its size.
    child_lists: OnceLock<Vec<Vec<NodeId>>>,
    /// The bindings of each name, in node order, built on first use: a
    /// lookup per use of a name otherwise scans every node.
    bindings_by_name: OnceLock<HashMap<String, Vec<NodeId>>>,
    /// The same bindings by name and then by the scope that declares them.
    bindings_by_scope: OnceLock<HashMap<String, HashMap<NodeId, ScopeBindings>>>,
}

/// The bindings of one name declared directly in one scope.
#[derive(Debug, Default)]
pub struct ScopeBindings {
    /// In source order.
    pub all: Vec<NodeId>,
    /// The last that is not a local: a parameter, property or constant is
    /// visible before its declaration too.
    pub last_non_local: Option<NodeId>,
}

#[derive(Debug)]
pub struct Node {
    pub parent: Option<NodeId>,
    /// The whole construct (a loop's range covers its header and body).
    pub range: ByteRange,
    pub kind: NodeKind,
}

#[derive(Debug)]
pub enum NodeKind {
    /// class, struct, enum, protocol/interface/trait, extension, object, impl block.
    TypeDecl {
        name: String,
    },
    Function(Function),
    /// A closure or lambda. `iteration` is true when it is the body of a
    /// higher-order iteration call (`forEach`, `for_each`, `map`...), which
    /// makes it a loop body.
    Closure {
        iteration: bool,
    },
    Loop(LoopKind),
    Call(Call),
    Str(StrLit),
    Binding(Binding),
    Return(Value),
    Assign {
        target: Vec<Segment>,
        value: Value,
    },
    /// A `return` or an unlabelled `break`: where it leaves from and on
    /// which path. Labelled jumps, `continue` and `throw` are not lowered.
    Exit(Exit),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exit {
    pub leaves: Leaves,
    /// The widest block around the exit that runs it whenever the block
    /// runs (no branch between them): whatever comes before the exit in it
    /// runs at most once before the loop is left.
    pub unconditional_in: ByteRange,
    /// The condition or matched value of the branch the exit is taken in
    /// (`if f.sync_all().is_ok() { break }`, `match f.sync_all() { .. =>
    /// return r }`). None for a branch that only failure takes (`guard
    /// .. else`, `?:`, `catch`), or no branch.
    pub guard: Option<ByteRange>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leaves {
    /// `return`: every loop up to its function or closure.
    Function,
    /// `break`: the nearest loop.
    Loop,
}

/// How many items a loop over a list written out may have and still be
/// read as the same code written that many times (`for path in [a, b]`).
pub const UNROLLED_ITEMS: usize = 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopKind {
    For,
    While,
    /// `repeat { } while` (Swift), `do { } while` (Kotlin), `loop { }`
    /// (Rust), `while true`: runs until something leaves it.
    Repeat,
    /// A `for` over a list written out in the source (`[a, b]`,
    /// `listOf(a, b)`, or a local bound to one): a few candidates, tried in
    /// turn, or a fixed few items.
    ForLiteral {
        items: usize,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    pub kind: FunctionKind,
    /// The name token, for labels.
    pub name_range: ByteRange,
    /// The declared return type's last segment without generics or
    /// optionality (`Self` as written): the project stage follows receiver
    /// chains such as `AppDatabase.instance.fooDao().insert(x)` through it.
    pub returns: Option<String>,
    /// Callable only from its own file: Kotlin and Swift `private` /
    /// `fileprivate`, a Rust item without `pub` (its module, which is
    /// its file but for inline modules).
    pub file_private: bool,
    /// The type a Kotlin extension function (`fun Foo.bar()`) or Swift
    /// extension adds the function to, when it is not the enclosing type.
    pub extends: Option<String>,
    /// False for a declaration without a body (a Kotlin interface or
    /// abstract method): calls of it run one of its implementations.
    pub has_body: bool,
    /// `suspend` (Kotlin) or `async` (Swift, Rust): a call of it may wait
    /// on I/O, even where nothing at the call site says `await`.
    pub asynchronous: bool,
    /// The trait whose method this is, as written (Rust `impl
    /// managed::Manager for Pool`): when the trait is a library's, the
    /// library calls it.
    pub implements: Option<String>,
    /// Written `override` (Kotlin, Swift): it replaces a supertype's
    /// method, so whatever calls the supertype's calls it too.
    pub overrides: bool,
    /// The argument labels every call of it writes (Swift: `query` and
    /// `values` for `func count(query: String, values: [Any])`): a
    /// parameter's external name, but `_`, one with a default value, and a
    /// function's, which a trailing closure passes without its label.
    pub call_labels: Vec<String>,
}

impl Function {
    pub fn new(name: impl Into<String>, kind: FunctionKind, name_range: ByteRange) -> Function {
        Function {
            name: name.into(),
            kind,
            name_range,
            returns: None,
            file_private: false,
            extends: None,
            has_body: true,
            asynchronous: false,
            implements: None,
            overrides: false,
            call_labels: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FunctionKind {
    /// fn / func / fun, free or a method.
    Plain,
    /// Swift `init`, Kotlin constructor or `init {}` block.
    Initializer,
    Deinitializer,
    /// Property getter (`get`, a computed property's body).
    Getter,
    /// Property setter (`set`, Swift's `_modify`): runs on every change.
    Setter,
    /// Swift `willSet` / `didSet`.
    Observer,
}

/// A call `receiver.name(args)`. Constructor calls (`FileHandle(...)`,
/// `File(...)`) are calls whose name is the type; Rust path calls
/// (`File::create(p)`) keep the path in `receiver`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    pub name: String,
    pub receiver: Vec<Segment>,
    pub args: Vec<Arg>,
    pub name_range: ByteRange,
    /// Awaited (`x.await`, `await x`): the widest block that runs the await
    /// whenever it runs (no branch between them), as `Exit::unconditional_in`.
    pub awaited: Option<ByteRange>,
}

/// One link of a receiver chain: `prefs.edit().putInt(k, v)` is
/// `[Name("prefs"), Call("edit"), Call("putInt")]`. `self`/`this` at the start
/// are kept as names; `Other` stands for anything that is not a plain chain
/// (a parenthesised expression, a subscript, a literal).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Segment {
    Name(String),
    Call(String),
    Other,
}

/// The longest receiver chain the frontends keep. A longer one keeps its
/// last segments behind a leading `Other`: no catalog entry spans that many
/// links, and a chain of thousands of calls (generated code) would otherwise
/// be copied into every call along it, quadratic in time and memory.
pub const MAX_CHAIN_SEGMENTS: usize = 64;

/// Shortens `segments` to `MAX_CHAIN_SEGMENTS`, keeping its end.
pub fn cap_chain(segments: &mut Vec<Segment>) {
    if segments.len() > MAX_CHAIN_SEGMENTS {
        let cut = segments.len() - (MAX_CHAIN_SEGMENTS - 1);
        segments.splice(..cut, [Segment::Other]);
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    /// Swift argument label or Kotlin named argument.
    pub label: Option<String>,
    pub value: Value,
    pub range: ByteRange,
}

/// The little a rule may need to know about an expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A string literal (or, later, a constant expression of literals): the `Str` node.
    Str(NodeId),
    /// An identifier, path, member access or call chain. A chain that ends in
    /// a call ends in `Segment::Call`.
    Chain(Vec<Segment>),
    Other,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    pub name: String,
    pub kind: BindingKind,
    /// The written type's last path segment without generic arguments or
    /// optionality: `java.io.FileDescriptor?` -> `FileDescriptor`.
    pub declared_type: Option<String>,
    pub init: Value,
    pub name_range: ByteRange,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindingKind {
    Local,
    Parameter,
    /// A stored or computed property / field of a type.
    Property,
    /// A file- or type-level constant (`const val`, `static let`, Rust `const`/`static`).
    Constant,
}

#[derive(Debug, Clone)]
pub struct Comment {
    pub range: ByteRange,
    pub text: String,
}

/// A string's value with a byte-exact map back to the source.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StrLit {
    pub value: String,
    pub map: SourceMap,
    /// True when some part of the value stands for an interpolated expression.
    pub has_holes: bool,
}

/// Maps each byte of a string value to the source bytes that produced it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SourceMap {
    /// Value byte `i` is source byte `offset + i` (raw strings without escapes, `.sql` files).
    Identity { offset: usize },
    /// `spans[i]` is the source range that produced value byte `i`: one byte
    /// for a verbatim byte, the whole escape for an escaped one, the whole
    /// `${...}` for a hole's placeholder.
    Spans(Vec<(u32, u32)>),
}

/// What stands in a string's value for an interpolated expression. It is an
/// identifier so that SQL around a hole still parses; no rule treats it as a
/// known value.
pub const HOLE: &str = "__storlint_hole__";

impl StrLit {
    /// Maps a range of the value to the source range that produced it.
    pub fn source_range(&self, value_range: ByteRange) -> ByteRange {
        match &self.map {
            SourceMap::Identity { offset } => offset + value_range.start..offset + value_range.end,
            SourceMap::Spans(spans) => {
                if spans.is_empty() {
                    return 0..0;
                }
                let last = spans.len() - 1;
                let start = spans[value_range.start.min(last)].0 as usize;
                if value_range.end <= value_range.start {
                    return start..start;
                }
                let end = spans[(value_range.end - 1).min(last)].1 as usize;
                start..end.max(start)
            }
        }
    }
}

/// The string values of constants a frontend has evaluated, by a key the
/// frontend chooses for each constant's initializer. While one is being
/// evaluated it reads as unknown, so a constant defined through itself ends
/// in a hole instead of recursing forever.
#[derive(Debug, Default)]
pub struct ConstantValues(std::cell::RefCell<foldhash::HashMap<usize, Option<StrLit>>>);

impl ConstantValues {
    pub fn get_or_evaluate(
        &self,
        key: usize,
        evaluate: impl FnOnce() -> Option<StrLit>,
    ) -> Option<StrLit> {
        if let Some(known) = self.0.borrow().get(&key) {
            return known.clone();
        }
        self.0.borrow_mut().insert(key, None);
        let value = evaluate();
        self.0.borrow_mut().insert(key, value.clone());
        value
    }
}

/// Builds a `StrLit` piece by piece while a frontend decodes a literal.
#[derive(Debug, Default)]
pub struct StrBuilder {
    value: String,
    spans: Vec<(u32, u32)>,
    has_holes: bool,
}

impl StrBuilder {
    pub fn new() -> StrBuilder {
        StrBuilder::default()
    }

    /// Text copied as-is from the source starting at `source_start`.
    pub fn verbatim(&mut self, text: &str, source_start: usize) {
        self.value.push_str(text);
        self.spans.extend(
            (0..text.len()).map(|i| ((source_start + i) as u32, (source_start + i + 1) as u32)),
        );
    }

    /// Text produced by an escape sequence (or any other source construct)
    /// spanning `source`.
    pub fn mapped(&mut self, text: &str, source: ByteRange) {
        self.value.push_str(text);
        self.spans.extend(std::iter::repeat_n(
            (source.start as u32, source.end as u32),
            text.len(),
        ));
    }

    /// An interpolated expression spanning `source`.
    pub fn hole(&mut self, source: ByteRange) {
        self.has_holes = true;
        self.mapped(HOLE, source);
    }

    /// Appends another literal (string concatenation).
    pub fn append(&mut self, other: &StrLit) {
        let start = self.value.len();
        self.value.push_str(&other.value);
        self.has_holes |= other.has_holes;
        for i in 0..other.value.len() {
            let r = other.source_range(i..i + 1);
            self.spans.push((r.start as u32, r.end as u32));
        }
        debug_assert_eq!(self.spans.len(), start + other.value.len());
    }

    pub fn finish(self) -> StrLit {
        StrLit {
            value: self.value,
            map: SourceMap::Spans(self.spans),
            has_holes: self.has_holes,
        }
    }
}

impl StrLit {
    /// Keeps only the value bytes for which `keep` is true, carrying the map
    /// along (used for Kotlin `trimIndent()`/`trimMargin()`). `keep` must keep or
    /// drop whole UTF-8 characters.
    pub fn filter_bytes(&self, keep: impl Fn(usize) -> bool) -> StrLit {
        let mut builder = StrBuilder::new();
        let mut kept = Vec::with_capacity(self.value.len());
        for i in 0..self.value.len() {
            if keep(i) {
                kept.push(self.value.as_bytes()[i]);
                let r = self.source_range(i..i + 1);
                builder.spans.push((r.start as u32, r.end as u32));
            }
        }
        builder.value = String::from_utf8_lossy(&kept).into_owned();
        builder.has_holes = self.has_holes;
        builder.finish()
    }
}

impl Model {
    pub fn new(language: Language) -> Model {
        Model {
            language,
            nodes: Vec::new(),
            comments: Vec::new(),
            unparsed: Vec::new(),
            imports: Vec::new(),
            sql_facts: Vec::new(),
            test_items: Vec::new(),
            apple_only: Vec::new(),
            package: None,
            supertypes: Vec::new(),
            extensions: Default::default(),
            objects: Default::default(),
            aliases: Vec::new(),
            conditional_calls: Default::default(),
            child_lists: OnceLock::new(),
            bindings_by_name: OnceLock::new(),
            bindings_by_scope: OnceLock::new(),
        }
    }

    /// Keeps every range within a text of `len` bytes: a frontend that
    /// parsed a padded copy of the text may end a range in the padding.
    pub fn clamp_ranges(&mut self, len: usize) {
        let clamp = |range: &mut ByteRange| {
            range.end = range.end.min(len);
            range.start = range.start.min(range.end);
        };
        for node in &mut self.nodes {
            clamp(&mut node.range);
        }
        for comment in &mut self.comments {
            clamp(&mut comment.range);
        }
        for range in self.unparsed.iter_mut().chain(&mut self.apple_only) {
            clamp(range);
        }
    }

    /// Whether `range` lies in code built only for Apple platforms.
    pub fn is_apple_only(&self, range: &ByteRange) -> bool {
        self.apple_only
            .iter()
            .any(|outer| outer.start <= range.start && range.end <= outer.end)
    }

    /// Adds a node; its parent must already be in the model.
    pub fn push(&mut self, parent: Option<NodeId>, range: ByteRange, kind: NodeKind) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.child_lists = OnceLock::new();
        self.bindings_by_name = OnceLock::new();
        self.bindings_by_scope = OnceLock::new();
        self.nodes.push(Node {
            parent,
            range,
            kind,
        });
        id
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    pub fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len() as u32).map(NodeId)
    }

    /// Parent, grandparent, ... up to the root.
    pub fn ancestors(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.node(id).parent, move |&p| self.node(p).parent)
    }

    /// Direct children, in source order.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let lists = self.child_lists.get_or_init(|| {
            let mut lists = vec![Vec::new(); self.nodes.len()];
            for child in self.ids() {
                if let Some(parent) = self.node(child).parent {
                    lists[parent.index()].push(child);
                }
            }
            lists
        });
        lists[id.index()].iter().copied()
    }

    /// The bindings (locals, parameters, properties, constants) named
    /// `name` anywhere in the file, in source order.
    pub fn bindings_named(&self, name: &str) -> &[NodeId] {
        let index = self.bindings_by_name.get_or_init(|| {
            let mut index: HashMap<String, Vec<NodeId>> = HashMap::new();
            for id in self.ids() {
                if let NodeKind::Binding(binding) = &self.node(id).kind {
                    index.entry(binding.name.clone()).or_default().push(id);
                }
            }
            index
        });
        index.get(name).map_or(&[], Vec::as_slice)
    }

    /// The bindings named `name` declared directly in `scope`.
    pub fn bindings_in_scope(&self, scope: NodeId, name: &str) -> Option<&ScopeBindings> {
        let index = self.bindings_by_scope.get_or_init(|| {
            let mut index: HashMap<String, HashMap<NodeId, ScopeBindings>> = HashMap::new();
            for id in self.ids() {
                let node = self.node(id);
                let (NodeKind::Binding(binding), Some(scope)) = (&node.kind, node.parent) else {
                    continue;
                };
                let scoped = index
                    .entry(binding.name.clone())
                    .or_default()
                    .entry(scope)
                    .or_default();
                scoped.all.push(id);
                if binding.kind != BindingKind::Local {
                    scoped.last_non_local = Some(id);
                }
            }
            index
        });
        index.get(name)?.get(&scope)
    }

    pub fn calls(&self) -> impl Iterator<Item = (NodeId, &Call)> + '_ {
        self.ids().filter_map(move |id| match &self.node(id).kind {
            NodeKind::Call(call) => Some((id, call)),
            _ => None,
        })
    }

    pub fn functions(&self) -> impl Iterator<Item = (NodeId, &Function)> + '_ {
        self.ids().filter_map(move |id| match &self.node(id).kind {
            NodeKind::Function(function) => Some((id, function)),
            _ => None,
        })
    }

    pub fn str_lit(&self, id: NodeId) -> Option<&StrLit> {
        match &self.node(id).kind {
            NodeKind::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The string a name holds, when this file binds it to a literal: a local
    /// declared before `at` in an enclosing scope, or a constant or property
    /// anywhere in the file.
    pub fn string_named(&self, at: NodeId, name: &str) -> Option<&StrLit> {
        let scopes: Vec<NodeId> = self.ancestors(at).collect();
        let at_start = self.node(at).range.start;
        let mut best: Option<(usize, NodeId)> = None;
        for &id in self.bindings_named(name) {
            let node = self.node(id);
            let NodeKind::Binding(binding) = &node.kind else {
                continue;
            };
            let Value::Str(text) = binding.init else {
                continue;
            };
            let rank = match binding.kind {
                BindingKind::Local | BindingKind::Parameter => {
                    let visible = node.parent.is_some_and(|p| scopes.contains(&p));
                    if !visible || node.range.start > at_start {
                        continue;
                    }
                    0
                }
                BindingKind::Property | BindingKind::Constant => 1,
            };
            if best.is_none_or(|(r, _)| rank < r) {
                best = Some((rank, text));
            }
        }
        best.and_then(|(_, text)| self.str_lit(text))
    }

    /// The nearest enclosing function, if any.
    pub fn enclosing_function(&self, id: NodeId) -> Option<NodeId> {
        self.ancestors(id)
            .find(|&a| matches!(self.node(a).kind, NodeKind::Function(_)))
    }

    /// Every node below `id`, in node order (source order).
    pub fn descendants(&self, id: NodeId) -> Vec<NodeId> {
        let mut found = Vec::new();
        let mut stack: Vec<NodeId> = self.children(id).collect();
        while let Some(node) = stack.pop() {
            found.push(node);
            stack.extend(self.children(node));
        }
        found.sort_unstable();
        found
    }

    /// The loop, or iteration closure (`forEach { }`, `.for_each(|x| ..)`),
    /// that runs `id` once per element, if it lies in the same function. A
    /// closure handed to a call runs where the call runs; a closure stored
    /// for later (bound, assigned, returned) does not. A loop that is left
    /// right after `id` (`runs_once`) does not repeat it; a loop around that
    /// one still may.
    pub fn repetition(&self, id: NodeId) -> Option<NodeId> {
        for ancestor in self.ancestors(id) {
            let current = self.node(ancestor);
            match &current.kind {
                // A loop over a few items written out runs its body a fixed
                // few times, however much data the app holds: unrolled
                // code, not a cost per item.
                NodeKind::Loop(LoopKind::ForLiteral { items }) if *items <= UNROLLED_ITEMS => {}
                NodeKind::Loop(kind) if !self.runs_once(ancestor, *kind, id) => {
                    return Some(ancestor)
                }
                NodeKind::Closure { iteration: true } => return Some(ancestor),
                NodeKind::Closure { iteration: false } => {
                    let passed_to_call = current
                        .parent
                        .is_some_and(|p| matches!(self.node(p).kind, NodeKind::Call(_)));
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

    /// Whether loop `looping` runs `id` at most once before it is left
    /// (failed attempts aside):
    /// - an exit follows `id` in a block that runs it whenever `id` ran
    ///   (`f.sync_all()?; return Ok(())`);
    /// - in a retry loop (`loop`, `while true`) or over a literal list of
    ///   candidates, an exit is taken on a branch that `id` decides
    ///   (`match f.sync_all() { Err(e) if interrupted => continue, r => return r }`).
    ///   Only there: in a loop over data, a branch on the result may as well
    ///   be the failure that stops a batch.
    fn runs_once(&self, looping: NodeId, kind: LoopKind, id: NodeId) -> bool {
        let op = self.node(id).range.clone();
        let contains = |outer: &ByteRange| outer.start <= op.start && op.end <= outer.end;
        let retry = matches!(kind, LoopKind::Repeat | LoopKind::ForLiteral { .. });
        self.descendants(looping).into_iter().any(|exit_id| {
            let NodeKind::Exit(exit) = &self.node(exit_id).kind else {
                return false;
            };
            if !self.exit_leaves(exit_id, exit.leaves, looping) {
                return false;
            }
            let after = self.node(exit_id).range.start >= op.end;
            (after && contains(&exit.unconditional_in))
                || (retry && exit.guard.as_ref().is_some_and(contains))
        })
    }

    /// Whether exit `exit` leaves loop `looping`: no function or closure lies
    /// between them, and a `break` has no nearer loop.
    fn exit_leaves(&self, exit: NodeId, leaves: Leaves, looping: NodeId) -> bool {
        for ancestor in self.ancestors(exit) {
            if ancestor == looping {
                return true;
            }
            match self.node(ancestor).kind {
                NodeKind::Loop(_) if leaves == Leaves::Loop => return false,
                NodeKind::Function(_) | NodeKind::Closure { .. } | NodeKind::TypeDecl { .. } => {
                    return false
                }
                _ => {}
            }
        }
        false
    }

    /// The nearest type declaration enclosing `id`.
    pub fn enclosing_type(&self, id: NodeId) -> Option<&str> {
        self.ancestors(id).find_map(|a| match &self.node(a).kind {
            NodeKind::TypeDecl { name } => Some(name.as_str()),
            _ => None,
        })
    }
}

/// A function's parameter list and declared result, from the text that
/// follows its name up to its body: `(path: &str) -> Result<Self>` gives
/// `(path: &str` and ` -> Result<Self>`. The list ends at the parenthesis
/// closing its first one (a default value or a result type may hold
/// parentheses and `=` of their own); the result, at the body's `{` or an
/// expression body's `=`.
pub fn signature_parts(after_name: &str) -> Option<(&str, &str)> {
    let open = after_name.find('(')?;
    let mut depth = 0usize;
    let close = after_name[open..].char_indices().find_map(|(at, c)| {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(open + at);
                }
            }
            _ => {}
        }
        None
    })?;
    let rest = &after_name[close + 1..];
    let result = &rest[..rest.find(['{', '=']).unwrap_or(rest.len())];
    Some((&after_name[open..close], result))
}

/// The parameter list and declared result of the function declared over
/// `declaration` (`signature_parts` of the text between its name and the
/// end of its declaration).
pub fn declared_signature<'t>(
    text: &'t str,
    declaration: &ByteRange,
    function: &Function,
) -> Option<(&'t str, &'t str)> {
    signature_parts(text.get(function.name_range.end..declaration.end)?)
}

/// The identifiers of a piece of source text: its runs of letters, digits
/// and underscores.
pub fn identifiers(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|word| !word.is_empty())
}

/// The parameters of a declared parameter list (`signature_parts`'s first
/// part) whose type is a function type, each with the type names of that
/// function's parameters: `(op: impl FnOnce(&mut Dao<'_>, &Id) -> R` gives
/// `("op", ["Dao", "Id"])`; Kotlin's `block: suspend (Dao) -> T` and
/// Swift's `_ body: @escaping (Database) throws -> T` likewise. A generic
/// parameter type is looked up among the bounds `signature` declares
/// (`F: FnOnce(&Transaction) -> R`). A parameter's type that no name
/// tells (a tuple, a generic) is an empty name.
pub fn closure_parameter_types(list: &str, signature: &str) -> Vec<(String, Vec<String>)> {
    let list = list.strip_prefix('(').unwrap_or(list);
    top_level_split(list, ',')
        .into_iter()
        .filter_map(|parameter| {
            let colon = top_level_colon(parameter)?;
            let name = identifiers(&parameter[..colon]).last()?.to_string();
            let written = parameter[colon + 1..].trim();
            let written = written.split_once(" = ").map_or(written, |(ty, _)| ty);
            let inputs = function_inputs(written).or_else(|| {
                let generic = written.trim_start_matches(['&', ' ']).trim();
                let is_name =
                    !generic.is_empty() && generic.chars().all(|c| c.is_alphanumeric() || c == '_');
                is_name.then(|| generic_bound_inputs(signature, generic))?
            })?;
            let types = top_level_split(inputs, ',')
                .into_iter()
                .filter(|input| !input.trim().is_empty())
                .map(type_name_of)
                .collect();
            Some((name, types))
        })
        .collect()
}

/// The text between the parentheses of a function type's inputs: after
/// `Fn`, `FnMut` or `FnOnce` (Rust), or a type that is `(..) -> ..`
/// after its attributes and modifiers (Kotlin, Swift). A Kotlin function
/// type with a receiver (`Dao.() -> T`) has no input naming `this`.
fn function_inputs(written: &str) -> Option<&str> {
    for keyword in ["FnOnce", "FnMut", "Fn"] {
        if let Some(at) = written.find(keyword) {
            let after = written[at + keyword.len()..].trim_start();
            if after.starts_with('(') {
                return parenthesised(after);
            }
        }
    }
    let mut rest = written.trim_start();
    loop {
        if let Some(attribute) = rest.strip_prefix('@') {
            let end = attribute
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(attribute.len());
            rest = attribute[end..].trim_start();
        } else if let Some(modified) = ["suspend", "crossinline", "noinline", "sending"]
            .iter()
            .find_map(|m| rest.strip_prefix(m).filter(|r| r.starts_with(' ')))
        {
            rest = modified.trim_start();
        } else {
            break;
        }
    }
    if !rest.starts_with('(') {
        return None;
    }
    let inputs = parenthesised(rest)?;
    // A function type's result follows its inputs, after any `async`,
    // `throws` or `rethrows`.
    rest[inputs.len() + 2..].contains("->").then_some(inputs)
}

/// The inputs of the `Fn*` bound `signature` gives generic `name`
/// (`<F: FnOnce(&Tx) -> R>`, `where F: Fn(&Tx)`).
fn generic_bound_inputs<'t>(signature: &'t str, name: &str) -> Option<&'t str> {
    let mut from = 0;
    while let Some(at) = signature[from..].find(name) {
        let start = from + at;
        from = start + name.len();
        let before = signature[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let after = signature[from..].trim_start();
        if let Some(bound) = after.strip_prefix(':').filter(|b| !b.starts_with(':')) {
            let bound = bound.trim_start();
            if bound.starts_with("Fn") {
                return function_inputs(bound);
            }
        }
    }
    None
}

/// The text inside the parentheses `text` starts with, up to its match.
fn parenthesised(text: &str) -> Option<&str> {
    let mut depth = 0usize;
    for (at, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(&text[1..at]);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` split at `separator` outside brackets; `->` is no bracket.
fn top_level_split(text: &str, separator: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut previous = ' ';
    for (at, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            '>' if previous == '-' => {}
            ')' | ']' | '}' | '>' => depth -= 1,
            _ if c == separator && depth == 0 => {
                parts.push(&text[start..at]);
                start = at + c.len_utf8();
            }
            _ => {}
        }
        previous = c;
    }
    parts.push(&text[start..]);
    parts
}

/// The first `:` of `parameter` outside brackets that is not half of `::`.
fn top_level_colon(parameter: &str) -> Option<usize> {
    let bytes = parameter.as_bytes();
    let mut depth = 0i32;
    for (at, &b) in bytes.iter().enumerate() {
        match b {
            b'(' | b'[' | b'{' | b'<' => depth += 1,
            b')' | b']' | b'}' | b'>' => depth -= 1,
            b':' if depth == 0
                && bytes.get(at + 1) != Some(&b':')
                && (at == 0 || bytes[at - 1] != b':') =>
            {
                return Some(at);
            }
            _ => {}
        }
    }
    None
}

/// The name a written type is known by: its last path segment without
/// references, lifetimes, generic arguments or optionality
/// (`&mut store::Dao<'_>` is `Dao`, `inout Database?` is `Database`); a
/// labelled input (`_ db: Database`) is its type.
fn type_name_of(written: &str) -> String {
    let written = match top_level_colon(written) {
        Some(colon) => &written[colon + 1..],
        None => written,
    };
    let mut rest = written.trim();
    loop {
        let before = rest;
        rest = rest.trim_start_matches(['&', '*', ' ']);
        for word in [
            "mut ",
            "dyn ",
            "impl ",
            "inout ",
            "const ",
            "borrowing ",
            "consuming ",
        ] {
            rest = rest.strip_prefix(word).unwrap_or(rest);
        }
        if let Some(lifetime) = rest.strip_prefix('\'') {
            rest = lifetime.find(' ').map_or("", |space| &lifetime[space..]);
        }
        if rest == before {
            break;
        }
    }
    let rest = rest.split('<').next().unwrap_or(rest);
    let last = rest.rsplit("::").next().unwrap_or(rest);
    let last = last.rsplit('.').next().unwrap_or(last);
    let name = last.trim().trim_end_matches(['?', '!']);
    if name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        name.to_string()
    } else {
        String::new()
    }
}

/// A loop, or an iteration closure (`forEach { }`, `.for_each(|x| ..)`), that
/// runs something once per element.
pub struct Repetition {
    /// A short range for a secondary label: the loop keyword or the iteration call's name.
    pub label: ByteRange,
    /// The `Loop` or iteration `Closure` node.
    pub node: NodeId,
}

/// The repetition that runs `node` repeatedly (`Model::repetition`), with a
/// label for it.
pub fn repetition(model: &Model, text: &str, node: NodeId) -> Option<Repetition> {
    let repeating = model.repetition(node)?;
    let current = model.node(repeating);
    let label = match (&current.kind, current.parent.map(|p| &model.node(p).kind)) {
        (NodeKind::Loop(_), _) => first_word(text, current.range.clone()),
        (_, Some(NodeKind::Call(iterating))) => iterating.name_range.clone(),
        _ => current.range.start..current.range.start + 1,
    };
    Some(Repetition {
        label,
        node: repeating,
    })
}

/// The first word of a loop (`for`, `while`, `repeat`, `do`, `loop`).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_parts_split_parameters_from_result() {
        for (after_name, expected) in [
            (
                "(path: &str) -> Result<Self> {\n",
                Some(("(path: &str", " -> Result<Self> ")),
            ),
            (
                "(\n  fromPath path: String,\n  configuration: Configuration = Configuration())\nthrows -> DatabaseQueue\n{",
                Some((
                    "(\n  fromPath path: String,\n  configuration: Configuration = Configuration()",
                    "\nthrows -> DatabaseQueue\n",
                )),
            ),
            (
                "(sql: String) -> (rows: [Row], error: Int?) {",
                Some(("(sql: String", " -> (rows: [Row], error: Int?) ")),
            ),
            ("(): Store = Store(db)", Some(("(", ": Store "))),
            (" { get }", None),
        ] {
            assert_eq!(signature_parts(after_name), expected, "{after_name:?}");
        }
    }

    #[test]
    fn closure_parameter_types_read_function_typed_parameters() {
        for (list, signature, expected) in [
            (
                "(&mut self, op: impl FnOnce(&mut SuggestDao<'_>, &Id, &[T]) -> Result<T>",
                "",
                vec![("op", vec!["SuggestDao", "Id", ""])],
            ),
            (
                "(&self, f: F",
                "<F>(&self, f: F) -> R where F: FnOnce(&rusqlite::Transaction) -> R ",
                vec![("f", vec!["Transaction"])],
            ),
            (
                "(block: suspend (NoteDao) -> T",
                "",
                vec![("block", vec!["NoteDao"])],
            ),
            ("(body: Dao.() -> Unit", "", vec![]),
            (
                "(_ updates: @escaping (Database) throws -> T, label: String",
                "",
                vec![("updates", vec!["Database"])],
            ),
            ("(path: &str, retries: u32", "", vec![]),
            ("(pair: (Int, Int), flag: Boolean = true", "", vec![]),
        ] {
            let found = closure_parameter_types(list, signature);
            let found: Vec<(&str, Vec<&str>)> = found
                .iter()
                .map(|(name, types)| (name.as_str(), types.iter().map(String::as_str).collect()))
                .collect();
            assert_eq!(found, expected, "{list:?}");
        }
    }

    #[test]
    fn children_and_descendants_follow_parent_links_in_source_order() {
        let mut model = Model::new(Language::Kotlin);
        let function = model.push(None, 0..50, NodeKind::Closure { iteration: false });
        let first = model.push(Some(function), 5..10, NodeKind::Closure { iteration: true });
        let inner = model.push(Some(first), 6..8, NodeKind::Return(Value::Other));
        let second = model.push(Some(function), 20..30, NodeKind::Return(Value::Other));
        assert_eq!(
            model.children(function).collect::<Vec<_>>(),
            [first, second]
        );
        assert_eq!(model.descendants(function), [first, inner, second]);
        // A node pushed after a question is still seen: the index is rebuilt.
        let late = model.push(Some(first), 9..10, NodeKind::Return(Value::Other));
        assert_eq!(model.children(first).collect::<Vec<_>>(), [inner, late]);
        assert_eq!(model.repetition(inner), Some(first));
        assert_eq!(model.repetition(second), None);
    }
}
