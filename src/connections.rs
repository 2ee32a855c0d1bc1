//! Per-file facts about connections and transactions, for the project
//! stage (open-per-query, write-without-transaction): where a connection is
//! opened and whether it lives beyond that use, which writes and calls run
//! once per iteration of a loop, and whether a transaction encloses them.
//! This is the only place these questions look at a tree; the project stage
//! joins the answers across files.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::cell::RefCell;

use crate::catalog::{self, Classified, Op};
use crate::facts::SqlFactAt;
use crate::lang::sql::{QueryVerb, SqlFactKind};
use crate::model::{identifiers, BindingKind, Model, NodeId, NodeKind, Segment, Value};
use crate::source::ByteRange;

/// Where a file's transactions begin and end.
pub struct Transactions {
    /// Calls whose closure argument runs inside a transaction.
    blocks: HashSet<NodeId>,
    /// Functions whose whole body runs in one (Room's `@Transaction`).
    functions: HashSet<NodeId>,
    /// Begin and end calls (API or SQL), with the function they are in.
    begins: Vec<(NodeId, Option<NodeId>)>,
    ends: Vec<(NodeId, Option<NodeId>)>,
}

impl Transactions {
    pub fn new(model: &Model, ops: &[Classified], sql: &[SqlFactAt]) -> Transactions {
        let mut tx = Transactions {
            blocks: HashSet::new(),
            functions: HashSet::new(),
            begins: Vec::new(),
            ends: Vec::new(),
        };
        let located = |id: NodeId| (id, model.enclosing_function(id));
        for classified in ops {
            let id = classified.node;
            match classified.op {
                // A closure handed to a begin call runs inside it (Diesel).
                Op::TxBlock => {
                    tx.blocks.insert(id);
                }
                Op::TxBegin => {
                    tx.blocks.insert(id);
                    tx.begins.push(located(id));
                }
                Op::TxEnd => tx.ends.push(located(id)),
                Op::TxMethods(methods) => {
                    let Some(declared) = model.node(id).parent else {
                        continue;
                    };
                    tx.functions
                        .extend(model.children(declared).filter(|&member| {
                            matches!(&model.node(member).kind,
                            NodeKind::Function(f) if methods.contains(&f.name.as_str()))
                        }));
                }
                Op::TxFunction => {
                    if let Some(function) = model.node(id).parent {
                        tx.functions.insert(function);
                    }
                }
                _ => {}
            }
        }
        // `fn upgrade(tx: &Transaction<'_>)`: its caller began the
        // transaction the body writes through.
        tx.functions.extend(
            (model.ids())
                .filter(|&id| matches!(model.node(id).kind, NodeKind::Function(_)))
                .filter(|&function| {
                    model.children(function).any(|child| {
                        matches!(&model.node(child).kind, NodeKind::Binding(b)
                        if b.kind == BindingKind::Parameter
                            && b.declared_type.as_deref().is_some_and(|ty| {
                                catalog::is_transaction_handle_type(model.language, ty)
                            }))
                    })
                }),
        );
        for at in sql {
            let (Some(origin), SqlFactKind::Other { verb }) = (at.origin, &at.fact.kind) else {
                continue;
            };
            match verb.as_str() {
                "BEGIN" | "SAVEPOINT" => tx.begins.push(located(origin)),
                "COMMIT" | "END" | "RELEASE" | "ROLLBACK" => tx.ends.push(located(origin)),
                _ => {}
            }
        }
        tx
    }

