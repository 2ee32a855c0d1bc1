//! The project stage: small facts from every file, joined. Rules that need
//! more than one file (is WAL enabled anywhere this connection reaches? do
//! the project's queries fit this index?) ask their questions here; they
//! never see a syntax tree.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::catalog::{self, Classified, Op};
use crate::connections::{self, Transactions};
use crate::facts::FileSql;
use crate::lang::sql::{self, SqlFact, SqlFactKind};
use crate::model::FunctionKind;
use crate::model::{BindingKind, Model, NodeId, NodeKind, Segment, StrLit, Value};
use crate::rules;
use crate::source::{ByteRange, SourceFile};

/// What the project stage keeps of one file.
#[derive(Debug, Default)]
pub struct FileSummary {
    pub functions: Vec<FunctionSummary>,
    pub calls: Vec<CallSummary>,
    pub opens: Vec<OpenSite>,
    pub wal_enables: Vec<Place>,
    pub sql: Vec<SqlSummary>,
    /// SQL executed through a name defined in another file.
    pub named_sql: Vec<(String, Place)>,
    /// String constants this file defines, for other files' `named_sql`.
    pub constants: Vec<(String, StrLit)>,
    pub imports: Vec<String>,
    // open-per-query, write-without-transaction:
    /// Every connection opened here and what becomes of it.
    pub open_uses: Vec<OpenUse>,
    /// Every INSERT/UPDATE/DELETE/REPLACE run here, SQL or API.
    pub writes: Vec<WriteSite>,
    /// Types declared here that keep a path, file, context or open helper:
    /// what opens a database rather than an open connection.
    pub locator_types: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct FunctionSummary {
    pub name: String,
    pub owner: Option<String>,
    pub kind: FunctionKind,
    /// A test or test fixture: annotated, attributed or named so.
    pub is_test: bool,
    /// A Room DAO write method (`@Insert`, `@Query("DELETE ..")`):
    /// `Some(batched)`, batched when it takes a collection.
    pub dao_write: Option<bool>,
    /// Calls one of its own parameters inside a transaction it opens: a
    /// project's `with_transaction(|tx| ..)` helper.
    pub runs_argument_in_transaction: bool,
    /// Does storage I/O the catalog knows itself (not through calls).
    pub touches_storage: bool,
}

#[derive(Debug, Clone)]
pub struct CallSummary {
    pub caller: Option<usize>,
    pub callee: String,
    /// The type a static call goes through (`DbConfig.configure`,
    /// `Connection::open`): only that type's functions can be the callee.
    pub qualifier: Option<String>,
    /// The callee's name token.
    pub range: ByteRange,
    /// The loop (its keyword) that runs this call once per iteration, in
    /// the caller's own body.
    pub repeated: Option<ByteRange>,
    /// A transaction opened in the caller encloses the call.
    pub in_transaction: bool,
    /// The calls that the closures around this one are handed to, innermost
    /// first (`with_transaction` in `conn.with_transaction(|tx| ..)`).
    pub handed_to: Vec<String>,
    /// Calls every iteration that runs this one awaits, which the catalog
    /// does not know as storage (`client.fetch(id).await`).
    pub awaits_each_iteration: Vec<String>,
}

impl CallSummary {
    /// Whether this call may reach `function` (matched by name, the best a
    /// project stage without types can do).
    fn may_call(&self, function: &FunctionSummary) -> bool {
        self.callee == function.name
            && self
                .qualifier
                .as_ref()
                .is_none_or(|q| function.owner.as_ref() == Some(q))
    }
}

/// Where something happens: the function (an index into `functions`) and
/// the type it belongs to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Place {
    pub function: Option<usize>,
    pub owner: Option<String>,
    pub range: ByteRange,
}

#[derive(Debug, Clone)]
pub struct OpenSite {
    pub place: Place,
    /// The call's name, for the message.
    pub api: String,
    /// The open flags already ask for WAL.
    pub wal_flag: bool,
    /// The connection is read-only: it cannot choose a journal mode.
    pub read_only: bool,
}

