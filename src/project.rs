//! The project stage: small facts from every file, joined. Rules that need
//! more than one file (is WAL enabled anywhere this connection reaches? do
//! the project's queries fit this index?) ask their questions here; they
//! never see a syntax tree.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::catalog::{self, Classified, Op};
use crate::connections::{self, Transactions};
use crate::context::{self, TestCode};
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
    /// The database lives in memory: no file, no journal.
    pub in_memory: bool,
    /// The call names no receiver but the current object (`open(..)`,
    /// `self.open(..)`): it may be the type's own overload.
    pub on_self: bool,
    /// The database the call opens, when written so that two opens can be
    /// told to open the same one: a literal, a constant, or a path helper
    /// (`DataManager.pathToDb()`), as written without spaces.
    pub database: Option<String>,
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
    /// The database lives in memory: opening it touches no file.
    pub in_memory: bool,
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
    /// Summarises a file for the project stage. Nothing located in
    /// `excluded` (test code) is kept: it is no caller, no open, no write and
    /// no query that could count as evidence.
    pub fn new(
        model: &Model,
        ops: &[Classified],
        sql: &FileSql,
        text: &str,
        excluded: &TestCode,
    ) -> FileSummary {
        let kept = |id: NodeId| !excluded.contains(model.node(id).range.start);
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
        for (id, call) in model.calls().filter(|(id, _)| kept(*id)) {
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
            if !kept(write.call) {
                continue;
            }
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
        for classified in ops.iter().filter(|c| kept(c.node)) {
            let id = classified.node;
            let name_range = match &model.node(id).kind {
                NodeKind::Call(call) => call.name_range.clone(),
                _ => model.node(id).range.clone(),
            };
            match &classified.op {
                Op::DbOpen {
                    wal_flag,
                    read_only,
                    in_memory,
                } => summary.opens.push(OpenSite {
                    place: place(id, name_range),
                    api: match &model.node(id).kind {
                        NodeKind::Call(call) => call.name.clone(),
                        _ => String::new(),
                    },
                    wal_flag: *wal_flag,
                    read_only: *read_only,
                    in_memory: *in_memory,
                    database: match &model.node(id).kind {
                        NodeKind::Call(call) => database_named(call, text),
                        _ => None,
                    },
                    on_self: match &model.node(id).kind {
                        NodeKind::Call(call) => match call.receiver.as_slice() {
                            [] => true,
                            [Segment::Name(name)] => {
                                matches!(name.as_str(), "self" | "this" | "Self")
                            }
                            _ => false,
                        },
                        _ => false,
                    },
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
                in_memory: matches!(
                    classified.op,
                    Op::DbOpen {
                        in_memory: true,
                        ..
                    }
                ),
            });
        }
        for named in sql.unresolved.iter().filter(|n| kept(n.origin)) {
            let range = model.node(named.origin).range.clone();
            summary
                .named_sql
                .push((named.name.clone(), place(named.origin, range)));
        }
        for at in &sql.facts {
            let in_test = match at.origin {
                Some(origin) => !kept(origin),
                None => excluded.contains(at.fact.keyword_range.start),
            };
            if in_test {
                continue;
            }
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
    /// Where WAL is enabled.
    wal: Reach<'a>,
    /// Where any journal mode is chosen explicitly (WAL or a rollback journal).
    journal_choice: Reach<'a>,
}

/// Where a connection setting is made, as the project stage can follow it.
#[derive(Default)]
struct Reach<'a> {
    /// Functions that make the setting themselves or call (transitively) one that does.
    functions: HashSet<FunctionRef>,
    /// Types with a function that reaches the setting, or the setting made at type level.
    types: HashSet<&'a str>,
    /// Made somewhere no connection can be told apart (a `.sql` file,
    /// top-level code): it counts for every connection.
    everywhere: bool,
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
            wal: Reach::default(),
            journal_choice: Reach::default(),
        };
        project.wal = project.reach(sets_wal);
        project.journal_choice = project.reach(sets_journal_mode);
        project
    }

    /// Where the setting that `sets` recognises in SQL (and `Op::WalEnable`,
    /// which enables WAL without SQL) reaches.
    fn reach(&self, sets: fn(&SqlFact) -> bool) -> Reach<'a> {
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
                if sets(&sql.fact) {
                    mark(f, &sql.place, &mut direct);
                }
            }
        }
        for borrowed in &self.borrowed_sql {
            if sets(&borrowed.fact) {
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
        let types = reached
            .iter()
            .filter_map(|&(f, i)| files[f].summary.functions[i].owner.as_deref())
            .chain(files.iter().flat_map(|file| {
                file.summary
                    .wal_enables
                    .iter()
                    .filter_map(|p| p.owner.as_deref())
            }))
            .collect();
        Reach {
            functions: reached,
            types,
            everywhere,
        }
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

    /// Whether `function` runs once by design: `main`, an initializer or
    /// deinitializer, or a one-shot job (`one_shot_job`).
    pub fn runs_once(&self, function: FunctionRef) -> bool {
        let summary = self.function(function);
        summary.name == "main"
            || matches!(
                summary.kind,
                FunctionKind::Initializer | FunctionKind::Deinitializer
            )
            || self.one_shot_job(function)
    }

    /// Whether `function` belongs to a job that runs once: it or its type is
    /// named for one (a migration, an import, a backup;
    /// `context::is_one_shot_name`), or every call of it comes from such a
    /// job (a helper of an importer).
    pub fn one_shot_job(&self, function: FunctionRef) -> bool {
        self.one_shot_job_from(function, 0, &mut HashMap::new())
    }

    /// `memo` holds each function's answer once known, and `false` while it
    /// is being answered (a cycle proves nothing), so every function is
    /// asked once: the call graph by name can be dense.
    fn one_shot_job_from(
        &self,
        function: FunctionRef,
        depth: usize,
        memo: &mut HashMap<FunctionRef, bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&function) {
            return known;
        }
        let summary = self.function(function);
        if context::is_one_shot_name(&summary.name)
            || summary
                .owner
                .as_deref()
                .is_some_and(context::is_one_shot_name)
        {
            memo.insert(function, true);
            return true;
        }
        // Bounded: a chain of helpers longer than this is no one-shot job we can see.
        const MAX_DEPTH: usize = 8;
        if depth >= MAX_DEPTH {
            return false;
        }
        memo.insert(function, false);
        let sites = self.call_sites(function);
        let answer = !sites.is_empty()
            && sites.iter().all(|(f, call)| {
                call.caller
                    .is_some_and(|caller| self.one_shot_job_from((*f, caller), depth + 1, memo))
            });
        memo.insert(function, answer);
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

    /// Whether the open at `open` calls another overload of the function it
    /// is written in (`fun openDb(name: String) = openDb(File(name))`): the
    /// overload it reaches holds the open site, and one open is one finding.
    pub fn delegates_to_overload(&self, file: usize, open: &OpenSite) -> bool {
        let Some(function) = open.place.function else {
            return false;
        };
        let me = self.function((file, function));
        open.on_self
            && me.name == open.api
            && self
                .functions_named(&open.api)
                .iter()
                .any(|&other| other != (file, function) && self.function(other).owner == me.owner)
    }

    pub fn function(&self, (file, index): FunctionRef) -> &FunctionSummary {
        &self.files[file].summary.functions[index]
    }

    /// Whether the connection used at `place` in `file` gets WAL: enabled in
    /// the same function or anything it calls, in a function of the same type
    /// (an open helper's `onConfigure`), by a caller of the function (the
    /// connection is returned to it), or project-wide.
    pub fn wal_reaches(&self, file: usize, place: &Place) -> bool {
        self.reaches(&self.wal, file, place)
    }

    /// Whether the connection used at `place` gets a journal mode chosen
    /// explicitly (WAL or another), followed as `wal_reaches` follows WAL.
    pub fn journal_mode_chosen(&self, file: usize, place: &Place) -> bool {
        self.reaches(&self.journal_choice, file, place)
    }

    fn reaches(&self, reach: &Reach, file: usize, place: &Place) -> bool {
        if reach.everywhere {
            return true;
        }
        if let Some(function) = place.function {
            if reach.functions.contains(&(file, function)) {
                return true;
            }
            let called_by_setup = self
                .callers((file, function))
                .iter()
                .any(|caller| reach.functions.contains(caller));
            if called_by_setup {
                return true;
            }
        }
        place
            .owner
            .as_deref()
            .is_some_and(|owner| reach.types.contains(owner))
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

/// The database an open call names, when the expression identifies it
/// beyond the function it is written in: a string literal, a constant
/// (`DB_PATH`, `Config.dbPath`), or a call of a path helper. A parameter
/// or local variable (`path`) could be any database.
fn database_named(call: &crate::model::Call, text: &str) -> Option<String> {
    let arg = call
        .args
        .iter()
        .find(|a| a.label.as_deref() == Some("path"))
        .or_else(|| call.args.iter().find(|a| a.label.is_none()))?;
    let identifies = match &arg.value {
        Value::Str(_) => true,
        Value::Chain(chain) => match chain.as_slice() {
            [Segment::Name(name)] => {
                name.len() > 1 && !name.chars().any(|c| c.is_ascii_lowercase())
            }
            [.., Segment::Call(_)] => true,
            [first, ..] => matches!(first, Segment::Name(n) if n.starts_with(char::is_uppercase)),
            [] => false,
        },
        Value::Other => false,
    };
    let written: String = text
        .get(arg.range.clone())?
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    identifies.then_some(written)
}

/// A fact that chooses a journal mode explicitly, whatever the mode.
pub fn sets_journal_mode(fact: &SqlFact) -> bool {
    match &fact.kind {
        SqlFactKind::Pragma(pragma) => {
            pragma.name == "journal_mode" && pragma.value.as_ref().is_some_and(|v| !v.is_hole)
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