    /// Whether `anchor` (a loop, or a single call) runs inside a transaction
    /// opened in the same function: a transaction block's closure around it,
    /// a `@Transaction` function, or a begin before it whose transaction is
    /// not ended before it ends. A transaction begun inside `anchor` does not
    /// enclose it.
    pub fn encloses(&self, model: &Model, anchor: NodeId) -> bool {
        for ancestor in model.ancestors(anchor) {
            let node = model.node(ancestor);
            match &node.kind {
                NodeKind::Closure { .. } => match node.parent {
                    Some(call) if matches!(model.node(call).kind, NodeKind::Call(_)) => {
                        if self.blocks.contains(&call) {
                            return true;
                        }
                    }
                    // A closure stored for later runs wherever it is called.
                    _ => break,
                },
                NodeKind::Function(_) => {
                    if self.functions.contains(&ancestor) {
                        return true;
                    }
                    break;
                }
                NodeKind::TypeDecl { .. } => break,
                _ => {}
            }
        }
        let function = model.enclosing_function(anchor);
        let range = model.node(anchor).range.clone();
        // `let tx = table.begin_import()?; for .. { tx.execute(..) } tx.commit()`:
        // no begin in sight, but the function ends a transaction after
        // `anchor`, so one is open around it (a helper returned it).
        let begun_here = self.begins.iter().any(|(_, f)| *f == function);
        let ended_after = self
            .ends
            .iter()
            .any(|(end, f)| *f == function && model.node(*end).range.start >= range.end);
        if !begun_here && ended_after {
            return true;
        }
        self.begins
            .iter()
            .filter(|(_, f)| *f == function)
            .map(|(begin, _)| model.node(*begin).range.start)
            .filter(|&begin| begin < range.start)
            .any(|begin| {
                let ends_after_begin: Vec<usize> = self
                    .ends
                    .iter()
                    .filter(|(_, f)| *f == function)
                    .map(|(end, _)| model.node(*end).range.start)
                    .filter(|&end| end > begin)
                    .collect();
                // No end in this function: the transaction is ended elsewhere
                // (or, in Rust, by dropping it), not before `anchor`.
                ends_after_begin.is_empty() || ends_after_begin.iter().any(|&end| end >= range.end)
            })
    }
}

/// What becomes of an opened connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fate {
    /// Returned, stored in a field or property, or handed to an owner.
    pub escapes: bool,
    /// Closed in the same function (`close()`, `use {}`, `drop`).
    pub closed: bool,
    /// The connection's database differs per iteration: the loop's own
    /// values reach the open's arguments.
    pub per_item: bool,
    /// Held in locals only, never leaving the function, and every use of
    /// it is a close or a statement that reads (`SELECT`): a connection
    /// that writes nothing, whose journal mode costs nothing.
    pub only_reads: bool,
}

/// Follows connections through the functions of one file. What every open
/// asks about is gathered once: the close calls, and, per function, the
/// nodes that name each binding, so a function with thousands of opens is
/// not rescanned for each one.
pub struct Fates<'a> {
    model: &'a Model,
    ops: &'a [Classified],
    text: &'a str,
    closes: Closes<'a>,
    /// The calls that run statements, all of which read.
    reads: HashSet<NodeId>,
    /// The calls that open a connection.
    opens: HashSet<NodeId>,
    /// Per function: the nodes that may use each name (see `names_used`).
    names_used: RefCell<HashMap<NodeId, HashMap<&'a str, Vec<NodeId>>>>,
    /// How each local is used in a function, once known.
    uses: RefCell<HashMap<(NodeId, NodeId), Uses>>,
}

/// The calls that close a connection, and the names they close.
struct Closes<'a> {
    calls: HashSet<NodeId>,
    names: Vec<&'a str>,
}