/// A connection opened somewhere (open-per-query).
#[derive(Debug, Clone)]
pub struct OpenUse {
    pub place: Place,
    /// The call's or member's name, for the message.
    pub api: String,
    /// The loop (its keyword) that runs the open once per iteration.
    pub repeated: Option<ByteRange>,
    /// The loop's own values reach the open's arguments: a different
    /// database per iteration.
    pub per_item: bool,
    /// Opened for this use only: neither returned, stored nor handed to an
    /// owner; a helper's kept connection counts only when it is also closed here.
    pub per_use: bool,
}

/// An INSERT/UPDATE/DELETE/REPLACE (write-without-transaction).
#[derive(Debug, Clone)]
pub struct WriteSite {
    /// At the SQL verb, or the write API's name.
    pub place: Place,
    pub what: String,
    /// The loop (its keyword) that runs the write once per iteration.
    pub repeated: Option<ByteRange>,
    /// A transaction opened in the same function encloses that loop.
    pub in_transaction: bool,
    /// As `CallSummary::handed_to`, for the loop.
    pub handed_to: Vec<String>,
    /// As `CallSummary::awaits_each_iteration`.
    pub awaits_each_iteration: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct SqlSummary {
    pub fact: SqlFact,
    pub place: Place,
}

impl FileSummary {
    pub fn new(model: &Model, ops: &[Classified], sql: &FileSql, text: &str) -> FileSummary {
        let mut function_index: HashMap<NodeId, usize> = HashMap::new();
        let dao_writes = dao_writes(model, ops, sql, text);
        let mut summary = FileSummary {
            imports: model.imports.clone(),
            ..FileSummary::default()
        };
        let transactions = Transactions::new(model, ops, &sql.facts);
        let with_storage: HashSet<NodeId> = ops
            .iter()
            .filter_map(|op| model.enclosing_function(op.node))
            .collect();
        for id in model.ids() {
            match &model.node(id).kind {
                NodeKind::Function(function) => {
                    function_index.insert(id, summary.functions.len());
                    summary.functions.push(FunctionSummary {
                        name: function.name.clone(),
                        owner: model.enclosing_type(id).map(str::to_string),
                        kind: function.kind,
                        is_test: is_test_function(model, id, text),
                        dao_write: dao_writes.get(&id).copied(),
                        runs_argument_in_transaction: runs_argument_in_transaction(
                            model,
                            &transactions,
                            id,
                        ),
                        touches_storage: with_storage.contains(&id),
                    });
                }
                NodeKind::TypeDecl { name } if connections::holds_database_locator(model, id) => {
                    summary.locator_types.push(name.clone());
                }
                NodeKind::Binding(binding) => {
                    if let Value::Str(text) = binding.init {
                        if let Some(text) = model.str_lit(text) {
                            summary.constants.push((binding.name.clone(), text.clone()));
                        }
                    }
                }
                _ => {}
            }
        }
        let place = |id: NodeId, range: ByteRange| Place {
            function: model
                .enclosing_function(id)
                .and_then(|f| function_index.get(&f).copied()),
            owner: model.enclosing_type(id).map(str::to_string),
            range,
        };
        let repeated = |id: NodeId| rules::repetition(model, text, id).map(|r| r.label);
        for (id, call) in model.calls() {
            let qualifier = match call.receiver.last() {
                Some(Segment::Name(name)) if name.starts_with(char::is_uppercase) => {
                    Some(name.clone())
                }
                _ => None,
            };
            summary.calls.push(CallSummary {
                caller: place(id, 0..0).function,
                callee: call.name.clone(),
                qualifier,
                range: call.name_range.clone(),
                repeated: repeated(id),
                in_transaction: transactions.encloses(model, id),
                handed_to: handed_to(model, id),
                awaits_each_iteration: awaits_each_iteration(model, ops, id),
            });
        }
        for write in connections::writes(model, ops, &sql.facts) {
            let loop_node = model.repetition(write.call);
            summary.writes.push(WriteSite {
                place: place(write.call, write.range),
                what: write.what,
                repeated: repeated(write.call),
                in_transaction: loop_node.is_some_and(|l| transactions.encloses(model, l)),
                handed_to: loop_node.map(|l| handed_to(model, l)).unwrap_or_default(),
                awaits_each_iteration: awaits_each_iteration(model, ops, write.call),
            });
        }
        for classified in ops {
            let id = classified.node;
            let name_range = match &model.node(id).kind {
                NodeKind::Call(call) => call.name_range.clone(),
                _ => model.node(id).range.clone(),
            };
            match &classified.op {
                Op::DbOpen {
                    wal_flag,
                    read_only,
                } => summary.opens.push(OpenSite {
                    place: place(id, name_range),
                    api: match &model.node(id).kind {
                        NodeKind::Call(call) => call.name.clone(),
                        _ => String::new(),
                    },
                    wal_flag: *wal_flag,
                    read_only: *read_only,
                }),
                Op::WalEnable => summary.wal_enables.push(place(id, name_range)),
                _ => {}
            }
            let (range, api) = match (&classified.op, &model.node(id).kind) {
                (Op::DbOpen { .. }, NodeKind::Call(call)) => {
                    (call.name_range.clone(), call.name.clone())
                }
                (Op::DbFromHelper { range }, _) => (
                    range.clone(),
                    text.get(range.clone()).unwrap_or_default().to_string(),
                ),
                _ => continue,
            };
            let loop_node = model.repetition(id);
            let fate = connections::fate(model, ops, text, id, loop_node);
            let helper = matches!(classified.op, Op::DbFromHelper { .. });
            summary.open_uses.push(OpenUse {
                place: place(id, range),
                api,
                repeated: repeated(id),
                per_item: fate.per_item,
                per_use: !fate.escapes && (fate.closed || !helper),
            });
        }
        for named in &sql.unresolved {
            let range = model.node(named.origin).range.clone();
            summary
                .named_sql
                .push((named.name.clone(), place(named.origin, range)));
        }
        for at in &sql.facts {
            let place = match at.origin {
                Some(origin) => place(origin, at.fact.keyword_range.clone()),
                None => Place {
                    range: at.fact.keyword_range.clone(),
                    ..Place::default()
                },
            };
            summary.sql.push(SqlSummary {
                fact: at.fact.clone(),
                place,
            });
        }
        summary
    }
}

/// Whether `function` calls one of its parameters where a transaction it
/// opened encloses the call (`let tx = conn.transaction()?; f(&tx)?; tx.commit()`).
fn runs_argument_in_transaction(
    model: &Model,
    transactions: &Transactions,
    function: NodeId,
) -> bool {
    let parameters: Vec<&str> = model
        .children(function)
        .filter_map(|id| match &model.node(id).kind {
            NodeKind::Binding(b) if b.kind == BindingKind::Parameter => Some(b.name.as_str()),
            _ => None,
        })
        .collect();
    !parameters.is_empty()
        && model.descendants(function).into_iter().any(|id| {
            matches!(&model.node(id).kind, NodeKind::Call(call)
                if call.receiver.is_empty() && parameters.contains(&call.name.as_str()))
                && transactions.encloses(model, id)
        })
}

/// The awaited calls, not storage by the catalog, that every iteration of
/// the loop repeating `id` runs whenever it runs `id`: their unconditional
/// block holds `id`.
fn awaits_each_iteration(model: &Model, ops: &[Classified], id: NodeId) -> Vec<String> {
    let Some(looping) = model.repetition(id) else {
        return Vec::new();
    };
    let site = model.node(id).range.clone();
    model
        .descendants(looping)
        .into_iter()
        .filter(|&other| other != id && model.repetition(other) == Some(looping))
        .filter(|&other| !ops.iter().any(|op| op.node == other))
        .filter_map(|other| match &model.node(other).kind {
            NodeKind::Call(call) => {
                let every_time = call.awaited.as_ref()?;
                (every_time.start <= site.start && site.end <= every_time.end)
                    .then(|| call.name.clone())
            }
            _ => None,
        })
        .collect()
}

/// The calls the closures between `id` and its function are handed to.
fn handed_to(model: &Model, id: NodeId) -> Vec<String> {
    let mut callees = Vec::new();
    for ancestor in model.ancestors(id) {
        match &model.node(ancestor).kind {
            NodeKind::Closure { .. } => {
                let parent = model.node(ancestor).parent;
                match parent.map(|p| &model.node(p).kind) {
                    Some(NodeKind::Call(call)) => callees.push(call.name.clone()),
                    _ => break,
                }
            }
            NodeKind::Function(_) | NodeKind::TypeDecl { .. } => break,
            _ => {}
        }
    }
    callees
}

/// A function somewhere in the project: (file, function) indices.
pub type FunctionRef = (usize, usize);

pub struct ProjectFile<'a> {
    pub source: &'a SourceFile,
    pub summary: &'a FileSummary,
}

