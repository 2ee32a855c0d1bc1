//! What the project stage keeps of one file: its declarations with their
//! scopes and types, its call sites with what their receivers and arguments
//! are, and its storage operations, each located in a function. Small facts,
//! never the tree: the project stage joins them across files.

use foldhash::{HashMap, HashMapExt, HashSet};

use crate::catalog::{self, Classified, Op, PrefsSyncWrite, SyncStrength};
use crate::connections::{self, Transactions};
use crate::context::TestCode;
use crate::facts::FileSql;
use crate::iteration::{self, ParameterFlow};
use crate::lang::sql::{self, SqlFact, SqlFactKind};
use crate::model::{
    self, BindingKind, FunctionKind, Model, NodeId, NodeKind, Segment, StrLit, Value,
};
use crate::source::{ByteRange, Language};
use crate::types::TypeResolver;

/// What the project stage keeps of one file.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
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
    /// The Kotlin package the file declares.
    pub package: Option<String>,
    /// Types declared here, by name: calls on values of these types reach
    /// the project's functions, not a library's.
    pub types: Vec<String>,
    /// Of `types`, those declared here rather than only extended (an
    /// `extension View` adds to the library's `View`).
    pub own_types: Vec<String>,
    /// Of `own_types`, the Kotlin `object`s: no type has one as supertype.
    pub objects: Vec<String>,
    /// Properties and top-level values with what their type is.
    pub properties: Vec<PropertyFact>,
    /// (type, supertype) pairs: a type has its supertypes' methods too.
    pub supertypes: Vec<(String, String)>,
    /// (alias, name) pairs of types imported under another name.
    pub aliases: Vec<(String, String)>,
    // open-per-query, write-without-transaction:
    /// Every connection opened here and what becomes of it.
    pub open_uses: Vec<OpenUse>,
    /// Every INSERT/UPDATE/DELETE/REPLACE run here, SQL or API.
    pub writes: Vec<WriteSite>,
    /// Syncs and whole-file rewrites that run on every call of their function.
    pub file_writes: Vec<FileWriteSite>,
    /// For each loop that repeats a site, the calls (indices into `calls`)
    /// its iterations make that may wait on something other than storage:
    /// awaited ones, blocking waits the catalog knows, and in Kotlin (whose
    /// suspending calls are not written as such) any call. Sites name
    /// their loop's list by index (`CallSummary::loop_waits`).
    pub loop_waits: Vec<Vec<usize>>,
    /// Types declared here that keep a path, file, context or open helper:
    /// what opens a database rather than an open connection.
    pub locator_types: Vec<String>,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct FunctionSummary {
    pub name: String,
    /// The name token.
    pub name_range: ByteRange,
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
    /// Callable only from this file.
    pub file_private: bool,
    /// False for an interface or abstract method: its implementations run.
    pub has_body: bool,
    /// `suspend` or `async`: calling it may wait on I/O.
    pub asynchronous: bool,
    /// The trait whose method this is, in a Rust trait implementation.
    pub implements: Option<String>,
    /// Written `override` (Kotlin, Swift).
    pub overrides: bool,
    /// The argument labels every call writes (Swift).
    pub call_labels: Vec<String>,
    /// Closes a database connection itself.
    pub closes_connection: bool,
    /// The declared return type (`Self` as written).
    pub returns: Option<String>,
    pub parameters: Vec<String>,
    /// For each of `parameters`, when its declared type is a function
    /// type, the types that function's parameters are declared with
    /// (`model::closure_parameter_types`): what a closure handed there
    /// gets, written without types (`|dao| dao.insert(..)`).
    pub closure_parameters: Vec<Vec<String>>,
    /// Parameters (by position) whose value the function itself runs as
    /// SQL: directly, or split into statements and run one by one.
    pub executes_parameters: Vec<usize>,
    /// Declared public on purpose (Swift and Kotlin `public`/`open`, Rust
    /// `pub`) and taking no function: a library's entry point, each call of
    /// which is one piece of work for its callers. A function handed a
    /// closure runs the caller's work inside it (a session, a transaction).
    pub entry_point: bool,
    /// Android runs it inside a transaction of its own by contract:
    /// `SQLiteOpenHelper.onCreate`/`onUpgrade`/`onDowngrade` and a Room
    /// `Migration.migrate`, each handed the database being set up.
    pub framework_transaction: bool,
    /// Handed an HTTP client (`catalog::is_network_client_type`): a call
    /// of it waits on the network.
    pub takes_network_client: bool,
    /// Named for a schema upgrade, handed Android's database
    /// (`catalog::upgrade_step_of_android_database`) and declared for Java
    /// callers (`@JvmStatic`): called from no code storlint reads, it runs
    /// from the app's Java `onUpgrade`, inside the framework's transaction.
    pub upgrade_step: bool,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct CallSummary {
    pub caller: Option<usize>,
    pub callee: String,
    /// What the call is made on, as far as this file can say.
    pub receiver: Receiver,
    /// The type the call is written in (a Kotlin companion's outer type).
    pub owner: Option<String>,
    pub args: Vec<ArgFact>,
    /// Awaited where it is made (`x.await`, `await x`): the widest block
    /// that runs the await whenever it runs.
    pub awaited: Option<ByteRange>,
    /// A blocking wait the catalog knows (`Thread.sleep`, a request's
    /// `execute()`) that is not storage: the call waits on something else.
    pub waits_elsewhere: Option<catalog::Wait>,
    /// Awaited, and not storage the catalog knows: made on a library, it
    /// waits on something else (`URLSession.data(from:)`, a `reqwest` send).
    pub awaits_non_storage: bool,
    /// The callee's name token.
    pub range: ByteRange,
    /// The loop (its keyword) that runs this call once per iteration, in
    /// the caller's own body.
    pub repeated: Option<ByteRange>,
    /// The call runs whenever its function does: on no branch, after no
    /// early return, in no closure kept for later.
    pub every_call: bool,
    /// The call (an index into `FileSummary::calls`) whose closure repeats
    /// this one (`forEach`, `flatMap`), when that is what repeats it.
    pub iterated_by: Option<usize>,
    /// A transaction opened in the caller encloses the call.
    pub in_transaction: bool,
    /// The calls (indices into `FileSummary::calls`) that the closures
    /// around this one are handed to, innermost first (`with_transaction`
    /// in `conn.with_transaction(|tx| ..)`).
    pub handed_to: Vec<usize>,
    /// The call (an index into `FileSummary::calls`) whose closure hands
    /// this one the handle it uses (`handle_supplied_by`), around its loop
    /// when one repeats it.
    pub handle_from: Option<usize>,
    /// In a loop: the index of its list in `FileSummary::loop_waits`.
    pub loop_waits: Option<usize>,
    /// The caller's parameters (by position) the receiver is computed from.
    pub receiver_parameters: Vec<usize>,
    /// In a loop: whether the receiver, and which arguments (by position),
    /// differ from one iteration to the next.
    pub varying_receiver: bool,
    pub varying_args: Vec<usize>,
}

/// A call's receiver: where the chain starts and the members after it.
/// `self.db.noteDao()` is `This` then `db`, `noteDao()`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Receiver {
    pub head: Head,
    pub members: Vec<Segment>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Head {
    /// No receiver: `f()`.
    Bare,
    /// `self`/`this`: the type the call is written in.
    This,
    /// A value of this type: declared (`dao: NoteDao`) or constructed (`Store()`).
    Value(String),
    /// The type itself: a static or companion member, `Foo::new`.
    Type(String),
    /// A name the file does not bind to a local: a property of the type
    /// the call is written in (maybe declared in another file) or a
    /// top-level value.
    Free(String),
    /// A Rust module path: `db::open()`, `crate::store::open()`.
    Module(String),
    /// The result of a call without receiver: `database().execute(..)`.
    Call(String),
    /// A parameter of a closure handed to a call, written without a type
    /// (`scope.write(|dao| dao.insert(..))`, `db.transaction { it.insert(..) }`):
    /// its type is the one the callee declares for that closure's
    /// parameter. `call` indexes `FileSummary::calls`; `argument` is the
    /// closure's position among the arguments, None for a trailing closure.
    ClosureParameter {
        call: usize,
        argument: Option<usize>,
        parameter: usize,
    },
    /// Anything else: the call cannot be followed.
    Opaque,
}

/// What an argument is, as far as the project stage needs.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ArgFact {
    pub label: Option<String>,
    pub value: ArgValue,
    /// The caller's parameters (by position) the argument is computed from.
    pub parameters: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ArgValue {
    /// The caller's own parameter (by position), or a value made from it.
    Parameter(usize),
    /// A string literal that reads as SQL.
    Sql(StrLit),
    /// A name the file does not bind to a literal: a constant of another file.
    Named(String),
    Other,
}

/// A property or top-level value and what its type is.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PropertyFact {
    pub owner: Option<String>,
    pub name: String,
    pub ty: PropertyType,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PropertyType {
    Declared(String),
    /// Whatever its initializer evaluates to (`= AppDatabase.get(ctx)`).
    Initialized(Receiver),
}

/// Where something happens: the function (an index into `functions`) and
/// the type it belongs to.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Place {
    pub function: Option<usize>,
    pub owner: Option<String>,
    pub range: ByteRange,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct OpenSite {
    pub place: Place,
    /// The call's name, for the message.
    pub api: String,
    /// The open flags already ask for WAL.
    pub wal_flag: bool,
    /// The connection is read-only: it cannot choose a journal mode.
    pub read_only: bool,
    /// Opened into locals of its function that never leave it, and only
    /// read through (`connections::Fate::only_reads`): its journal mode
    /// costs nothing, and is no choice of the database's (an importer
    /// reading another application's database).
    pub only_reads: bool,
    /// The database lives in memory: no file, no journal.
    pub in_memory: bool,
    /// The call names no receiver but the current object (`open(..)`,
    /// `self.open(..)`): it may be the type's own overload.
    pub on_self: bool,
    /// The call is made on `super`: in an override of the same name, it
    /// runs the implementation overridden (`super.openOrCreateDatabase(..)`).
    pub on_super: bool,
    /// The database the call opens, when written so that two opens can be
    /// told to open the same one: a literal, a constant, or a path helper
    /// (`DataManager.pathToDb()`), as written without spaces.
    pub database: Option<String>,
}

/// A connection opened somewhere (open-per-query).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
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
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct WriteSite {
    /// At the SQL verb, or the write API's name.
    pub place: Place,
    pub what: String,
    /// The loop (its keyword) that runs the write once per iteration.
    pub repeated: Option<ByteRange>,
    /// As `CallSummary::iterated_by`.
    pub iterated_by: Option<usize>,
    /// As `CallSummary::every_call`.
    pub every_call: bool,
    /// A transaction opened in the same function encloses that loop.
    pub in_transaction: bool,
    /// A transaction opened in the same function encloses the write itself.
    pub in_own_transaction: bool,
    /// As `CallSummary::handed_to`, for the loop.
    pub handed_to: Vec<usize>,
    /// As `CallSummary::handle_from`.
    pub handle_from: Option<usize>,
    /// As `CallSummary::loop_waits`.
    pub loop_waits: Option<usize>,
}

/// A write to a file that runs on every call of its function, outside a
/// loop of its own: a sync, or a rewrite of a serialized file or of the
/// preferences store.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct FileWriteSite {
    pub place: Place,
    pub what: String,
    pub kind: FileWriteKind,
    /// The function's parameters the file (its handle, path or store) is
    /// computed from; none when every call writes the same file.
    pub parameters: Vec<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FileWriteKind {
    Sync(SyncStrength),
    Serialized,
    Preferences,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct SqlSummary {
    pub fact: SqlFact,
    pub place: Place,
    /// The schema versions the statement's migration upgrades from and to
    /// (`Migration(41, 42)`, `addMigration(41, 42) { .. }`): migrations run
    /// by version, whatever their order in the file.
    pub migration: Option<(u32, u32)>,
}

impl FileSummary {
    /// The calls, by index, that some loop's iterations may wait on
    /// (`loop_waits`).
    pub fn waited_calls(&self) -> impl Iterator<Item = usize> + '_ {
        self.loop_waits.iter().flatten().copied()
    }

    /// The calls a loop's iterations may wait on, by the index a site
    /// holds (`CallSummary::loop_waits`).
    pub fn loop_waits_of(&self, index: Option<usize>) -> &[usize] {
        index
            .and_then(|i| self.loop_waits.get(i))
            .map_or(&[], Vec::as_slice)
    }

    /// The calls a write's or a call's closures are handed to
    /// (`db.in_transaction(|tx| ..)`): a project helper among them may run
    /// the closure in a transaction.
    pub fn closure_takers(&self) -> impl Iterator<Item = usize> + '_ {
        (self.writes.iter())
            .flat_map(|write| &write.handed_to)
            .chain(self.calls.iter().flat_map(|call| &call.handed_to))
            .copied()
    }

    /// The calls handing a closure the database handle a site of this
    /// file uses (`CallSummary::handle_from`): one the project holds no
    /// declaration of decides the transaction around the site.
    pub fn handle_givers(&self) -> impl Iterator<Item = usize> + '_ {
        (self.writes.iter())
            .filter_map(|write| write.handle_from)
            .chain(self.calls.iter().filter_map(|call| call.handle_from))
    }

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
        let resolver = TypeResolver::new(model, catalog::type_flows(model.language));
        let mut function_index: HashMap<NodeId, usize> = HashMap::new();
        let dao_writes = dao_writes(model, ops, sql, text);
        let mut summary = FileSummary {
            imports: model.imports.clone(),
            package: model.package.clone(),
            supertypes: model.supertypes.clone(),
            aliases: model.aliases.clone(),
            ..FileSummary::default()
        };
        let transactions = Transactions::new(model, ops, &sql.facts);
        let fates = connections::Fates::new(model, ops, &sql.facts, text);
        let with_storage: HashSet<NodeId> = ops
            .iter()
            .filter_map(|op| model.enclosing_function(op.node))
            .collect();
        let executed = executed_parameters(model, &resolver, ops, text);
        let closing: HashSet<NodeId> = ops
            .iter()
            .filter(|op| op.op == Op::DbClose)
            .filter_map(|op| model.enclosing_function(op.node))
            .collect();
        for id in model.ids() {
            match &model.node(id).kind {
                NodeKind::Function(function) => {
                    function_index.insert(id, summary.functions.len());
                    summary.functions.push(FunctionSummary {
                        name: function.name.clone(),
                        name_range: function.name_range.clone(),
                        owner: function.extends.clone().or_else(|| owner_of(model, id)),
                        kind: function.kind,
                        dao_write: dao_writes.get(&id).copied(),
                        runs_argument_in_transaction: runs_argument_in_transaction(
                            model,
                            &transactions,
                            id,
                        ),
                        touches_storage: with_storage.contains(&id),
                        file_private: function.file_private,
                        has_body: function.has_body,
                        asynchronous: function.asynchronous,
                        implements: function.implements.clone(),
                        overrides: function.overrides,
                        call_labels: function.call_labels.clone(),
                        closes_connection: closing.contains(&id),
                        returns: function.returns.clone(),
                        parameters: parameters(model, id)
                            .into_iter()
                            .map(|(_, name)| name.to_string())
                            .collect(),
                        closure_parameters: closure_parameters(model, text, id, function),
                        executes_parameters: executed.get(&id).cloned().unwrap_or_default(),
                        entry_point: is_entry_point(text, &model.node(id).range, function),
                        framework_transaction: model.language == Language::Kotlin
                            && runs_in_framework_transaction(text, &model.node(id).range, function),
                        takes_network_client: model.children(id).any(|child| {
                            matches!(&model.node(child).kind, NodeKind::Binding(b)
                            if b.kind == BindingKind::Parameter
                                && b.declared_type.as_deref().is_some_and(|ty| {
                                    catalog::is_network_client_type(model.language, ty)
                                }))
                        }),
                        upgrade_step: model.language == Language::Kotlin
                            && callable_from_java(text, &model.node(id).range, function)
                            && model::declared_signature(text, &model.node(id).range, function)
                                .is_some_and(|(parameters, _)| {
                                    catalog::upgrade_step_of_android_database(
                                        &function.name,
                                        owner_of(model, id).as_deref(),
                                        model::identifiers(parameters),
                                    )
                                }),
                    });
                }
                NodeKind::TypeDecl { name } => {
                    if !name.is_empty() && name != "Companion" {
                        summary.types.push(name.clone());
                        if !model.extensions.contains(&id) {
                            summary.own_types.push(name.clone());
                        }
                        if model.objects.contains(&id) {
                            summary.objects.push(name.clone());
                        }
                    }
                    if connections::holds_database_locator(model, id) {
                        summary.locator_types.push(name.clone());
                    }
                }
                NodeKind::Binding(binding) => {
                    if let Value::Str(text) = binding.init {
                        if let Some(text) = model.str_lit(text) {
                            summary.constants.push((binding.name.clone(), text.clone()));
                        }
                    }
                    if matches!(binding.kind, BindingKind::Property | BindingKind::Constant) {
                        let ty = match (&binding.declared_type, &binding.init) {
                            (Some(ty), _) => Some(PropertyType::Declared(ty.clone())),
                            (None, Value::Chain(chain)) => Some(PropertyType::Initialized(
                                receiver_of(model, &resolver, None, id, chain, 0),
                            )),
                            (None, _) => None,
                        };
                        if let Some(ty) = ty {
                            summary.properties.push(PropertyFact {
                                owner: owner_of(model, id),
                                name: binding.name.clone(),
                                ty,
                            });
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
        let repeated = |id: NodeId| model::repetition(model, text, id).map(|r| r.label);
        let mut waiting = LoopWaits::default();
        // A write once per batch is what batching looks like, not a row at a time.
        let repeated_per_row = |id: NodeId| {
            model::repetition(model, text, id)
                .filter(|r| !iterates_batches(model, text, r.node))
                .filter(|r| !deferred_within(model, id, r.node))
                .map(|r| r.label)
        };
        let kept_calls: Vec<NodeId> = model
            .calls()
            .map(|(id, _)| id)
            .filter(|&id| kept(id))
            .collect();
        let call_index: HashMap<NodeId, usize> = kept_calls
            .iter()
            .enumerate()
            .map(|(index, &id)| (id, index))
            .collect();
        let indices = |calls: Vec<NodeId>| -> Vec<usize> {
            calls
                .into_iter()
                .filter_map(|id| call_index.get(&id).copied())
                .collect()
        };
        let returns = returns_by_function(model);
        let iterated_by = |id: NodeId| {
            let closure = model.repetition(id)?;
            let iterating = model.node(closure).parent?;
            matches!(model.node(closure).kind, NodeKind::Closure { .. })
                .then(|| call_index.get(&iterating).copied())
                .flatten()
        };
        let flows: HashMap<NodeId, ParameterFlow> = kept_calls
            .iter()
            .chain(ops.iter().map(|op| &op.node))
            .filter_map(|&id| model.enclosing_function(id))
            .collect::<HashSet<NodeId>>()
            .into_iter()
            .map(|function| {
                let names: Vec<&str> = parameters(model, function)
                    .into_iter()
                    .map(|(_, name)| name)
                    .collect();
                (function, ParameterFlow::of(model, text, function, &names))
            })
            .collect();
        let parameters_in = |id: NodeId, written: &str| {
            model
                .enclosing_function(id)
                .and_then(|function| flows.get(&function))
                .map(|flow| flow.parameters_in(written))
                .unwrap_or_default()
        };
        let mut varying_by_loop: HashMap<NodeId, HashSet<String>> = HashMap::new();
        for &id in &kept_calls {
            let NodeKind::Call(call) = &model.node(id).kind else {
                continue;
            };
            let function = model.enclosing_function(id);
            let receiver_text = text
                .get(model.node(id).range.start..call.name_range.start)
                .unwrap_or_default();
            let arg_text =
                |arg: &crate::model::Arg| text.get(arg.range.clone()).unwrap_or_default();
            let (varying_receiver, varying_args) = match model::repetition(model, text, id) {
                Some(repetition) => {
                    let varying = varying_by_loop
                        .entry(repetition.node)
                        .or_insert_with(|| iteration::varying_names(model, text, &repetition));
                    (
                        iteration::mentions_any(receiver_text, varying),
                        call.args
                            .iter()
                            .enumerate()
                            .filter(|(_, arg)| iteration::mentions_any(arg_text(arg), varying))
                            .map(|(position, _)| position)
                            .collect(),
                    )
                }
                None => (false, Vec::new()),
            };
            summary.calls.push(CallSummary {
                caller: place(id, 0..0).function,
                callee: call.name.clone(),
                receiver: receiver_of(model, &resolver, Some(&call_index), id, &call.receiver, 0),
                owner: owner_of(model, id),
                args: call
                    .args
                    .iter()
                    .map(|arg| ArgFact {
                        label: arg.label.clone(),
                        value: arg_value(model, &resolver, text, id, function, &arg.value),
                        parameters: parameters_in(id, arg_text(arg)),
                    })
                    .collect(),
                awaited: call.awaited.clone(),
                // A wait in a closure kept for later (a debounce's
                // `delay`) is the later work's, not this call's.
                waits_elsewhere: catalog::waits_elsewhere(
                    model.language,
                    call,
                    hands_closure(model, id),
                )
                .filter(|_| !ops.iter().any(|op| op.node == id))
                .filter(|_| !crate::context::deferred(model, id)),
                // `sqlx::query(q).execute(&pool).await`: the storage the
                // catalog knows is anywhere in the awaited chain.
                awaits_non_storage: call.awaited.is_some()
                    && !ops.iter().any(|op| {
                        let node = &model.node(id).range;
                        let op = &model.node(op.node).range;
                        node.start <= op.start && op.end <= node.end
                    }),
                range: call.name_range.clone(),
                repeated: repeated_per_row(id),
                iterated_by: iterated_by(id),
                every_call: runs_every_call(model, &returns, id),
                in_transaction: transactions.encloses(model, id),
                handed_to: indices(handed_to(model, id)),
                handle_from: handle_supplied_by(model, ops, id)
                    .and_then(|call| call_index.get(&call).copied()),
                loop_waits: loop_waits(model, ops, id, &mut waiting),
                receiver_parameters: parameters_in(id, receiver_text),
                varying_receiver,
                varying_args,
            });
        }
        for classified in ops.iter().filter(|c| kept(c.node)) {
            let id = classified.node;
            let NodeKind::Call(call) = &model.node(id).kind else {
                continue;
            };
            let whole = text.get(model.node(id).range.clone()).unwrap_or_default();
            let (kind, written) = match &classified.op {
                Op::Fsync(strength) => (FileWriteKind::Sync(*strength), whole),
                Op::SerializedWrite { target } => (
                    FileWriteKind::Serialized,
                    target
                        .as_ref()
                        .and_then(|range| text.get(range.clone()))
                        .unwrap_or(whole),
                ),
                // The store is the receiver's; keys and values are not files.
                // Only a synchronous write: queued `apply()`s are coalesced
                // (SharedPreferences writes the latest state once) and so
                // are UserDefaults' sets, so a helper applying one value
                // per call does not rewrite the file per call.
                Op::PrefsSyncWrite(PrefsSyncWrite::Commit | PrefsSyncWrite::EditCommit { .. }) => {
                    let receiver = text
                        .get(model.node(id).range.start..call.name_range.start)
                        .unwrap_or_default();
                    // `prefs.edit().putLong(key, v).commit()`: the store is
                    // what the editor is opened on.
                    let store = catalog::prefs_editor_opener(model.language)
                        .and_then(|opener| receiver.find(&format!(".{opener}(")))
                        .map_or(receiver, |at| &receiver[..at]);
                    (FileWriteKind::Preferences, store)
                }
                _ => continue,
            };
            let once_per_call = model::repetition(model, text, id).is_none()
                && runs_every_call(model, &returns, id)
                && (matches!(kind, FileWriteKind::Sync(_)) || !crate::context::deferred(model, id));
            let place = place(id, call.name_range.clone());
            if once_per_call && place.function.is_some() {
                summary.file_writes.push(FileWriteSite {
                    place,
                    what: call.name.clone(),
                    kind,
                    parameters: parameters_in(id, written),
                });
            }
        }
        for write in connections::writes(model, ops, &sql.facts) {
            if !kept(write.call) {
                continue;
            }
            let loop_node = model.repetition(write.call);
            summary.writes.push(WriteSite {
                place: place(write.call, write.range),
                what: write.what,
                repeated: repeated_per_row(write.call),
                iterated_by: iterated_by(write.call),
                every_call: runs_every_call(model, &returns, write.call),
                in_transaction: loop_node.is_some_and(|l| transactions.encloses(model, l)),
                in_own_transaction: transactions.encloses(model, write.call),
                handed_to: indices(loop_node.map(|l| handed_to(model, l)).unwrap_or_default()),
                handle_from: handle_supplied_by(model, ops, write.call)
                    .and_then(|call| call_index.get(&call).copied()),
                loop_waits: loop_waits(model, ops, write.call, &mut waiting),
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
                    only_reads: fates.of(id, model.repetition(id)).only_reads,
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
                    on_super: match &model.node(id).kind {
                        NodeKind::Call(call) => matches!(
                            call.receiver.as_slice(),
                            [Segment::Name(name)] if name == "super"
                        ),
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
            let fate = fates.of(id, loop_node);
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
                migration: at
                    .origin
                    .and_then(|origin| migration_versions(model, text, origin)),
            });
        }
        summary.loop_waits = (waiting.lists.into_iter()).map(indices).collect();
        summary
    }
}

/// The versions the migration around `id` upgrades from and to: the nearest
/// enclosing call or declaration whose header reads `…Migration(a, b)` with
/// two integer versions, `a < b` (Room's `object : Migration(1, 2)`, an
/// app's `addMigration(1, 2) { db -> }`).
fn migration_versions(model: &Model, text: &str, id: NodeId) -> Option<(u32, u32)> {
    model.ancestors(id).find_map(|ancestor| {
        let range = model.node(ancestor).range.clone();
        let header = text.get(range.start..range.end.min(range.start + MAX_HEADER))?;
        let header = header.split('{').next().unwrap_or(header);
        catalog::migration_versions(header)
    })
}

/// How far into a declaration its header is looked for.
const MAX_HEADER: usize = 160;

/// Whether `function` calls one of its parameters where a transaction it
/// opened encloses the call (`let tx = conn.transaction()?; f(&tx)?; tx.commit()`).
fn runs_argument_in_transaction(
    model: &Model,
    transactions: &Transactions,
    function: NodeId,
) -> bool {
    let parameters: Vec<&str> = parameters(model, function)
        .into_iter()
        .map(|(_, name)| name)
        .collect();
    !parameters.is_empty()
        && model.descendants(function).into_iter().any(|id| {
            matches!(&model.node(id).kind, NodeKind::Call(call)
                if call.receiver.is_empty() && parameters.contains(&call.name.as_str()))
                && transactions.encloses(model, id)
        })
}

/// The list, in `waiting`, of the calls the iterations of the loop
/// repeating `id` make that may wait on something other than storage
/// (`FileSummary::loop_waits`), on any path through an iteration: a loop
/// that goes to the network for some of its items is a sync loop, paced
/// by the network. Every site of a loop shares its list, made once.
fn loop_waits(
    model: &Model,
    ops: &[Classified],
    id: NodeId,
    waiting: &mut LoopWaits,
) -> Option<usize> {
    let looping = model.repetition(id)?;
    if let Some(&index) = waiting.by_loop.get(&looping) {
        return Some(index);
    }
    let calls: Vec<NodeId> = model
        .descendants(looping)
        .into_iter()
        .filter(|&other| match &model.node(other).kind {
            // Without an `await` keyword, any call may suspend; the
            // project stage tells which reach `suspend` functions.
            NodeKind::Call(call) => {
                !catalog::awaits_are_written(model.language)
                    || call.awaited.is_some()
                    || catalog::waits_elsewhere(model.language, call, hands_closure(model, other))
                        .is_some()
            }
            _ => false,
        })
        .filter(|&other| model.repetition(other) == Some(looping))
        .filter(|&other| !deferred_within(model, other, looping))
        .filter(|&other| !ops.iter().any(|op| op.node == other))
        .collect();
    let index = waiting.lists.len();
    waiting.lists.push(calls);
    waiting.by_loop.insert(looping, index);
    Some(index)
}

/// Whether call `id` is handed a closure (`executor.execute { .. }`).
fn hands_closure(model: &Model, id: NodeId) -> bool {
    model
        .children(id)
        .any(|child| matches!(model.node(child).kind, NodeKind::Closure { .. }))
}

/// The loops' lists of calls that may wait, by loop (`loop_waits`).
#[derive(Default)]
struct LoopWaits {
    by_loop: HashMap<NodeId, usize>,
    lists: Vec<Vec<NodeId>>,
}

/// The call that hands site `id` its database handle through a closure:
/// a closure around the site (and around its loop, when a loop repeats it)
/// declares a parameter that the site is made on or passes on
/// (`lockable.execute(true) { db -> for (m in ms) save(db, m) }`). The
/// call must be one the catalog does not know, neither an iteration nor a
/// standard call handing the closure a value of the caller's own; what it
/// does with the handle (a transaction around the closure, most often) is
/// decided where it is defined, which the project may not hold.
fn handle_supplied_by(model: &Model, ops: &[Classified], id: NodeId) -> Option<NodeId> {
    let NodeKind::Call(site) = &model.node(id).kind else {
        return None;
    };
    let head = |segments: &[Segment]| match segments.first() {
        Some(Segment::Name(name)) => Some(name.clone()),
        _ => None,
    };
    let used: Vec<String> = head(&site.receiver)
        .into_iter()
        .chain(site.args.iter().filter_map(|arg| match &arg.value {
            Value::Chain(segments) => head(segments),
            _ => None,
        }))
        .collect();
    if used.is_empty() {
        return None;
    }
    // A scope inside the loop is entered once per iteration: only one
    // around the loop (or around the site, when nothing repeats it) counts.
    let repeating = model.repetition(id);
    let mut around_loop = repeating.is_none();
    for ancestor in model.ancestors(id) {
        around_loop |= Some(ancestor) == repeating;
        match &model.node(ancestor).kind {
            NodeKind::Closure { iteration: false } if around_loop => {
                let parent = model.node(ancestor).parent?;
                let NodeKind::Call(call) = &model.node(parent).kind else {
                    return None;
                };
                if ops.iter().any(|op| op.node == parent)
                    || catalog::is_iteration_call(model.language, &call.name)
                    || catalog::hands_own_value_to_closure(model.language, &call.name)
                    || catalog::hands_connection_outside_transaction(model.language, &call.name)
                {
                    continue;
                }
                // Only a parameter the closure declares: whose value an
                // implicit `it` or `$0` is cannot be told without the
                // callee (a coroutine's `launch { }` binds none, and `it`
                // is then an outer closure's).
                let declares_used = model.children(ancestor).any(|child| {
                    matches!(&model.node(child).kind, NodeKind::Binding(b)
                        if b.kind == BindingKind::Parameter && used.contains(&b.name))
                });
                if declares_used {
                    return Some(parent);
                }
            }
            NodeKind::Function(_) | NodeKind::TypeDecl { .. } => return None,
            _ => {}
        }
    }
    None
}

/// The calls the closures between `id` and its function are handed to.
fn handed_to(model: &Model, id: NodeId) -> Vec<NodeId> {
    let mut callees = Vec::new();
    for ancestor in model.ancestors(id) {
        match &model.node(ancestor).kind {
            NodeKind::Closure { .. } => {
                let parent = model.node(ancestor).parent;
                match parent.map(|p| &model.node(p).kind) {
                    Some(NodeKind::Call(_)) => callees.extend(parent),
                    _ => break,
                }
            }
            NodeKind::Function(_) | NodeKind::TypeDecl { .. } => break,
            _ => {}
        }
    }
    callees
}

/// Whether call `id` runs whenever its function runs: it is on no branch
/// (nor is any call its closure is handed to), in no loop, and no return
/// in the function comes before it.
fn runs_every_call(model: &Model, returns: &HashMap<NodeId, Vec<ByteRange>>, id: NodeId) -> bool {
    let mut current = id;
    let function = loop {
        if model.conditional_calls.contains(&current) {
            return false;
        }
        let boundary = model.ancestors(current).find(|&a| {
            matches!(
                model.node(a).kind,
                NodeKind::Loop(_)
                    | NodeKind::Closure { .. }
                    | NodeKind::Function(_)
                    | NodeKind::TypeDecl { .. }
            )
        });
        let Some(boundary) = boundary else {
            return false;
        };
        match &model.node(boundary).kind {
            NodeKind::Function(_) => break boundary,
            NodeKind::Closure { iteration: false } => match model.node(boundary).parent {
                Some(call) => match &model.node(call).kind {
                    NodeKind::Call(c) if !catalog::keeps_closure(model.language, &c.name) => {
                        current = call
                    }
                    _ => return false,
                },
                None => return false,
            },
            _ => return false,
        }
    };
    // `return prefs.edit()..commit()` returns what the call gives: only an
    // exit that ends before the call can skip it.
    let start = model.node(id).range.start;
    !returns
        .get(&function)
        .is_some_and(|exits| exits.iter().any(|exit| exit.end <= start))
}

/// Where each function returns from its own body (not from a closure in it).
fn returns_by_function(model: &Model) -> HashMap<NodeId, Vec<ByteRange>> {
    let mut returns: HashMap<NodeId, Vec<ByteRange>> = HashMap::new();
    for id in model.ids() {
        let NodeKind::Exit(exit) = &model.node(id).kind else {
            continue;
        };
        if exit.leaves != crate::model::Leaves::Function {
            continue;
        }
        let scope = model.ancestors(id).find(|&a| {
            matches!(
                model.node(a).kind,
                NodeKind::Function(_) | NodeKind::Closure { .. }
            )
        });
        if let Some(function) = scope {
            if matches!(model.node(function).kind, NodeKind::Function(_)) {
                returns
                    .entry(function)
                    .or_default()
                    .push(model.node(id).range.clone());
            }
        }
    }
    returns
}

/// Whether a closure between `id` and the loop `repeating` is handed over
/// to run later rather than now: an event handler (`click = { .. }`) or a
/// deferring call's closure (`UIAction { .. }`, `postDelayed { .. }`).
fn deferred_within(model: &Model, id: NodeId, repeating: NodeId) -> bool {
    model
        .ancestors(id)
        .take_while(|&a| a != repeating)
        .any(|closure| {
            if !matches!(model.node(closure).kind, NodeKind::Closure { .. }) {
                return false;
            }
            let Some(NodeKind::Call(call)) =
                model.node(closure).parent.map(|p| &model.node(p).kind)
            else {
                return false;
            };
            let range = &model.node(closure).range;
            catalog::is_deferring_call(model.language, &call.name)
                || catalog::registers_event_handler(model.language, &call.name)
                || catalog::runs_on_executor(model.language, call)
                || catalog::keeps_closure(model.language, &call.name)
                || call.args.iter().any(|arg| {
                    arg.range.start <= range.start
                        && range.end <= arg.range.end
                        && arg.label.as_deref().is_some_and(catalog::is_handler_label)
                })
        })
}

/// Whether the loop or iteration closure `repeating` runs over batches of a
/// collection (`for chunk in ids.chunks(500)`, `ids.chunked(500).forEach {}`).
fn iterates_batches(model: &Model, text: &str, repeating: NodeId) -> bool {
    let node = model.node(repeating);
    let batching = |name: &str| catalog::is_batching_call(model.language, name);
    match &node.kind {
        NodeKind::Loop(_) => {
            let header = text.get(node.range.clone()).unwrap_or_default();
            let header = header.split('{').next().unwrap_or_default();
            header
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(batching)
        }
        _ => match node.parent.map(|p| &model.node(p).kind) {
            Some(NodeKind::Call(iterating)) => iterating
                .receiver
                .iter()
                .any(|segment| matches!(segment, Segment::Call(name) if batching(name))),
            _ => false,
        },
    }
}

/// The type a declaration at `id` belongs to: the innermost type around
/// it, or for a Kotlin companion object the class it is the companion of
/// (its members are reached as `Outer.member`).
fn owner_of(model: &Model, id: NodeId) -> Option<String> {
    let mut types = model
        .ancestors(id)
        .filter_map(|a| match &model.node(a).kind {
            NodeKind::TypeDecl { name } => Some(name.as_str()),
            _ => None,
        });
    let innermost = types.next()?;
    if innermost == "Companion" {
        return types.next().map(str::to_string);
    }
    Some(innermost.to_string())
}

/// A function's parameters in order, with their names.
fn parameters(model: &Model, function: NodeId) -> Vec<(NodeId, &str)> {
    model
        .children(function)
        .filter_map(|id| match &model.node(id).kind {
            NodeKind::Binding(b) if b.kind == BindingKind::Parameter => Some((id, b.name.as_str())),
            _ => None,
        })
        .collect()
}

/// How far a local may be followed back to what it was made from.
const MAX_HOPS: usize = 4;

/// What a receiver chain starts from, seen from `at`: locals are followed
/// to their declared type or their initializer, so that `val dao =
/// db.noteDao(); dao.insert(x)` is a call on `db.noteDao()`.
fn receiver_of(
    model: &Model,
    resolver: &TypeResolver,
    calls: Option<&HashMap<NodeId, usize>>,
    at: NodeId,
    chain: &[Segment],
    hops: usize,
) -> Receiver {
    let Some((first, rest)) = chain.split_first() else {
        return Receiver {
            head: Head::Bare,
            members: Vec::new(),
        };
    };
    let then = |head: Head, members: &[Segment]| Receiver {
        head,
        members: members.to_vec(),
    };
    match first {
        Segment::Name(name) if name == "self" || name == "this" => then(Head::This, rest),
        Segment::Name(name) if name == "Self" => match owner_of(model, at) {
            Some(owner) => then(Head::Type(owner), rest),
            None => then(Head::Opaque, rest),
        },
        Segment::Name(name) if name == "super" => then(Head::Opaque, rest),
        Segment::Name(name) => {
            let local = resolver
                .binding_of(at, name)
                .and_then(|b| match &model.node(b).kind {
                    NodeKind::Binding(binding)
                        if matches!(binding.kind, BindingKind::Local | BindingKind::Parameter) =>
                    {
                        Some((b, binding))
                    }
                    _ => None,
                });
            match local {
                Some((_, binding)) if binding.declared_type.is_some() => {
                    let ty = binding.declared_type.clone().unwrap_or_default();
                    then(Head::Value(ty), rest)
                }
                Some((b, binding)) => match &binding.init {
                    Value::Chain(init) if hops < MAX_HOPS && !init.is_empty() => {
                        let mut receiver = receiver_of(model, resolver, calls, b, init, hops + 1);
                        receiver.members.extend_from_slice(rest);
                        receiver
                    }
                    _ if binding.kind == BindingKind::Parameter => {
                        match closure_parameter(model, calls, b) {
                            Some(head) => then(head, rest),
                            None => then(Head::Opaque, rest),
                        }
                    }
                    _ => then(Head::Opaque, rest),
                },
                None if model.language == crate::source::Language::Rust => rust_path(chain),
                // Kotlin's implicit parameter of a one-parameter lambda.
                None if name == "it" && model.language == Language::Kotlin => {
                    match implicit_closure_parameter(model, calls, at) {
                        Some(head) => then(head, rest),
                        None => then(Head::Opaque, rest),
                    }
                }
                None => match constructor_parameter_type(model, at, name) {
                    Some(ty) => then(Head::Value(ty), rest),
                    None if name.starts_with(char::is_uppercase) => {
                        then(Head::Type(name.clone()), rest)
                    }
                    None => then(Head::Free(name.clone()), rest),
                },
            }
        }
        Segment::Call(name) if name.starts_with(char::is_uppercase) => {
            then(Head::Value(name.clone()), rest)
        }
        Segment::Call(name) => then(Head::Call(name.clone()), rest),
        Segment::Other => then(Head::Opaque, rest),
    }
}

/// `FunctionSummary::closure_parameters` of function `id`.
fn closure_parameters(
    model: &Model,
    text: &str,
    id: NodeId,
    function: &model::Function,
) -> Vec<Vec<String>> {
    let names = parameters(model, id);
    let declaration = &model.node(id).range;
    let Some((list, _)) = model::declared_signature(text, declaration, function) else {
        return vec![Vec::new(); names.len()];
    };
    // Bounds of generics: up to the body, or a bounded stretch of it.
    let header_end = declaration.end.min(function.name_range.end + MAX_SIGNATURE);
    let signature = text
        .get(function.name_range.end..header_end)
        .map(|header| header.split('{').next().unwrap_or(header))
        .unwrap_or_default();
    let typed = model::closure_parameter_types(list, signature);
    names
        .into_iter()
        .map(|(_, name)| {
            typed
                .iter()
                .find(|(typed_name, _)| typed_name == name)
                .map(|(_, types)| types.clone())
                .unwrap_or_default()
        })
        .collect()
}

/// How far past its name a declaration's generic bounds are looked for.
const MAX_SIGNATURE: usize = 1000;

/// The closure parameter `parameter` (a binding without a written type)
/// names, when its closure is an argument of a call: `Head::ClosureParameter`.
fn closure_parameter(
    model: &Model,
    calls: Option<&HashMap<NodeId, usize>>,
    parameter: NodeId,
) -> Option<Head> {
    let closure = model.node(parameter).parent?;
    if !matches!(model.node(closure).kind, NodeKind::Closure { .. }) {
        return None;
    }
    let position = model
        .children(closure)
        .filter(|&id| {
            matches!(&model.node(id).kind,
                NodeKind::Binding(b) if b.kind == BindingKind::Parameter)
        })
        .position(|id| id == parameter)?;
    handed_closure(model, calls, closure, position)
}

/// Kotlin's `it` at `at`: the parameter of the nearest lambda around it
/// that declares none.
fn implicit_closure_parameter(
    model: &Model,
    calls: Option<&HashMap<NodeId, usize>>,
    at: NodeId,
) -> Option<Head> {
    let closure = model.ancestors(at).find(|&a| {
        matches!(
            model.node(a).kind,
            NodeKind::Closure { .. } | NodeKind::Function(_)
        )
    })?;
    let declares_none = !model.children(closure).any(|id| {
        matches!(&model.node(id).kind,
            NodeKind::Binding(b) if b.kind == BindingKind::Parameter)
    });
    if !declares_none {
        return None;
    }
    handed_closure(model, calls, closure, 0)
}

/// `Head::ClosureParameter` for parameter `parameter` of `closure`, when the
/// closure is an argument (or the trailing closure) of a call of the file.
fn handed_closure(
    model: &Model,
    calls: Option<&HashMap<NodeId, usize>>,
    closure: NodeId,
    parameter: usize,
) -> Option<Head> {
    if !matches!(model.node(closure).kind, NodeKind::Closure { .. }) {
        return None;
    }
    let call_node = model.node(closure).parent?;
    let NodeKind::Call(called) = &model.node(call_node).kind else {
        return None;
    };
    let call = *calls?.get(&call_node)?;
    let closure_range = model.node(closure).range.clone();
    let argument = called.args.iter().position(|arg| {
        arg.range.start <= closure_range.start && closure_range.end <= arg.range.end
    });
    Some(Head::ClosureParameter {
        call,
        argument,
        parameter,
    })
}

/// The declared type of a primary-constructor parameter named `name` of a
/// type around `at`: Kotlin property initializers see those parameters
/// (`class Repo(db: AppDatabase) { private val dao = db.noteDao() }`).
fn constructor_parameter_type(model: &Model, at: NodeId, name: &str) -> Option<String> {
    model
        .ancestors(at)
        .filter(|&a| matches!(model.node(a).kind, NodeKind::TypeDecl { .. }))
        .flat_map(|type_decl| model.children(type_decl))
        .filter(|&member| {
            matches!(&model.node(member).kind,
                NodeKind::Function(f) if f.kind == FunctionKind::Initializer)
        })
        .flat_map(|constructor| model.children(constructor))
        .find_map(|parameter| match &model.node(parameter).kind {
            NodeKind::Binding(b) if b.kind == BindingKind::Parameter && b.name == name => {
                b.declared_type.clone()
            }
            _ => None,
        })
}

/// A Rust path not starting at a local: modules (`crate`, `db`), then
/// maybe a type (`Store`), then members.
fn rust_path(chain: &[Segment]) -> Receiver {
    let mut module = None;
    for (index, segment) in chain.iter().enumerate() {
        match segment {
            Segment::Name(name) if name.starts_with(char::is_uppercase) => {
                return Receiver {
                    head: Head::Type(name.clone()),
                    members: chain[index + 1..].to_vec(),
                };
            }
            Segment::Name(name) => module = Some(name.clone()),
            _ => {
                let head = match module {
                    Some(module) => Head::Module(module),
                    None => Head::Opaque,
                };
                return Receiver {
                    head,
                    members: chain[index..].to_vec(),
                };
            }
        }
    }
    Receiver {
        head: module.map_or(Head::Bare, Head::Module),
        members: Vec::new(),
    }
}

/// What an argument's value is for the project stage.
fn arg_value(
    model: &Model,
    resolver: &TypeResolver,
    text: &str,
    at: NodeId,
    function: Option<NodeId>,
    value: &Value,
) -> ArgValue {
    match value {
        Value::Str(id) => match model.str_lit(*id) {
            Some(literal) if sql::reads_as_sql(&literal.value) => ArgValue::Sql(literal.clone()),
            _ => ArgValue::Other,
        },
        Value::Chain(chain) => match chain.as_slice() {
            [Segment::Name(name)] => {
                let from_parameter =
                    function.and_then(|f| parameter_source(model, resolver, text, at, name, f, 0));
                if let Some(index) = from_parameter {
                    return ArgValue::Parameter(index);
                }
                match model.string_named(at, name) {
                    Some(literal) if sql::reads_as_sql(&literal.value) => {
                        ArgValue::Sql(literal.clone())
                    }
                    Some(_) => ArgValue::Other,
                    None if resolver.binding_of(at, name).is_none() => {
                        ArgValue::Named(name.clone())
                    }
                    None => ArgValue::Other,
                }
            }
            // `Self.schema`, `Store.schema`, `self.schema`: a constant or
            // property of a type, this file's when it defines one.
            [Segment::Name(owner), Segment::Name(name)]
                if owner == "Self" || owner == "self" || owner.starts_with(char::is_uppercase) =>
            {
                match model.string_named(at, name) {
                    Some(literal) if sql::reads_as_sql(&literal.value) => {
                        ArgValue::Sql(literal.clone())
                    }
                    Some(_) => ArgValue::Other,
                    None => ArgValue::Named(name.clone()),
                }
            }
            [.., Segment::Name(name)] if !name.chars().any(char::is_lowercase) => {
                ArgValue::Named(name.clone())
            }
            _ => ArgValue::Other,
        },
        Value::Other => ArgValue::Other,
    }
}

/// The parameter of `function` (by position) that the value named `name`
/// at `at` comes from: the parameter itself, a local made from it
/// (`val statements = sql.split(";")`), a loop variable or iteration
/// closure parameter running over it (`for s in sql.split(';')`,
/// `sql.lines().forEach { db.execSQL(it) }`).
fn parameter_source(
    model: &Model,
    resolver: &TypeResolver,
    text: &str,
    at: NodeId,
    name: &str,
    function: NodeId,
    hops: usize,
) -> Option<usize> {
    if hops > MAX_HOPS {
        return None;
    }
    let parameters = parameters(model, function);
    // A property of the value (`call.head`) is not the value: a caller
    // hands over the whole, which a statement cannot be. Calls keep the
    // text (`sql.trim()`, `schema.split(';')`).
    let over_chain = |chain: &[Segment], from: NodeId| match chain {
        [Segment::Name(head), rest @ ..] if !rest.iter().any(|s| matches!(s, Segment::Name(_))) => {
            parameter_source(model, resolver, text, from, head, function, hops + 1)
        }
        _ => None,
    };
    let iterated_by = |closure: NodeId| match model.node(closure).parent {
        Some(call) => match &model.node(call).kind {
            NodeKind::Call(iterating) => over_chain(&iterating.receiver, call),
            _ => None,
        },
        None => None,
    };
    let Some(binding) = resolver.binding_of(at, name) else {
        // An implicit closure parameter (`it`, `$0`) of an iteration closure.
        if !catalog::implicit_closure_parameters(model.language).contains(&name) {
            return None;
        }
        let closure = model
            .ancestors(at)
            .find(|&a| matches!(model.node(a).kind, NodeKind::Closure { iteration: true }))?;
        return iterated_by(closure);
    };
    if let Some(index) = parameters.iter().position(|(id, _)| *id == binding) {
        return Some(index);
    }
    let NodeKind::Binding(local) = &model.node(binding).kind else {
        return None;
    };
    // An iteration closure's own parameter (`lines.enumerateLines { line, _ in
    // .. }`) is an element of what it iterates.
    let closure_parameter = local.kind == BindingKind::Parameter
        && model.node(binding).parent.is_some_and(|scope| {
            matches!(
                model.node(scope).kind,
                NodeKind::Closure { iteration: true }
            )
        });
    if local.kind != BindingKind::Local && !closure_parameter {
        return None;
    }
    if let Value::Chain(init) = &local.init {
        return over_chain(init, binding);
    }
    let scope = model.node(binding).parent?;
    match &model.node(scope).kind {
        NodeKind::Closure { iteration: true } => iterated_by(scope),
        NodeKind::Loop(_) => {
            // The loop's header names what it iterates: the text from the
            // loop keyword to its body.
            let loop_range = model.node(scope).range.clone();
            let header = text.get(loop_range)?;
            let header = header.split('{').next().unwrap_or(header);
            parameters.iter().position(|(_, parameter)| {
                header
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|word| word == *parameter)
            })
        }
        _ => None,
    }
}

/// Each function's parameters that it runs as SQL itself (through a
/// catalog SQL call whose statement is, or comes from, the parameter).
fn executed_parameters(
    model: &Model,
    resolver: &TypeResolver,
    ops: &[Classified],
    text: &str,
) -> HashMap<NodeId, Vec<usize>> {
    let mut executed: HashMap<NodeId, Vec<usize>> = HashMap::new();
    for classified in ops {
        let Op::SqlExecNamed { name } = &classified.op else {
            continue;
        };
        let Some(function) = model.enclosing_function(classified.node) else {
            continue;
        };
        let source = parameter_source(model, resolver, text, classified.node, name, function, 0);
        if let Some(index) = source {
            let list = executed.entry(function).or_default();
            if !list.contains(&index) {
                list.push(index);
            }
        }
    }
    executed
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

/// Whether Android runs the Kotlin function inside a transaction of its
/// own (`FunctionSummary::framework_transaction`): an override of one of
/// the framework's callbacks that do (`catalog::runs_in_framework_transaction`),
/// taking the database; a function merely named so runs wherever it is called.
fn runs_in_framework_transaction(
    text: &str,
    declaration: &ByteRange,
    function: &model::Function,
) -> bool {
    function.overrides
        && model::declared_signature(text, declaration, function).is_some_and(|(parameters, _)| {
            catalog::runs_in_framework_transaction(&function.name, model::identifiers(parameters))
        })
}

/// Whether a Kotlin function is declared for Java callers (`@JvmStatic`,
/// `@JvmOverloads`, `@JvmName`): code storlint does not read calls it.
fn callable_from_java(text: &str, declaration: &ByteRange, function: &model::Function) -> bool {
    text.get(declaration.start..function.name_range.start)
        .is_some_and(|modifiers| {
            model::identifiers(modifiers)
                .any(|word| matches!(word, "JvmStatic" | "JvmOverloads" | "JvmName"))
        })
}

/// Whether a function is declared public on purpose and takes no function
/// (`FunctionSummary::entry_point`), read from its declaration's text: the
/// modifiers before its name, the parameter list after it.
fn is_entry_point(text: &str, declaration: &ByteRange, function: &model::Function) -> bool {
    let Some(modifiers) = text.get(declaration.start..function.name_range.start) else {
        return false;
    };
    let public = modifiers
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '('))
        .any(|word| matches!(word, "public" | "open" | "pub"));
    let Some((parameters, _)) = model::declared_signature(text, declaration, function) else {
        return false;
    };
    let takes_function = parameters.contains("->")
        || model::identifiers(parameters).any(|word| matches!(word, "Fn" | "FnMut" | "FnOnce"));
    public && !takes_function
}