impl<'a> Fates<'a> {
    pub fn new(
        model: &'a Model,
        ops: &'a [Classified],
        sql: &[SqlFactAt],
        text: &'a str,
    ) -> Fates<'a> {
        // The calls whose every statement reads: a `SELECT` run on a
        // connection writes nothing through it.
        let mut statements: HashMap<NodeId, bool> = HashMap::new();
        for at in sql {
            let Some(origin) = at.origin else { continue };
            let reads = matches!(&at.fact.kind,
                SqlFactKind::Query(query) if query.verb == QueryVerb::Select);
            *statements.entry(origin).or_insert(true) &= reads;
        }
        let reads = (statements.into_iter())
            .filter_map(|(call, reads)| reads.then_some(call))
            .collect();
        let opens = (ops.iter())
            .filter(|c| matches!(c.op, Op::DbOpen { .. }))
            .map(|c| c.node)
            .collect();
        let calls: HashSet<NodeId> = ops
            .iter()
            .filter(|c| c.op == Op::DbClose)
            .map(|c| c.node)
            .collect();
        let names = calls
            .iter()
            .filter_map(|&close| match &model.node(close).kind {
                NodeKind::Call(close) => Some(close),
                _ => None,
            })
            .flat_map(|close| {
                let on = close.receiver.first();
                close
                    .args
                    .iter()
                    .filter_map(|a| match &a.value {
                        Value::Chain(chain) => chain.last(),
                        _ => None,
                    })
                    .chain(on)
                    .filter_map(|s| match s {
                        Segment::Name(n) => Some(n.as_str()),
                        _ => None,
                    })
            })
            .collect();
        Fates {
            model,
            ops,
            text,
            closes: Closes { calls, names },
            reads,
            opens,
            names_used: RefCell::new(HashMap::new()),
            uses: RefCell::new(HashMap::new()),
        }
    }

    /// Follows the connection opened at `open` (a call, or a binding that
    /// reads a helper's connection) through its function.
    pub fn of(&self, open: NodeId, repetition: Option<NodeId>) -> Fate {
        let (model, text) = (self.model, self.text);
        let function = model.enclosing_function(open);
        let mut fate = Fate {
            escapes: false,
            closed: false,
            per_item: false,
            only_reads: false,
        };
        // Opening in an initializer or a property initializer keeps the
        // connection in the instance.
        let in_initializer = match function.map(|f| &model.node(f).kind) {
            Some(NodeKind::Function(f)) => f.kind == crate::model::FunctionKind::Initializer,
            _ => true,
        };
        // So does a factory returning an instance of its type (Rust's
        // `fn new(path) -> Result<Self>` ending in `Ok(Self { pool })`): the
        // connection it opens, or the options it opens with, go to the
        // instance, whatever the chain between them.
        let factory = function.is_some_and(|function| {
            model
                .enclosing_type(function)
                .is_some_and(|owner| returns_own_type(model, text, function, owner))
        });
        if in_initializer || factory {
            fate.escapes = true;
            // Unless it is a local closed before the initializer ends: a
            // store reading what it needs from a database once.
            if let Some(function) = function {
                if let Some(closed_local) = self.closed_local(function, open) {
                    fate.escapes = false;
                    fate.closed = true;
                    fate.only_reads = closed_local.only_reads;
                }
            }
            return fate;
        }
        let holders = match held_by(model, text, &self.closes, open, &mut fate) {
            Some(holders) => holders,
            None => return fate,
        };
        let type_name = connection_type(model, self.ops, open);
        if let (Some(function), Some(type_name)) = (function, type_name.as_deref()) {
            if signature_mentions(model, text, function, type_name) {
                fate.escapes = true;
            }
        }
        // Proved by the uses of its locals, so none means nothing is known.
        fate.only_reads = !holders.is_empty();
        for &holder in &holders {
            let NodeKind::Binding(binding) = &model.node(holder).kind else {
                fate.only_reads = false;
                continue;
            };
            match binding.kind {
                BindingKind::Property | BindingKind::Constant => fate.escapes = true,
                BindingKind::Local | BindingKind::Parameter => {
                    let uses = match function {
                        Some(function) => self.uses_in(function, holder, &binding.name),
                        None => Uses {
                            escapes: true,
                            closed: false,
                            only_reads: false,
                        },
                    };
                    fate.escapes |= uses.escapes;
                    fate.closed |= uses.closed;
                    fate.only_reads &= uses.only_reads;
                }
            }
        }
        fate.only_reads &= !fate.escapes;
        if let Some(repetition) = repetition {
            fate.per_item = varies_per_item(model, open, repetition, &holders);
        }
        fate
    }

    /// The uses of the locals holding the connection opened at `open`,
    /// when it is held in locals only, each closed and none escaping.
    fn closed_local(&self, function: NodeId, open: NodeId) -> Option<Uses> {
        let mut scratch = Fate {
            escapes: false,
            closed: false,
            per_item: false,
            only_reads: false,
        };
        let holders = held_by(self.model, self.text, &self.closes, open, &mut scratch)?;
        if holders.is_empty() || scratch.escapes {
            return None;
        }
        let mut all = Uses {
            escapes: false,
            closed: true,
            only_reads: true,
        };
        for holder in holders {
            let NodeKind::Binding(binding) = &self.model.node(holder).kind else {
                return None;
            };
            if binding.kind != BindingKind::Local {
                return None;
            }
            let uses = self.uses_in(function, holder, &binding.name);
            if uses.escapes || !uses.closed {
                return None;
            }
            all.only_reads &= uses.only_reads;
        }
        Some(all)
    }

    /// How the local `holder` named `name` is used in `function`.
    fn uses_in(&self, function: NodeId, holder: NodeId, name: &str) -> Uses {
        if let Some(uses) = self.uses.borrow().get(&(function, holder)) {
            return *uses;
        }
        let identifier = name.chars().all(is_identifier_char);
        let candidates = if identifier {
            let mut index = self.names_used.borrow_mut();
            let names = index
                .entry(function)
                .or_insert_with(|| names_used(self.model, self.text, function));
            names.get(name).cloned().unwrap_or_default()
        } else {
            // A name the index cannot hold as one word: look everywhere.
            self.model.descendants(function)
        };
        let uses = uses_of(
            self.model,
            self.text,
            &candidates,
            holder,
            name,
            &CallKinds {
                closes: &self.closes.calls,
                reads: &self.reads,
                opens: &self.opens,
            },
        );
        self.uses.borrow_mut().insert((function, holder), uses);
        uses
    }
}