/// All files' summaries, with the joins project rules ask for.
pub struct Project<'a> {
    pub files: Vec<ProjectFile<'a>>,
    /// SQL from other files' constants, resolved: (file of the executing
    /// call, the fact located in the constant's file, that file).
    pub borrowed_sql: Vec<BorrowedSql>,
    functions_by_name: HashMap<&'a str, Vec<FunctionRef>>,
    /// Every call site by callee name: (file, call).
    calls_by_callee: HashMap<&'a str, Vec<(usize, &'a CallSummary)>>,
    /// Functions that enable WAL themselves or call (transitively) one that does.
    reaches_wal: HashSet<FunctionRef>,
    /// Types with a function that reaches WAL, or WAL set at type level.
    types_with_wal: HashSet<&'a str>,
    /// WAL enabled somewhere no connection can be told apart (a `.sql`
    /// file, top-level code): it counts for every connection.
    wal_everywhere: bool,
}

/// SQL executed in one file from a constant defined in another.
pub struct BorrowedSql {
    /// Where the constant's text lives (and the diagnostic goes).
    pub file: usize,
    pub fact: SqlFact,
    /// Where it is executed.
    pub executed_in: usize,
    pub place: Place,
}

impl<'a> Project<'a> {
    pub fn new(files: Vec<ProjectFile<'a>>) -> Project<'a> {
        let mut functions_by_name: HashMap<&str, Vec<FunctionRef>> = HashMap::new();
        for (f, file) in files.iter().enumerate() {
            for (i, function) in file.summary.functions.iter().enumerate() {
                functions_by_name
                    .entry(function.name.as_str())
                    .or_default()
                    .push((f, i));
            }
        }
        let mut calls_by_callee: HashMap<&str, Vec<(usize, &CallSummary)>> = HashMap::new();
        for (f, file) in files.iter().enumerate() {
            for call in &file.summary.calls {
                calls_by_callee
                    .entry(call.callee.as_str())
                    .or_default()
                    .push((f, call));
            }
        }
        let borrowed_sql = resolve_named_sql(&files);
        let mut project = Project {
            files,
            borrowed_sql,
            functions_by_name,
            calls_by_callee,
            reaches_wal: HashSet::new(),
            types_with_wal: HashSet::new(),
            wal_everywhere: false,
        };
        project.compute_wal_reach();
        project
    }

    fn compute_wal_reach(&mut self) {
        let mut direct: Vec<FunctionRef> = Vec::new();
        let mut everywhere = false;
        let mut mark =
            |file: usize, place: &Place, direct: &mut Vec<FunctionRef>| match place.function {
                Some(function) => direct.push((file, function)),
                None if place.owner.is_none() => everywhere = true,
                // Type-level WAL (a property initializer) counts for the type's own methods.
                None => {}
            };
        for (f, file) in self.files.iter().enumerate() {
            for place in &file.summary.wal_enables {
                mark(f, place, &mut direct);
            }
            for sql in &file.summary.sql {
                if sets_wal(&sql.fact) {
                    mark(f, &sql.place, &mut direct);
                }
            }
        }
        for borrowed in &self.borrowed_sql {
            if sets_wal(&borrowed.fact) {
                mark(borrowed.executed_in, &borrowed.place, &mut direct);
            }
        }
        // Callers of a function that reaches WAL reach it too.
        let mut reached: HashSet<FunctionRef> = direct.iter().copied().collect();
        let mut queue: VecDeque<FunctionRef> = direct.into();
        while let Some(function) = queue.pop_front() {
            for caller in self.callers(function) {
                if reached.insert(caller) {
                    queue.push_back(caller);
                }
            }
        }
        let files = &self.files;
        self.types_with_wal = reached
            .iter()
            .filter_map(|&(f, i)| files[f].summary.functions[i].owner.as_deref())
            .chain(files.iter().flat_map(|file| {
                file.summary
                    .wal_enables
                    .iter()
                    .filter_map(|p| p.owner.as_deref())
            }))
            .collect();
        self.reaches_wal = reached;
        self.wal_everywhere = everywhere;
    }

    /// The functions that may call `function`: calls by its name (through
    /// its type, if qualified) from files of the same language.
    pub fn callers(&self, function: FunctionRef) -> Vec<FunctionRef> {
        self.call_sites(function)
            .into_iter()
            .filter_map(|(f, call)| call.caller.map(|caller| (f, caller)))
            .collect()
    }

    /// Every call that may reach `function`, with its file: calls by its
    /// name (through its type, if qualified) from files of the same language.
    pub fn call_sites(&self, (file, index): FunctionRef) -> Vec<(usize, &CallSummary)> {
        let target = &self.files[file].summary.functions[index];
        let language = self.files[file].source.language;
        self.calls_by_callee
            .get(target.name.as_str())
            .into_iter()
            .flatten()
            .filter(|(f, call)| self.files[*f].source.language == language && call.may_call(target))
            .map(|(f, call)| (*f, *call))
            .collect()
    }

    /// Whether every call of `function` in the project runs inside a
    /// transaction: the call site holds one, or its caller is itself always
    /// called inside one. A function nobody calls is judged on its own (false).
    pub fn always_in_transaction(&self, function: FunctionRef) -> bool {
        let mut visiting = HashSet::new();
        self.always_in_transaction_from(function, &mut visiting)
    }

    fn always_in_transaction_from(
        &self,
        function: FunctionRef,
        visiting: &mut HashSet<FunctionRef>,
    ) -> bool {
        // A cycle proves nothing: the answer comes from the other callers.
        if !visiting.insert(function) {
            return false;
        }
        let sites = self.call_sites(function);
        let answer = !sites.is_empty()
            && sites.iter().all(|(f, call)| {
                call.in_transaction
                    || self.in_helper_transaction(*f, &call.handed_to)
                    || call
                        .caller
                        .is_some_and(|c| self.always_in_transaction_from((*f, c), visiting))
            });
        visiting.remove(&function);
        answer
    }

    /// Whether one of `handed_to` (the calls a site's closures are handed
    /// to) is a project function of the file's language that runs its
    /// closure argument inside a transaction.
    pub fn in_helper_transaction(&self, file: usize, handed_to: &[String]) -> bool {
        let language = self.files[file].source.language;
        handed_to.iter().any(|callee| {
            self.functions_named(callee).iter().any(|&(f, index)| {
                self.files[f].source.language == language
                    && self.function((f, index)).runs_argument_in_transaction
            })
        })
    }

    pub fn function(&self, (file, index): FunctionRef) -> &FunctionSummary {
        &self.files[file].summary.functions[index]
    }

    /// Whether the connection used at `place` in `file` gets WAL: enabled in
    /// the same function or anything it calls, in a function of the same type
    /// (an open helper's `onConfigure`), by a caller of the function (the
    /// connection is returned to it), or project-wide.
    pub fn wal_reaches(&self, file: usize, place: &Place) -> bool {
        if self.wal_everywhere {
            return true;
        }
        if let Some(function) = place.function {
            if self.reaches_wal.contains(&(file, function)) {
                return true;
            }
            let called_by_wal_setup = self
                .callers((file, function))
                .iter()
                .any(|caller| self.reaches_wal.contains(caller));
            if called_by_wal_setup {
                return true;
            }
        }
        place
            .owner
            .as_deref()
            .is_some_and(|owner| self.types_with_wal.contains(owner))
    }

    /// Functions named `name` anywhere in the project.
    pub fn functions_named(&self, name: &str) -> &[FunctionRef] {
        self.functions_by_name.get(name).map_or(&[], Vec::as_slice)
    }

    /// Every SQL fact of the project with the file whose text holds it.
    pub fn all_sql(&self) -> impl Iterator<Item = (usize, &SqlFact)> + '_ {
        self.files
            .iter()
            .enumerate()
            .flat_map(|(f, file)| file.summary.sql.iter().map(move |s| (f, &s.fact)))
            .chain(self.borrowed_sql.iter().map(|b| (b.file, &b.fact)))
    }
}