fn is_identifier_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The nodes of `function` that may use a name, by name: returns and
/// assignments of it, calls on it or passing it, and literals and arguments
/// whose text holds it as a word. `uses_of` decides which really do.
fn names_used<'a>(
    model: &'a Model,
    text: &'a str,
    function: NodeId,
) -> HashMap<&'a str, Vec<NodeId>> {
    let mut index: HashMap<&'a str, Vec<NodeId>> = HashMap::new();
    let mut add = |name: &'a str, id: NodeId| {
        let ids = index.entry(name).or_default();
        if ids.last() != Some(&id) {
            ids.push(id);
        }
    };
    let words = |range: &ByteRange| {
        text.get(range.clone())
            .unwrap_or_default()
            .split(|c: char| !is_identifier_char(c))
            .filter(|word| !word.is_empty())
    };
    for id in model.descendants(function) {
        let node = model.node(id);
        match &node.kind {
            NodeKind::Return(Value::Chain(chain))
            | NodeKind::Assign {
                value: Value::Chain(chain),
                ..
            } => {
                if let [Segment::Name(name)] = chain.as_slice() {
                    add(name, id);
                }
            }
            NodeKind::Binding(binding) if binding.init == Value::Other => {
                for word in words(&node.range) {
                    add(word, id);
                }
            }
            NodeKind::Call(call) => {
                if let Some(Segment::Name(name)) = call.receiver.first() {
                    add(name, id);
                }
                for arg in &call.args {
                    match &arg.value {
                        Value::Chain(chain) => {
                            if let [Segment::Name(name)] = chain.as_slice() {
                                add(name, id);
                            }
                        }
                        Value::Other => {
                            for word in words(&arg.range) {
                                add(word, id);
                            }
                        }
                        Value::Str(_) => {}
                    }
                }
            }
            _ => {}
        }
    }
    index
}

/// The local or property bindings that hold the connection opened at
/// `open`, or `None` when the answer is already in `fate` (it escapes, or
/// it is a temporary used and dropped within its statement).
fn held_by(
    model: &Model,
    text: &str,
    closes: &Closes,
    open: NodeId,
    fate: &mut Fate,
) -> Option<Vec<NodeId>> {
    if let NodeKind::Binding(_) = model.node(open).kind {
        return Some(vec![open]);
    }
    // Climb the call chain the connection is the receiver of, as long as the
    // calls hand the connection back.
    let language = model.language;
    let mut current = open;
    loop {
        let Some(parent) = model.node(current).parent else {
            return Some(Vec::new());
        };
        let NodeKind::Call(name) = &model.node(current).kind else {
            return Some(Vec::new());
        };
        let current_name = name.name.clone();
        match &model.node(parent).kind {
            NodeKind::Call(outer) => {
                let chained = outer
                    .receiver
                    .iter()
                    .any(|s| matches!(s, Segment::Call(n) if *n == current_name));
                if !chained {
                    // Handed to another call as an argument: to an owner.
                    fate.escapes = true;
                    return None;
                }
                if closes.calls.contains(&parent) {
                    fate.closed = true;
                    return None;
                }
                if catalog::passes_value_through(language, &outer.name) {
                    current = parent;
                    continue;
                }
                // Used within the statement and dropped: a temporary.
                return None;
            }
            NodeKind::Binding(binding) => {
                let holds = matches!(&binding.init, Value::Chain(chain)
                    if matches!(chain.last(), Some(Segment::Call(n)) if *n == current_name));
                return if holds { Some(vec![parent]) } else { None };
            }
            NodeKind::Assign { target, .. } => {
                return match target.as_slice() {
                    [Segment::Name(name)] => match local_named(model, current, name) {
                        Some(local) => Some(vec![local]),
                        None => {
                            fate.escapes = true;
                            None
                        }
                    },
                    _ => {
                        fate.escapes = true;
                        None
                    }
                };
            }
            NodeKind::Return(_) => {
                fate.escapes = true;
                return None;
            }
            NodeKind::Closure { iteration: false } => {
                // The closure's value (a `lazy {}` initializer), unless the
                // connection comes out through an argument.
                let handles = handle_arguments(model, text, closes, current, fate)?;
                if handles.is_empty() {
                    fate.escapes = true;
                    return None;
                }
                return Some(handles);
            }
            _ => {
                // A statement: the connection may come out through an
                // argument (`sqlite3_open(path, &db)`); or it is the tail
                // expression of the function, its value.
                let handles = handle_arguments(model, text, closes, current, fate)?;
                if handles.is_empty() && is_last_statement(model, current, parent) {
                    fate.escapes = true;
                    return None;
                }
                return Some(handles);
            }
        }
    }
}

/// The bindings an open that returns a status puts the connection in
/// (`sqlite3_open(path, &db)`): arguments passed by reference, or closed
/// later by a close call. One that is a field of `self` stores it there.
fn handle_arguments(
    model: &Model,
    text: &str,
    closes: &Closes,
    call: NodeId,
    fate: &mut Fate,
) -> Option<Vec<NodeId>> {
    let NodeKind::Call(c) = &model.node(call).kind else {
        return Some(Vec::new());
    };
    let mut handles = Vec::new();
    for arg in &c.args {
        let Value::Chain(chain) = &arg.value else {
            continue;
        };
        let by_reference = text
            .get(arg.range.clone())
            .is_some_and(|t| t.trim_start().starts_with('&'));
        let Some(Segment::Name(last)) = chain.last() else {
            continue;
        };
        if !by_reference && !closes.names.contains(&last.as_str()) {
            continue;
        }
        match chain.as_slice() {
            [Segment::Name(this), Segment::Name(_)] if this == "self" || this == "this" => {
                fate.escapes = true;
                return None;
            }
            [Segment::Name(name)] => {
                if let Some(binding) = binding_named(model, call, name) {
                    handles.push(binding);
                }
            }
            _ => {}
        }
    }
    Some(handles)
}

fn is_last_statement(model: &Model, node: NodeId, parent: NodeId) -> bool {
    let end = model.node(node).range.end;
    !model
        .children(parent)
        .any(|sibling| model.node(sibling).range.start >= end)
}

/// The binding `name` refers to at `at`: in the innermost enclosing scope
/// that declares one, the latest declared before `at`, or a parameter,
/// property or constant of that scope declared anywhere in it.
fn binding_named(model: &Model, at: NodeId, name: &str) -> Option<NodeId> {
    let start = model.node(at).range.start;
    model.ancestors(at).find_map(|scope| {
        let scoped = model.bindings_in_scope(scope, name)?;
        let before = scoped
            .all
            .partition_point(|&id| model.node(id).range.start < start);
        let latest_before = before.checked_sub(1).map(|i| scoped.all[i]);
        [latest_before, scoped.last_non_local]
            .into_iter()
            .flatten()
            .max_by_key(|&id| (model.node(id).range.start, id))
    })
}

fn local_named(model: &Model, at: NodeId, name: &str) -> Option<NodeId> {
    binding_named(model, at, name).filter(|&b| {
        matches!(&model.node(b).kind, NodeKind::Binding(binding)
            if matches!(binding.kind, BindingKind::Local | BindingKind::Parameter))
    })
}