/// Whether a function is a test or a test fixture: a test annotation
/// (`@Test`, `@Before`), a Rust `#[test]` attribute, or a `test` name (XCTest).
fn is_test_function(model: &Model, function: NodeId, text: &str) -> bool {
    let NodeKind::Function(f) = &model.node(function).kind else {
        return false;
    };
    let annotated = model.children(function).any(|child| {
        connections::is_annotation_of(model, child, function)
            && matches!(&model.node(child).kind, NodeKind::Call(c) if catalog::is_test_annotation(&c.name))
    });
    let attributed = model.language == crate::source::Language::Rust
        && text
            .get(..model.node(function).range.start)
            .is_some_and(catalog::has_test_attribute);
    annotated || attributed || f.name.starts_with("test")
}

/// The file's Room DAO write methods, each with whether it is batched: a
/// write annotation, or a `@Query` whose SQL writes. One pass over the ops
/// and facts, rather than one per function.
fn dao_writes(
    model: &Model,
    ops: &[Classified],
    sql: &FileSql,
    text: &str,
) -> HashMap<NodeId, bool> {
    let annotated = |call: NodeId| {
        model
            .node(call)
            .parent
            .filter(|&function| connections::is_annotation_of(model, call, function))
    };
    let mut writes = HashMap::new();
    for classified in ops {
        if let Op::DaoWrite { batched } = classified.op {
            if let Some(function) = annotated(classified.node) {
                writes.entry(function).or_insert(batched);
            }
        }
    }
    for at in &sql.facts {
        let SqlFactKind::Query(query) = &at.fact.kind else {
            continue;
        };
        if query.verb == sql::QueryVerb::Select {
            continue;
        }
        let Some(origin) = at.origin else { continue };
        let Some(function) = annotated(origin) else {
            continue;
        };
        if let std::collections::hash_map::Entry::Vacant(entry) = writes.entry(function) {
            if let Some(batched) = catalog::takes_collection(model, origin, text) {
                entry.insert(batched);
            }
        }
    }
    writes
}