/// The calls that execute the statement `prepare` compiles, when it is kept
/// in a local (`let mut insert = conn.prepare(sql)?`, `val stmt =
/// db.compileStatement(sql)`): that local's executing calls in the same
/// function.
fn executions_of_prepared(model: &Model, prepare: NodeId) -> Vec<NodeId> {
    let NodeKind::Call(call) = &model.node(prepare).kind else {
        return Vec::new();
    };
    if !catalog::is_statement_preparation(model.language, &call.name) {
        return Vec::new();
    }
    let Some(holder) = holder_through_adapters(model, prepare) else {
        return Vec::new();
    };
    let NodeKind::Binding(binding) = &model.node(holder).kind else {
        return Vec::new();
    };
    let Some(function) = model.enclosing_function(prepare) else {
        return Vec::new();
    };
    model
        .descendants(function)
        .into_iter()
        .filter(|&id| match &model.node(id).kind {
            NodeKind::Call(execution) => {
                matches!(execution.receiver.as_slice(), [Segment::Name(name)] if *name == binding.name)
                    && catalog::is_statement_execution(model.language, &execution.name)
                    && local_named(model, id, &binding.name) == Some(holder)
            }
            _ => false,
        })
        .collect()
}

/// The node that receives `call`'s value, past the calls that hand back the
/// value they are made on (`conn.prepare(sql).unwrap()`, `.expect(..)`,
/// `.context(..)`): the binding of `let stmt = conn.prepare(sql).unwrap()`.
fn holder_through_adapters(model: &Model, call: NodeId) -> Option<NodeId> {
    let mut current = call;
    loop {
        let parent = model.node(current).parent?;
        let NodeKind::Call(inner) = &model.node(current).kind else {
            return Some(parent);
        };
        match &model.node(parent).kind {
            NodeKind::Call(outer)
                if catalog::passes_value_through(model.language, &outer.name)
                    && matches!(outer.receiver.last(), Some(Segment::Call(n)) if *n == inner.name) =>
            {
                current = parent;
            }
            _ => return Some(parent),
        }
    }
}

/// The type the open hands out, as code would name it in a signature:
/// `Connection::open` and `SQLiteDatabase.openDatabase` through their type,
/// `FMDatabase(path:)` by its constructor, a helper's connection as the
/// type the catalog's flows give it.
fn connection_type(model: &Model, ops: &[Classified], open: NodeId) -> Option<String> {
    let helper = ops
        .iter()
        .any(|c| c.node == open && matches!(c.op, Op::DbFromHelper { .. }));
    let NodeKind::Call(call) = &model.node(open).kind else {
        return helper.then(|| "Database".to_string());
    };
    if helper {
        return Some("Database".to_string());
    }
    let uppercase = |s: &str| s.starts_with(char::is_uppercase);
    match call.receiver.first() {
        Some(Segment::Name(head)) if uppercase(head) => Some(head.clone()),
        _ if uppercase(&call.name) => Some(call.name.clone()),
        _ => None,
    }
}

/// Whether the function's signature (between its name and its body) names
/// the connection's type, or `Self`: a function that hands the connection out.
fn signature_mentions(model: &Model, text: &str, function: NodeId, type_name: &str) -> bool {
    signature_of(model, text, function).is_some_and(|(parameters, result)| {
        identifiers(parameters)
            .chain(identifiers(result))
            .any(|w| w == "Self" || w.contains(type_name))
    })
}

/// Whether the function's declared result (what follows its parameter
/// list) names its own type: `-> Result<Self>`, `-> Store?`, `: NoteStore`.
fn returns_own_type(model: &Model, text: &str, function: NodeId, owner: &str) -> bool {
    signature_of(model, text, function)
        .is_some_and(|(_, result)| identifiers(result).any(|w| w == "Self" || w == owner))
}

/// The parameter list and declared result of function node `function`.
fn signature_of<'t>(model: &Model, text: &'t str, function: NodeId) -> Option<(&'t str, &'t str)> {
    let NodeKind::Function(f) = &model.node(function).kind else {
        return None;
    };
    crate::model::declared_signature(text, &model.node(function).range, f)
}

/// The calls whose kind says how a connection handed to them is used.
#[derive(Clone, Copy)]
struct CallKinds<'s> {
    closes: &'s HashSet<NodeId>,
    /// Run statements that all read.
    reads: &'s HashSet<NodeId>,
    opens: &'s HashSet<NodeId>,
}

#[derive(Clone, Copy)]
struct Uses {
    escapes: bool,
    closed: bool,
    /// Every call made on it or handed it is a close, an open, or runs
    /// statements that all read.
    only_reads: bool,
}

/// Calls that keep what they are handed: constructors (`Repo(db)`,
/// `Arc::new(conn)`, `Ok(conn)`) and collections.
fn keeps_argument(call: &crate::model::Call) -> bool {
    call.name.starts_with(char::is_uppercase)
        || matches!(
            call.name.as_str(),
            "new" | "from" | "push" | "push_back" | "add" | "append" | "insert" | "put" | "set"
        )
}

/// How the local `holder` named `name` is used by `candidates`, the nodes
/// of its function that may name it.
fn uses_of(
    model: &Model,
    text: &str,
    candidates: &[NodeId],
    holder: NodeId,
    name: &str,
    calls: &CallKinds,
) -> Uses {
    let CallKinds {
        closes,
        reads,
        opens,
    } = *calls;
    let mut uses = Uses {
        escapes: false,
        closed: false,
        only_reads: true,
    };
    let is_name = |chain: &[Segment]| matches!(chain, [Segment::Name(n)] if n == name);
    let refers_here = |id: NodeId| binding_named(model, id, name) == Some(holder);
    // The value itself, not something read from it: `conn` in
    // `Self { conn }`, not in `Int(db.intForQuery(..))`.
    let mentions = |range: ByteRange| text.get(range).is_some_and(|t| mentions_value(t, name));
    for &id in candidates {
        match &model.node(id).kind {
            NodeKind::Return(Value::Chain(chain)) if is_name(chain) && refers_here(id) => {
                uses.escapes = true;
            }
            NodeKind::Assign {
                value: Value::Chain(chain),
                ..
            } if is_name(chain) && refers_here(id) => uses.escapes = true,
            // `let store = Store { conn }`: a literal that takes the connection.
            NodeKind::Binding(b)
                if id != holder
                    && b.init == Value::Other
                    && mentions(model.node(id).range.clone())
                    && refers_here(id) =>
            {
                let literal = text
                    .get(model.node(id).range.clone())
                    .is_some_and(|t| t.contains('{'));
                uses.escapes |= literal;
            }
            NodeKind::Call(call) => {
                let receives = call.args.iter().any(|a| match &a.value {
                    Value::Chain(chain) => is_name(chain),
                    // `Ok(Self { conn })`, `Arc::new(Mutex::new(conn))`.
                    Value::Other => mentions(a.range.clone()),
                    Value::Str(_) => false,
                });
                let on_it = matches!(call.receiver.first(), Some(Segment::Name(n)) if n == name);
                if !(receives || on_it) || !refers_here(id) {
                    continue;
                }
                if closes.contains(&id) {
                    uses.closed = true;
                    continue;
                }
                if receives && keeps_argument(call) {
                    uses.escapes = true;
                }
                // Handed to a call, it may be written through there.
                uses.only_reads &= !receives
                    && (reads.contains(&id)
                        || opens.contains(&id)
                        || catalog::opens_made_handle(model.language, &call.name));
            }
            _ => {}
        }
    }
    uses
}

/// Whether `text` names `name` as a whole value: not followed by a member
/// access, a call or an index.
fn mentions_value(text: &str, name: &str) -> bool {
    let is_ident = is_identifier_char;
    let mut from = 0;
    while let Some(at) = text[from..].find(name) {
        let start = from + at;
        let end = start + name.len();
        from = end;
        if text[..start].chars().next_back().is_some_and(is_ident)
            || text[end..].chars().next().is_some_and(is_ident)
        {
            continue;
        }
        let next = text[end..].trim_start().chars().next();
        if !matches!(next, Some('.' | '(' | '[' | '?' | '!')) {
            return true;
        }
    }
    false
}