/// A fact that switches the journal to WAL.
pub fn sets_wal(fact: &SqlFact) -> bool {
    match &fact.kind {
        SqlFactKind::Pragma(pragma) => {
            pragma.name == "journal_mode"
                && pragma
                    .value
                    .as_ref()
                    .is_some_and(|v| v.text.eq_ignore_ascii_case("wal"))
        }
        _ => false,
    }
}

/// SQL executed through a constant that another file defines. A name
/// defined in several files is ambiguous and left alone.
fn resolve_named_sql(files: &[ProjectFile]) -> Vec<BorrowedSql> {
    let mut constants: HashMap<&str, Vec<(usize, &StrLit)>> = HashMap::new();
    for (f, file) in files.iter().enumerate() {
        for (name, text) in &file.summary.constants {
            constants.entry(name.as_str()).or_default().push((f, text));
        }
    }
    let mut borrowed = Vec::new();
    for (executed_in, file) in files.iter().enumerate() {
        for (name, place) in &file.summary.named_sql {
            let Some([(defined_in, text)]) = constants.get(name.as_str()).map(Vec::as_slice) else {
                continue;
            };
            for fact in sql::facts(text) {
                borrowed.push(BorrowedSql {
                    file: *defined_in,
                    fact,
                    executed_in,
                    place: place.clone(),
                });
            }
        }
    }
    borrowed
}