/// Whether values of the loop (its variables, closure parameters, locals
/// bound inside it, interpolated strings) reach the open's arguments.
fn varies_per_item(model: &Model, open: NodeId, repetition: NodeId, holders: &[NodeId]) -> bool {
    let inside = |id: NodeId| model.ancestors(id).any(|a| a == repetition);
    let mut calls = vec![open];
    calls.extend(
        model
            .descendants(open)
            .into_iter()
            .filter(|&id| matches!(model.node(id).kind, NodeKind::Call(_))),
    );
    for call in calls {
        let NodeKind::Call(c) = &model.node(call).kind else {
            continue;
        };
        for arg in &c.args {
            match &arg.value {
                Value::Chain(chain) => {
                    let Some(Segment::Name(head)) = chain.first() else {
                        continue;
                    };
                    let Some(binding) = binding_named(model, call, head) else {
                        continue;
                    };
                    if !holders.contains(&binding) && inside(binding) {
                        return true;
                    }
                }
                Value::Str(lit) => {
                    if model.str_lit(*lit).is_some_and(|s| s.has_holes) {
                        return true;
                    }
                }
                Value::Other => {}
            }
        }
    }
    false
}

/// A write (INSERT/UPDATE/DELETE/REPLACE through SQL, or a write API) and
/// the call that runs it.
pub struct Write {
    pub call: NodeId,
    /// The token to report: the SQL verb, or the call's name.
    pub range: ByteRange,
    /// "INSERT", or the API's name.
    pub what: String,
}

/// Every write a file runs, once per executing call.
pub fn writes(model: &Model, ops: &[Classified], sql: &[SqlFactAt]) -> Vec<Write> {
    let mut found: Vec<Write> = Vec::new();
    // A call executing several statements is one write.
    let mut seen: foldhash::HashSet<NodeId> = foldhash::HashSet::default();
    // A TEMP table lives in the connection's temporary database: its writes
    // are neither journalled to disk nor synced, whatever the loop.
    let temporary = crate::sql_facts::temporary_tables(sql.iter().map(|at| &at.fact));
    for at in sql {
        let (Some(call), SqlFactKind::Query(query)) = (at.origin, &at.fact.kind) else {
            continue;
        };
        if !query.writes_durably(&temporary) {
            continue;
        }
        let verb = match query.verb {
            QueryVerb::Insert => "INSERT",
            QueryVerb::Update => "UPDATE",
            QueryVerb::Delete => "DELETE",
            QueryVerb::Replace => "REPLACE",
            QueryVerb::Select => continue,
        };
        if !seen.insert(call) {
            continue;
        }
        // A statement prepared once runs where it is executed: `let mut
        // stmt = conn.prepare(sql)?; for .. { stmt.execute(p)? }` writes
        // once per iteration.
        let call = executions_of_prepared(model, call)
            .into_iter()
            .find(|&execution| model.repetition(execution).is_some())
            .unwrap_or(call);
        found.push(Write {
            call,
            range: at.fact.keyword_range.clone(),
            what: verb.to_string(),
        });
    }
    for classified in ops {
        if classified.op != Op::DbWrite {
            continue;
        }
        if let NodeKind::Call(call) = &model.node(classified.node).kind {
            found.push(Write {
                call: classified.node,
                range: call.name_range.clone(),
                what: call.name.clone(),
            });
        }
    }
    found
}

/// Whether `call` is an annotation of `function` (`@Insert fun add(..)`):
/// a call under the function written before its name.
pub fn is_annotation_of(model: &Model, call: NodeId, function: NodeId) -> bool {
    let (NodeKind::Call(c), NodeKind::Function(f)) =
        (&model.node(call).kind, &model.node(function).kind)
    else {
        return false;
    };
    model.node(call).parent == Some(function) && c.name_range.start < f.name_range.start
}

/// Whether a type's stored properties hold what opens a database (a path,
/// a URL, a file, a context or an open helper) rather than only an open
/// connection: its methods have to open one to do anything.
pub fn holds_database_locator(model: &Model, type_decl: NodeId) -> bool {
    const LOCATOR_TYPES: &[&str] = &[
        "String", "str", "URL", "NSURL", "File", "Path", "PathBuf", "Context",
    ];
    const LOCATOR_WORDS: &[&str] = &["path", "url", "file", "helper", "context"];
    model.children(type_decl).any(|child| {
        let NodeKind::Binding(b) = &model.node(child).kind else {
            return false;
        };
        if b.kind != BindingKind::Property {
            return false;
        }
        let by_type = b
            .declared_type
            .as_deref()
            .is_some_and(|t| LOCATOR_TYPES.contains(&t) || t.ends_with("Helper"));
        let lower = b.name.to_ascii_lowercase();
        by_type || LOCATOR_WORDS.iter().any(|w| lower.contains(w))
    })
}
