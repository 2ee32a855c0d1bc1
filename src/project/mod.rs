//! The project stage: small facts from every file, joined. Rules that need
//! more than one file (is WAL enabled anywhere this connection reaches? is
//! every caller of this function inside a transaction? do the project's
//! queries fit this index?) ask their questions here, through `Project`;
//! they never see a syntax tree, nor walk the tables below.
//!
//! - `facts`: what one file contributes (declarations, call sites, operations);
//! - `resolve`: scopes and types, each call site to the functions it reaches;
//! - `graph`: the resolved call graph, with callers;
//! - `summaries`: what each function does through its callees, bottom-up;
//! - `settings`: where WAL and other journal modes reach;
//! - `sql`: SQL that crosses files, through constants and wrapper functions.

mod facts;
mod graph;
mod resolve;
mod settings;
mod sql;
mod summaries;

use std::cell::RefCell;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

pub use facts::{
    ArgFact, ArgValue, CallSummary, FileSummary, FileWriteKind, FileWriteSite, FunctionSummary,
    Head, OpenSite, OpenUse, Place, Receiver, SqlSummary, WriteSite,
};
pub use graph::Chain;
pub use settings::{sets_journal_mode, sets_wal};
pub use sql::BorrowedSql;

use crate::context;
use crate::lang::sql::SqlFact;
use crate::model::FunctionKind;
use crate::prefilter::{self, UnparsedDeclarations};
use crate::source::SourceFile;
use graph::CallGraph;
use resolve::Target;
use settings::Reach;
pub use summaries::FileEffect;
use summaries::Summary;

/// The types the files declare (not those they only extend: an
/// `extension View` leaves `View` the library's, its methods called from
/// code the project does not hold), and each type's supertypes in file
/// order: asked for every function that matters, so indexed once.
struct DeclaredTypes<'a> {
    types: HashSet<&'a str>,
    /// Of `types`, the names declared only as Kotlin `object`s.
    objects_only: HashSet<&'a str>,
    supertypes: HashMap<&'a str, Vec<&'a str>>,
}

impl<'a> DeclaredTypes<'a> {
    /// The words one of which a file declaring a method of type `ty` holds:
    /// the type's name and its supertypes', as far as the files parsed so
    /// far tell them. The declarations of the types among them not declared
    /// yet are added to `searched`: once parsed, they name the supertypes
    /// to look in next.
    fn words_declaring_methods_of(&self, ty: &str, searched: &mut Vec<Vec<String>>) -> Vec<String> {
        let mut words = Vec::new();
        let mut pending = vec![ty];
        let mut seen: HashSet<&str> = HashSet::new();
        while let Some(current) = pending.pop() {
            if !seen.insert(current) {
                continue;
            }
            // The file declaring a method of a type holds the type's name
            // (`class Base`, `impl Trait for Type`, `extension Type`).
            words.push(current.to_string());
            if self.types.contains(current) {
                pending.extend(
                    (self.supertypes.get(current).into_iter().flatten())
                        .filter_map(|supertype| type_word(supertype)),
                );
            } else {
                // Not declared so far: a library's, or one whose
                // declaration, once parsed, names its supertypes.
                searched.extend(
                    prefilter::type_declarations_of(current)
                        .into_iter()
                        .map(|declaration| vec![declaration]),
                );
            }
        }
        words.sort();
        words.dedup();
        words
    }

    fn of(files: &[ProjectFile<'a>]) -> DeclaredTypes<'a> {
        let mut declared = DeclaredTypes {
            types: HashSet::new(),
            objects_only: HashSet::new(),
            supertypes: HashMap::new(),
        };
        let mut extensible: HashSet<&str> = HashSet::new();
        for file in files {
            let summary: &'a FileSummary = file.summary;
            declared
                .types
                .extend(summary.own_types.iter().map(String::as_str));
            declared
                .objects_only
                .extend(summary.objects.iter().map(String::as_str));
            extensible.extend(
                (summary.own_types.iter())
                    .filter(|ty| !summary.objects.contains(ty))
                    .map(String::as_str),
            );
            for (ty, supertype) in &summary.supertypes {
                declared
                    .supertypes
                    .entry(ty.as_str())
                    .or_default()
                    .push(supertype.as_str());
            }
        }
        declared.objects_only.retain(|ty| !extensible.contains(ty));
        declared
    }

    /// Whether `ty` names a type of the project that another can extend:
    /// an `object Fragment` of extensions is not the `Fragment` a class
    /// extends.
    fn declares_supertype(&self, ty: &str) -> bool {
        self.types.contains(ty) && !self.objects_only.contains(ty)
    }
}

/// Who calls a function besides the project (`library_callers`).
#[derive(Debug, Default)]
struct LibraryCallers {
    /// The functions a library calls whatever the project does.
    called: HashSet<FunctionRef>,
    /// Overrides whose first declaration may be a library's, as soon as
    /// the files declaring these supertypes, not parsed yet, tell.
    undecided: HashMap<FunctionRef, Vec<String>>,
}

/// The functions a library calls whatever the project does, which no
/// transaction of the project's can hold: an override whose first
/// declaration is a library type's method (`override fun onCreateView` in
/// a `Fragment`, or in a subclass overriding the project's override), and a
/// method of a Rust implementation of a library's trait (`impl Future for
/// Fetch`). An override whose supertypes include one declared in a file not
/// parsed yet is undecided: that type may declare the method first.
fn library_callers(
    files: &[ProjectFile],
    types: &DeclaredTypes,
    unparsed: &UnparsedDeclarations,
) -> LibraryCallers {
    // The (type, method) pairs the project declares first, not as overrides.
    let introduced: HashSet<(&str, &str)> = (files.iter())
        .flat_map(|file| file.summary.functions.iter())
        .filter(|function| !function.overrides && function.implements.is_none())
        .filter_map(|function| Some((function.owner.as_deref()?, function.name.as_str())))
        .collect();
    // The same few library types (`Fragment`, `ViewModel`) are asked for
    // override after override, and asking the files not parsed hashes each
    // declaration keyword with the name.
    let library_types: RefCell<HashMap<&str, bool>> = RefCell::default();
    let library_type = |ty| {
        if let Some(&known) = library_types.borrow().get(ty) {
            return known;
        }
        let library = !types.declares_supertype(ty) && !unparsed.declare_supertype(ty);
        library_types.borrow_mut().insert(ty, library);
        library
    };
    // `Ok(true)`: the library's; `Err(types)`: undecided until those parse.
    let overrides_library = |owner: &str, name: &str| -> Result<bool, Vec<String>> {
        let mut pending = vec![owner];
        let mut seen: HashSet<&str> = HashSet::new();
        let mut library = false;
        let mut not_parsed = Vec::new();
        while let Some(ty) = pending.pop() {
            if !seen.insert(ty) {
                continue;
            }
            let supertypes = types.supertypes.get(ty).into_iter().flatten();
            for supertype in supertypes.filter_map(|supertype| type_word(supertype)) {
                if introduced.contains(&(supertype, name)) {
                    return Ok(false);
                }
                if types.declares_supertype(supertype) {
                    pending.push(supertype);
                } else if library_type(supertype) {
                    library = true;
                } else {
                    not_parsed.push(supertype.to_string());
                }
            }
        }
        if not_parsed.is_empty() {
            Ok(library)
        } else {
            Err(not_parsed)
        }
    };
    let mut callers = LibraryCallers::default();
    for (f, file) in files.iter().enumerate() {
        for (i, function) in file.summary.functions.iter().enumerate() {
            let library = match (&function.owner, &function.implements) {
                (_, Some(implemented)) => Ok(type_word(implemented).is_some_and(&library_type)),
                (Some(owner), None) if function.overrides => {
                    overrides_library(owner, &function.name)
                }
                _ => Ok(false),
            };
            match library {
                Ok(true) => {
                    callers.called.insert((f, i));
                }
                Ok(false) => {}
                Err(not_parsed) => {
                    callers.undecided.insert((f, i), not_parsed);
                }
            }
        }
    }
    callers
}

/// The identifier a type is written with in its declaration: the last
/// segment of a path, without generic arguments (`a::Client<T>` is `Client`).
fn type_word(ty: &str) -> Option<&str> {
    let ty = ty.split('<').next().unwrap_or(ty);
    let word = ty.rsplit([':', '.']).next().unwrap_or(ty).trim();
    (!word.is_empty() && word.chars().all(|c| c.is_alphanumeric() || c == '_')).then_some(word)
}

/// The functions a receiver is computed with (`fetch` and `items` in
/// `fetch().items()`).
fn receiver_calls(receiver: &Receiver) -> impl Iterator<Item = &str> {
    let head = match &receiver.head {
        Head::Call(name) => Some(name.as_str()),
        _ => None,
    };
    head.into_iter()
        .chain(receiver.members.iter().filter_map(|member| match member {
            crate::model::Segment::Call(name) => Some(name.as_str()),
            _ => None,
        }))
}

/// A site a loop repeats outside a transaction (`Project::writing_loop_sites`).
struct LoopSite<'p> {
    /// The function the loop is in.
    function: Option<usize>,
    /// The calls (of the site's file) the loop's iterations may wait on.
    waits: &'p [usize],
    /// The call whose closure repeats the site (`forEach`, `flatMap`).
    iterated_by: Option<usize>,
    /// The calls the closures around the site are handed to: a helper
    /// among them may run its closure in a transaction.
    handed_to: &'p [usize],
}

/// `a` and `b`, side by side when on a thread of a rayon pool (the run's
/// parser pool), one after the other elsewhere: a thread outside any pool
/// would hand them to the global pool, whose threads may all be waiting
/// for this one (`--fix` checks each file on a thread of its own, spawned
/// from a global pool's thread).
pub(crate) fn join_in_pool<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    if rayon::current_thread_index().is_some() {
        rayon::join(a, b)
    } else {
        (a(), b())
    }
}

/// A function somewhere in the project: (file, function) indices.
pub type FunctionRef = (usize, usize);

/// A call site somewhere in the project: (file, call) indices.
pub type CallRef = (usize, usize);

pub struct ProjectFile<'a> {
    pub source: &'a SourceFile,
    pub summary: &'a FileSummary,
}

/// All files' facts, with the joins project rules ask for.
pub struct Project<'a> {
    pub files: Vec<ProjectFile<'a>>,
    /// The types the files declare, and their supertypes.
    declared_types: DeclaredTypes<'a>,
    /// SQL that runs in one place and is written in another: a constant of
    /// another file, or a statement handed to a project function that
    /// executes it.
    pub borrowed_sql: Vec<BorrowedSql>,
    /// Calls that hand a write statement to a project function that executes it.
    writing_calls: HashSet<CallRef>,
    graph: CallGraph,
    summaries: Vec<Vec<Summary>>,
    /// Where WAL is enabled.
    wal: Reach,
    /// Where any journal mode is chosen explicitly (WAL or a rollback journal).
    journal_choice: Reach,
    /// The functions a library calls, and those it may.
    library_callers: LibraryCallers,
}

impl<'a> Project<'a> {
    /// The project of `files`, every file of it parsed.
    pub fn new(files: Vec<ProjectFile<'a>>) -> Project<'a> {
        Project::with_unparsed(files, &UnparsedDeclarations::default())
    }

    /// The project of the files parsed so far, `unparsed` telling what the
    /// others declare.
    pub fn with_unparsed(
        files: Vec<ProjectFile<'a>>,
        unparsed: &UnparsedDeclarations,
    ) -> Project<'a> {
        let calls = || {
            let graph = CallGraph::new(&files);
            let summaries = summaries::compute(&files, &graph);
            let borrowed = sql::borrowed(&files, &graph, &summaries);
            (graph, summaries, borrowed)
        };
        let types = || {
            let declared_types = DeclaredTypes::of(&files);
            let library_callers = library_callers(&files, &declared_types, unparsed);
            (declared_types, library_callers)
        };
        let ((graph, summaries, borrowed), (declared_types, library_callers)) =
            join_in_pool(calls, types);
        let wal = Reach::new(&files, &graph, &borrowed.facts, sets_wal);
        let journal_choice = Reach::new(&files, &graph, &borrowed.facts, sets_journal_mode);
        Project {
            files,
            declared_types,
            library_callers,
            borrowed_sql: borrowed.facts,
            writing_calls: borrowed.writing_calls,
            graph,
            summaries,
            wal,
            journal_choice,
        }
    }

    pub fn function(&self, (file, index): FunctionRef) -> &FunctionSummary {
        &self.files[file].summary.functions[index]
    }

    pub fn call(&self, (file, index): CallRef) -> &CallSummary {
        &self.files[file].summary.calls[index]
    }

    /// The project functions a call reaches (none when it is unresolved or
    /// a library's).
    pub fn callees(&self, call: CallRef) -> &[FunctionRef] {
        self.graph.callees(call)
    }

    /// Whether what repeats a site (`iterated_by`, a call index of file
    /// `file`) only looks like a loop: `flatMap` on a `Single`, `fold` on a
    /// `Result` run their closure once.
    pub fn repeats_once(&self, file: usize, iterated_by: Option<usize>) -> bool {
        iterated_by.is_some_and(|call| self.graph.iterates_single_value((file, call)))
    }

    /// Every call site resolved to `function`.
    pub fn call_sites(&self, function: FunctionRef) -> Vec<(usize, &CallSummary)> {
        self.graph
            .sites_of(function)
            .iter()
            .map(|&(f, c)| (f, self.call((f, c))))
            .collect()
    }

    /// The functions whose bodies call `function`.
    pub fn callers(&self, function: FunctionRef) -> Vec<FunctionRef> {
        self.call_sites(function)
            .into_iter()
            .filter_map(|(f, call)| call.caller.map(|caller| (f, caller)))
            .collect()
    }

    /// Whether every call of `function` in the project runs inside a
    /// transaction: the call site holds one, or its caller is itself always
    /// called inside one. A function nobody calls is judged on its own (false).
    pub fn always_in_transaction(&self, function: FunctionRef) -> bool {
        self.always_in_transaction_from(function, &mut HashMap::new())
    }

    /// `memo` holds each answer once known and `false` while it is being
    /// answered (a cycle proves nothing), so every function is asked once.
    fn always_in_transaction_from(
        &self,
        function: FunctionRef,
        memo: &mut HashMap<FunctionRef, bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&function) {
            return known;
        }
        memo.insert(function, false);
        let sites = self.graph.sites_of(function);
        let summary = self.function(function);
        if summary.framework_transaction || summary.upgrade_step && sites.is_empty() {
            memo.insert(function, true);
            return true;
        }
        if self.library_callers.called.contains(&function) {
            return false;
        }
        let answer = !sites.is_empty()
            && sites.iter().all(|&(f, c)| {
                let call = self.call((f, c));
                call.in_transaction
                    || self.in_helper_transaction(f, &call.handed_to, call.handle_from)
                    || call
                        .caller
                        .is_some_and(|caller| self.always_in_transaction_from((f, caller), memo))
            });
        memo.insert(function, answer);
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

    /// Memoised as `always_in_transaction_from`.
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
        // A database's creation and upgrade callbacks run once per install
        // or version (an Activity's `onCreate` runs on every launch).
        if summary.framework_transaction
            || context::is_one_shot_name(&summary.name)
            || summary
                .owner
                .as_deref()
                .is_some_and(context::is_one_shot_name)
            || context::is_one_shot_path(&self.files[function.0].source.layout_path)
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

    /// Whether one of `handed_to` (calls of file `file` that a site's
    /// closures are handed to) reaches a project function that runs its
    /// closure argument inside a transaction, or `handle_from`, the call
    /// handing the site its database through a closure, is made on code
    /// the project does not hold (a method of a type no analysed file
    /// declares: a Java class, a library's; not a call the resolver merely
    /// failed to follow): that code
    /// decides the transaction, and a linter that cannot read it stays
    /// silent rather than guess none.
    pub fn in_helper_transaction(
        &self,
        file: usize,
        handed_to: &[usize],
        handle_from: Option<usize>,
    ) -> bool {
        handle_from.is_some_and(|call| matches!(self.graph.target((file, call)), Target::Library))
            || handed_to.iter().any(|&call| {
                self.callees((file, call))
                    .iter()
                    .any(|&function| self.function(function).runs_argument_in_transaction)
            })
    }

    /// Whether the open at `open` is an override handing its work to the
    /// implementation it overrides (`override fun openOrCreateDatabase(..)
    /// = super.openOrCreateDatabase(..)`): the framework's open, which the
    /// override's callers reach and whose journal the code around those
    /// callers decides; the override is no open of its own.
    pub fn delegates_to_super(&self, file: usize, open: &OpenSite) -> bool {
        open.on_super
            && open.place.function.is_some_and(|function| {
                let me = self.function((file, function));
                me.overrides && me.name == open.api
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
        let language = self.files[file].source.language;
        open.on_self
            && me.name == open.api
            && self.files.iter().enumerate().any(|(f, other)| {
                other.source.language == language
                    && other.summary.functions.iter().enumerate().any(|(i, o)| {
                        (f, i) != (file, function) && o.name == me.name && o.owner == me.owner
                    })
            })
    }

    /// The word groups the next pass looks for in the files not parsed
    /// yet (`names_callers_matter` and `declarations_loops_wait_on`, with
    /// `blanked` by file).
    pub fn words_for_next_pass(&self, blanked: &[bool]) -> Vec<Vec<String>> {
        let types = &self.declared_types;
        let sites: Vec<Vec<LoopSite>> = (0..self.files.len())
            .map(|f| self.writing_loop_sites(f).collect())
            .collect();
        let mut groups = self.names_callers_matter(types, &sites);
        groups.extend(self.declarations_loops_wait_on(types, &sites, blanked));
        groups
    }

    /// The names of the functions whose callers a rule reads: ones that
    /// write a row on every call, or hold a loop writing outside a
    /// transaction or call one that does outside a transaction (a caller's
    /// transaction covers the loop), sync or rewrite a
    /// file on every call, run a statement they are handed, run a closure
    /// in a transaction, open a connection (a caller closing it again is
    /// found from there) or enable WAL. A file calling only functions that
    /// read rows can neither hold nor decide a finding.
    ///
    /// Each comes as the groups of words a calling file must hold: a
    /// method's name with its type's, or a supertype's (a call on a value
    /// of another type cannot reach it), in either case of the first
    /// letter (`noteDao().insert(..)` names the DAO by its getter).
    fn names_callers_matter(
        &self,
        types: &DeclaredTypes,
        sites: &[Vec<LoopSite>],
    ) -> Vec<Vec<String>> {
        let mut names: Vec<Vec<String>> = Vec::new();
        let (held_by_callers, supertypes) = self.loops_callers_may_hold(sites);
        // An override's supertypes, declared: whether a library calls it.
        names.extend(
            (supertypes.into_iter())
                .flat_map(prefilter::type_declarations_of)
                .map(|declaration| vec![declaration]),
        );
        for (f, file) in self.files.iter().enumerate() {
            let holds_writes: HashSet<usize> = file
                .summary
                .writes
                .iter()
                .filter_map(|write| write.place.function)
                .chain(
                    file.summary
                        .calls
                        .iter()
                        .enumerate()
                        .filter_map(|(c, call)| {
                            self.reaches_writer((f, c)).then_some(call.caller).flatten()
                        }),
                )
                .collect();
            let opens_or_enables: HashSet<usize> = file
                .summary
                .open_uses
                .iter()
                .map(|open| open.place.function)
                .chain(file.summary.opens.iter().map(|open| open.place.function))
                .chain(file.summary.wal_enables.iter().map(|place| place.function))
                .flatten()
                .collect();
            for (i, function) in file.summary.functions.iter().enumerate() {
                let summary = &self.summaries[f][i];
                let matters = summary.writes_once.is_some()
                    || !summary.executes.is_empty()
                    || summary.syncs.is_some()
                    || summary.rewrites.is_some()
                    || function.dao_write.is_some()
                    || function.runs_argument_in_transaction
                    || opens_or_enables.contains(&i)
                    // Up from a writing loop, as far as the functions
                    // writing or calling one that writes on every call: the
                    // passes' bound on how far up a transaction is looked for.
                    || holds_writes.contains(&i) && held_by_callers.contains(&(f, i));
                // A file-private function's callers are in its own file,
                // which the stage already has.
                if matters && !function.file_private {
                    names.extend(self.caller_words(f, function, types));
                }
            }
        }
        names.sort();
        names.dedup();
        names
    }

    /// The functions whose callers decide whether a loop writing outside a
    /// transaction is held in one (`always_in_transaction`): those holding
    /// such a loop, and, up the calls made outside any transaction, those
    /// calling them. A function that writes without a loop is no question
    /// for its callers, nor is one only ever called inside a transaction,
    /// nor one a library calls (a framework's callback: the library's calls
    /// hold no transaction of the project's). An override that may be one
    /// waits for its supertypes' declarations, which the next pass looks
    /// for (the supertypes are returned).
    fn loops_callers_may_hold(&self, sites: &[Vec<LoopSite>]) -> (HashSet<FunctionRef>, Vec<&str>) {
        let mut pending: Vec<FunctionRef> = (sites.iter().enumerate())
            .flat_map(|(f, sites)| {
                sites
                    .iter()
                    .filter_map(move |site| site.function.map(|i| (f, i)))
            })
            .collect();
        let mut questions: HashSet<FunctionRef> = HashSet::new();
        let mut supertypes = Vec::new();
        while let Some(function) = pending.pop() {
            if self.library_callers.called.contains(&function) {
                continue;
            }
            if let Some(not_parsed) = self.library_callers.undecided.get(&function) {
                supertypes.extend(not_parsed.iter().map(String::as_str));
                continue;
            }
            if !questions.insert(function) {
                continue;
            }
            for &(f, c) in self.graph.sites_of(function) {
                let call = self.call((f, c));
                if call.in_transaction
                    || self.in_helper_transaction(f, &call.handed_to, call.handle_from)
                {
                    continue;
                }
                pending.extend(call.caller.map(|caller| (f, caller)));
            }
        }
        supertypes.sort_unstable();
        supertypes.dedup();
        (questions, supertypes)
    }

    /// The sites of file `file` that a loop repeats outside a transaction
    /// and that write: a write of its own, or a call that writes through
    /// the project (a function writing on every call, or one handed a
    /// write statement). Only these make a loop a question for the rules
    /// (`write-without-transaction`), and what such a loop waits on or
    /// iterates over, or who calls its function, an answer.
    fn writing_loop_sites(&self, file: usize) -> impl Iterator<Item = LoopSite<'_>> + '_ {
        let summary = self.files[file].summary;
        let writes = (summary.writes.iter())
            .filter(|write| write.repeated.is_some() && !write.in_transaction)
            .map(|write| LoopSite {
                function: write.place.function,
                waits: summary.loop_waits_of(write.loop_waits),
                iterated_by: write.iterated_by,
                handed_to: &write.handed_to,
            });
        let calls = (summary.calls.iter().enumerate())
            .filter(move |&(c, call)| {
                call.repeated.is_some()
                    && !call.in_transaction
                    && (self.hands_over_write((file, c)) || self.reaches_writer((file, c)))
            })
            .map(|(_, call)| LoopSite {
                function: call.caller,
                waits: summary.loop_waits_of(call.loop_waits),
                iterated_by: call.iterated_by,
                handed_to: &call.handed_to,
            });
        writes.chain(calls)
    }

    /// Whether the call reaches a project function that writes a row on
    /// every call.
    fn reaches_writer(&self, call: CallRef) -> bool {
        (self.callees(call).iter()).any(|&callee| self.writes_once(callee).is_some())
    }

    /// The word groups that a file calling `function` holds (see
    /// `names_callers_matter`).
    fn caller_words(
        &self,
        file: usize,
        function: &FunctionSummary,
        declared: &DeclaredTypes,
    ) -> Vec<Vec<String>> {
        let language = self.files[file].source.language;
        // A Swift call writes the function's argument labels: `count` and
        // `DataManager` are in most files of an app, `query` with them in
        // the ones calling `count(query:values:)`.
        let called = |words: Vec<String>| -> Vec<String> {
            words
                .into_iter()
                .chain(function.call_labels.iter().cloned())
                .collect()
        };
        let Some(owner) = &function.owner else {
            return vec![called(vec![function.name.clone()])];
        };
        // A library's base (`NSObject`, a delegate protocol) dispatches to
        // the method from code the project does not hold. A supertype not
        // declared in the files parsed so far may be declared in one not
        // parsed yet: its declaration is looked for first.
        let mut types: Vec<&str> = vec![owner.as_str()];
        let mut groups = Vec::new();
        for &supertype in declared
            .supertypes
            .get(owner.as_str())
            .into_iter()
            .flatten()
        {
            if declared.declares_supertype(supertype) {
                types.push(supertype);
            } else {
                groups.extend(
                    prefilter::type_declarations_of(supertype)
                        .into_iter()
                        .map(|declaration| vec![declaration]),
                );
            }
        }
        for ty in types {
            let ty = ty.rsplit(['.', ':']).next().unwrap_or(ty);
            let mut chars = ty.chars();
            let Some(first) = chars.next() else { continue };
            let rest = chars.as_str();
            let initials = if crate::catalog::getters_named_after_types(language) {
                vec![first.to_ascii_uppercase(), first.to_ascii_lowercase()]
            } else {
                vec![first]
            };
            for initial in initials {
                groups.push(called(vec![
                    function.name.clone(),
                    format!("{initial}{rest}"),
                ]));
            }
        }
        groups.sort();
        groups.dedup();
        groups
    }

    /// Functions whose declarations decide whether a loop's writes are
    /// reported, and which may be in files not parsed yet: the calls each
    /// iteration makes that reach no project function the stage has
    /// (whether they wait on a request), and the calls an iteration runs on
    /// (whether they return one value, as a `Result` does).
    ///
    /// Each comes as the groups of words a declaring file holds: the
    /// declaration (`fun fetch`), with the type's name when the call names
    /// it (`Client::new` is declared where `Client` is) or the resolver
    /// knows its receiver's (a method of `Store` is declared where `Store`
    /// or a supertype is named). A method called on a value of unknown type
    /// is not looked for: no declaration of its name could resolve the call.
    ///
    /// A call that reaches a function of a file analysed with its bodies
    /// blanked (`blanked`, by file) is looked for too: that file is read
    /// again whole, since what the body touches decides the loop's waits.
    fn declarations_loops_wait_on(
        &self,
        types: &DeclaredTypes,
        sites: &[Vec<LoopSite>],
        blanked: &[bool],
    ) -> Vec<Vec<String>> {
        // Each function name with the words, one of which its declaring
        // file holds (none: any file), and the groups that find the
        // declarations of the types to look in first.
        let mut names: Vec<(String, Vec<String>)> = Vec::new();
        let mut type_declarations: Vec<Vec<String>> = Vec::new();
        for ((f, file), sites) in self.files.iter().enumerate().zip(sites) {
            // What each iteration waits on, and the helpers the loop's
            // closures are handed to (`db.in_transaction(|tx| for ..)`),
            // whose declarations say whether they run them in a
            // transaction, where the first pass does not read those.
            let helpers_unread =
                !crate::catalog::reads_transaction_only_files(file.source.language);
            let depends_on = sites.iter().flat_map(|site| {
                let handed_to = if helpers_unread { site.handed_to } else { &[] };
                let waits = site.waits.iter().map(|&c| (c, false));
                waits.chain(handed_to.iter().map(|&c| (c, true)))
            });
            // A call handing a closure its database handle is silence for
            // every site in it when the project holds no declaration of it
            // (`in_helper_transaction`), whichever site's callers ask: look
            // for one.
            let mut handle_from: Vec<usize> = file.summary.handle_givers().collect();
            handle_from.sort_unstable();
            handle_from.dedup();
            for &c in &handle_from {
                // Any declaration of the name: the receiver's type may be
                // one a constructor call makes, which no declaration of a
                // function names.
                if self.callees((f, c)).is_empty() {
                    names.push((file.summary.calls[c].callee.clone(), Vec::new()));
                }
            }
            let depends_on = depends_on.chain(handle_from.into_iter().map(|c| (c, true)));
            for (c, handed_closure) in depends_on {
                let call = &file.summary.calls[c];
                let callees = self.callees((f, c));
                if !callees.is_empty() {
                    names.extend(self.blanked_bodies(call, callees, handed_closure, blanked));
                    continue;
                }
                let receiver = &call.receiver;
                match &receiver.head {
                    Head::Type(ty) if receiver.members.is_empty() => {
                        let words = type_word(ty).map(|word| vec![word.to_string()]);
                        names.push((call.callee.clone(), words.unwrap_or_default()));
                    }
                    Head::Bare | Head::Module(_) if receiver.members.is_empty() => {
                        names.push((call.callee.clone(), Vec::new()));
                    }
                    _ => match self.graph.waited_receiver((f, c)).and_then(type_word) {
                        Some(word) => {
                            let words =
                                types.words_declaring_methods_of(word, &mut type_declarations);
                            names.push((call.callee.clone(), words));
                        }
                        // A method is found from its receiver's type, which
                        // a function's declaration may tell (`store().get()`);
                        // one declared for a type not known (`a.b().get()`) is
                        // found after that type's.
                        None => {
                            if let Head::Call(name) = &receiver.head {
                                names.push((name.clone(), Vec::new()));
                            }
                        }
                    },
                }
            }
            // What a loop iterates over: `service.fetch().flatMap { }` is
            // one value when `fetch` is declared to return a `Result`.
            if !crate::catalog::chains_single_values(file.source.language) {
                continue;
            }
            for c in sites.iter().filter_map(|site| site.iterated_by) {
                let receiver = &file.summary.calls[c].receiver;
                names.extend(receiver_calls(receiver).map(|name| (name.to_string(), Vec::new())));
            }
        }
        names.sort();
        names.dedup();
        let mut groups: Vec<Vec<String>> = names
            .into_iter()
            .flat_map(|(name, words)| {
                prefilter::declarations_of(&name)
                    .into_iter()
                    .flat_map(move |declaration| {
                        if words.is_empty() {
                            vec![vec![declaration]]
                        } else {
                            (words.iter())
                                .map(|word| vec![declaration.clone(), word.clone()])
                                .collect()
                        }
                    })
            })
            .collect();
        type_declarations.sort();
        type_declarations.dedup();
        groups.extend(type_declarations);
        groups
    }

    /// The functions among `callees` whose bodies may have been blanked
    /// (see `declarations_loops_wait_on`) and decide the loop: those `call`
    /// waits on (it is awaited, or they are `suspend`/`async`), or any of
    /// them when the loop's closure is handed to `call`
    /// (`handed_closure`: whether they run it in a transaction). Each
    /// comes with its type's word.
    fn blanked_bodies(
        &self,
        call: &CallSummary,
        callees: &[FunctionRef],
        handed_closure: bool,
        blanked: &[bool],
    ) -> Vec<(String, Vec<String>)> {
        (callees.iter())
            .filter(|&&(callee_file, _)| blanked.get(callee_file) == Some(&true))
            .map(|&callee| self.function(callee))
            .filter(|function| {
                function.has_body
                    && (handed_closure || call.awaited.is_some() || function.asynchronous)
            })
            .map(|function| {
                let word = function.owner.as_deref().and_then(type_word);
                (
                    function.name.clone(),
                    word.map(str::to_string).into_iter().collect(),
                )
            })
            .collect()
    }

    /// Whether `function` does storage work the catalog knows, itself or
    /// through the project functions it calls.
    pub fn touches_storage(&self, (file, index): FunctionRef) -> bool {
        self.summaries[file][index].storage
    }

    /// Whether one call of `function` may wait on something other than
    /// storage (`Summary::waits_elsewhere`).
    pub fn waits_elsewhere(&self, (file, index): FunctionRef) -> bool {
        self.summaries[file][index].waits_elsewhere.is_some()
    }

    /// Whether one call of `function` writes at least one row outside any
    /// transaction of its own, and not in a loop of its own (that loop is
    /// its own finding): called once per item, it is one transaction per
    /// item. The chain names the functions down to the write.
    pub fn writes_once(&self, (file, index): FunctionRef) -> Option<&Chain> {
        self.summaries[file][index].writes_once.as_ref()
    }

    /// The file a call in a loop writes through the project's functions
    /// once per iteration, the same file each time: every function it
    /// reaches syncs (`syncs`) or rewrites (otherwise) a file on every
    /// call, and neither its receiver nor the arguments that say which file
    /// change between iterations. An F_FULLFSYNC repeats whichever file it
    /// names. Not when what repeats it holds one value at most.
    pub fn writes_file_per_iteration(
        &self,
        (file, index): CallRef,
        syncs: bool,
    ) -> Option<&FileEffect> {
        let call = self.call((file, index));
        if call.repeated.is_none() || self.repeats_once(file, call.iterated_by) {
            return None;
        }
        let callees = self.callees((file, index));
        let effects: Vec<&FileEffect> = callees
            .iter()
            .map(|&callee| {
                let summary = &self.summaries[callee.0][callee.1];
                let effect = if syncs {
                    &summary.syncs
                } else {
                    &summary.rewrites
                };
                effect.as_ref().filter(|effect| {
                    effect.whole_drive() || !self.varies_per_iteration(call, callee, effect)
                })
            })
            .collect::<Option<_>>()?;
        effects.first().copied()
    }

    /// Every call in a loop that writes the same file once per iteration
    /// through the project's functions (see `writes_file_per_iteration`).
    pub fn file_writes_per_iteration(
        &self,
        syncs: bool,
    ) -> impl Iterator<Item = (CallRef, &FileEffect)> + '_ {
        self.files.iter().enumerate().flat_map(move |(f, file)| {
            (0..file.summary.calls.len()).filter_map(move |c| {
                self.writes_file_per_iteration((f, c), syncs)
                    .map(|effect| ((f, c), effect))
            })
        })
    }

    /// Whether a call in a loop names another file each time round: its
    /// receiver varies, or an argument bound to a parameter the file comes from.
    fn varies_per_iteration(
        &self,
        call: &CallSummary,
        callee: FunctionRef,
        effect: &FileEffect,
    ) -> bool {
        call.varying_receiver
            || call.args.iter().enumerate().any(|(position, arg)| {
                call.varying_args.contains(&position)
                    && summaries::parameter_position(&self.files, callee, position, arg)
                        .is_some_and(|p| effect.parameters.contains(&p))
            })
    }

    /// The write site an effect ends in.
    pub fn file_write(&self, effect: &FileEffect) -> &FileWriteSite {
        &self.files[effect.site.0].summary.file_writes[effect.site.1]
    }

    /// Opens through the project's own wrappers: a call of a method that
    /// opens the connection its object keeps (`Database.shared.open()`),
    /// in a function that also closes it (directly or through the type's
    /// closing method). Each call of that function opens the database again.
    pub fn opens_through_wrappers(&self) -> Vec<(usize, OpenUse)> {
        let keeps_open =
            |(file, index): FunctionRef| {
                self.files[file].summary.open_uses.iter().any(|open| {
                    open.place.function == Some(index) && !open.per_use && !open.in_memory
                })
            };
        let closes = |function: FunctionRef| self.function(function).closes_connection;
        let mut found = Vec::new();
        for (f, file) in self.files.iter().enumerate() {
            for (c, call) in file.summary.calls.iter().enumerate() {
                let Some(caller) = call.caller else { continue };
                let opener = self
                    .callees((f, c))
                    .iter()
                    .copied()
                    .find(|&o| keeps_open(o));
                let Some(opener) = opener else { continue };
                if opener == (f, caller) {
                    continue;
                }
                let also_closes = closes((f, caller))
                    || file.summary.calls.iter().enumerate().any(|(other, site)| {
                        site.caller == Some(caller)
                            && self.callees((f, other)).iter().any(|&g| {
                                closes(g) && self.function(g).owner == self.function(opener).owner
                            })
                    });
                if !also_closes {
                    continue;
                }
                found.push((
                    f,
                    OpenUse {
                        place: Place {
                            function: Some(caller),
                            owner: call.owner.clone(),
                            range: call.range.clone(),
                        },
                        api: call.callee.clone(),
                        repeated: call.repeated.clone(),
                        per_item: false,
                        per_use: true,
                        in_memory: false,
                    },
                ));
            }
        }
        found
    }

    /// Whether the call hands a write statement (INSERT, UPDATE, DELETE)
    /// to a project function that executes it.
    pub fn hands_over_write(&self, call: CallRef) -> bool {
        self.writing_calls.contains(&call)
    }

    /// Whether `function` is a library's callback handing a value back to it:
    /// a method of a trait the project does not declare (a connection
    /// pool's `create`), with a return value. Where that value goes next is
    /// the library's business, out of the project stage's sight.
    pub fn hands_back_to_library(&self, (file, index): FunctionRef) -> bool {
        let function = self.function((file, index));
        let language = self.files[file].source.language;
        // `managed::Manager` names another crate's trait; a bare `Manager`
        // is the library's unless the project declares one.
        let library_trait = |path: &str| match path.rsplit_once("::") {
            Some((prefix, _)) => {
                !matches!(prefix.split("::").next(), Some("crate" | "self" | "super"))
            }
            None => !self.files.iter().any(|other| {
                other.source.language == language && other.summary.types.iter().any(|t| t == path)
            }),
        };
        function.returns.is_some() && function.implements.as_deref().is_some_and(library_trait)
    }

    /// Whether the project switches some connection to WAL at all.
    pub fn enables_wal_somewhere(&self) -> bool {
        self.wal.is_set_anywhere()
    }

    /// Whether the connection used at `place` in `file` gets WAL: enabled in
    /// the same function or anything it calls, in a function of the same type
    /// (an open helper's `onConfigure`), by a caller of the function (the
    /// connection is returned to it), or project-wide.
    pub fn wal_reaches(&self, file: usize, place: &Place) -> bool {
        self.wal.reaches(&self.graph, &self.files, file, place)
    }

    /// Whether the connection used at `place` gets a journal mode chosen
    /// explicitly (WAL or another), followed as `wal_reaches` follows WAL.
    pub fn journal_mode_chosen(&self, file: usize, place: &Place) -> bool {
        self.journal_choice
            .reaches(&self.graph, &self.files, file, place)
    }

    /// Every SQL fact in the order it runs, as far as the project shows:
    /// by file, in text order, except that a file's migration statements run
    /// by version (the places migrations take in the file, refilled in
    /// version order). SQL borrowed from another file runs where its text is.
    pub fn sql_history(&self) -> Vec<(usize, &SqlFact)> {
        let mut history: Vec<(usize, &SqlFact)> = Vec::new();
        for (f, file) in self.files.iter().enumerate() {
            // A migration that jumps versions (`Migration(26, 28)`) beside
            // one that starts at the same version and goes one step at a
            // time (`Migration(26, 27)`, then `27, 28`) is an alternative
            // route to the same schema: replaying both would run its
            // renames and rebuilds twice. The stepwise route is replayed.
            let steps: Vec<(u32, u32)> = (file.summary.sql.iter())
                .filter_map(|s| s.migration)
                .collect();
            let shortcut = |(from, to): (u32, u32)| {
                steps
                    .iter()
                    .any(|&(other_from, other_to)| other_from == from && other_to < to)
            };
            let mut own: Vec<(usize, Option<u32>, &SqlFact)> = file
                .summary
                .sql
                .iter()
                .filter(|s| !s.migration.is_some_and(shortcut))
                .map(|s| {
                    let to = s.migration.map(|(_, to)| to);
                    (s.fact.keyword_range.start, to, &s.fact)
                })
                .chain(
                    self.borrowed_sql
                        .iter()
                        .filter(|b| b.file == f)
                        .map(|b| (b.fact.keyword_range.start, None, &b.fact)),
                )
                .collect();
            own.sort_by_key(|(at, _, _)| *at);
            let mut migrations: Vec<(u32, usize, &SqlFact)> = own
                .iter()
                .filter_map(|&(at, version, fact)| version.map(|v| (v, at, fact)))
                .collect();
            migrations.sort_by_key(|&(version, at, _)| (version, at));
            let mut by_version = migrations.into_iter();
            for (_, version, fact) in own {
                let fact = match version {
                    Some(_) => by_version.next().map_or(fact, |(_, _, f)| f),
                    None => fact,
                };
                history.push((f, fact));
            }
        }
        history
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Options;
    use crate::source::Language;

    /// Analyses each (path, text) as a file of one project.
    fn files(sources: &[(&str, &str)]) -> Vec<(SourceFile, crate::Analysis)> {
        sources
            .iter()
            .map(|(path, text)| {
                let language = match path.rsplit('.').next() {
                    Some("kt") => Language::Kotlin,
                    Some("swift") => Language::Swift,
                    _ => Language::Rust,
                };
                let source = SourceFile::from_text(path, language, text);
                let analysis = match crate::analyze(&source, &Options::default()) {
                    Ok(analysis) => analysis,
                    Err(problem) => panic!("{path}: {problem:?}"),
                };
                (source, analysis)
            })
            .collect()
    }

    /// Where each call named `callee` goes, as "file:function" of its targets.
    fn targets_of(analysed: &[(SourceFile, crate::Analysis)], callee: &str) -> Vec<Vec<String>> {
        let project = crate::project_of(analysed);
        let mut found = Vec::new();
        for (f, file) in project.files.iter().enumerate() {
            for (c, call) in file.summary.calls.iter().enumerate() {
                if call.callee == callee {
                    found.push(
                        project
                            .callees((f, c))
                            .iter()
                            .map(|&(tf, ti)| {
                                format!(
                                    "{}:{}",
                                    project.files[tf].source.display,
                                    project.function((tf, ti)).name
                                )
                            })
                            .collect(),
                    );
                }
            }
        }
        found
    }

    /// A function reaching a write two ways (`copy` calls the DAO and a
    /// helper that calls it too) keeps the same chain on every build of
    /// the project: each build's hash maps are seeded anew, and the chain
    /// once came from a map's order.
    #[test]
    fn a_function_reaching_a_write_two_ways_keeps_one_chain() {
        let analysed = files(&[
            (
                "Copier.kt",
                "class Copier(private val dao: NoteDao) {\n    fun copy(note: Note) {\n        create(note)\n        dao.insert(note)\n    }\n\n    fun create(note: Note) {\n        dao.insert(note)\n    }\n}\n",
            ),
            (
                "NoteDao.kt",
                "import androidx.room.Dao\nimport androidx.room.Insert\n\n@Dao\ninterface NoteDao {\n    @Insert\n    fun insert(note: Note)\n}\n",
            ),
        ]);
        let chains: HashSet<Vec<String>> = (0..32)
            .map(|_| {
                let project = crate::project_of(&analysed);
                let index = (project.files[0].summary.functions.iter())
                    .position(|function| function.name == "copy");
                let copy = (0, index.expect("copy is declared"));
                let chain = project.writes_once(copy).expect("copy writes a row");
                (chain.iter())
                    .map(|&(_, callee)| project.function(callee).name.clone())
                    .collect()
            })
            .collect();
        // `copy` comes first and its own call of the DAO decides, before
        // `create` is known to write.
        let expected = HashSet::from_iter([vec!["insert".to_string()]]);
        assert_eq!(chains, expected);
    }

    #[test]
    fn a_type_the_project_only_extends_stays_the_librarys() {
        let view = (
            "NoteView.swift",
            "import GRDB\nimport SwiftUI\n\nstruct NoteView: View {\n    let db: Database\n    var body: some View {\n        Button(\"Save\") {\n            for id in 0..<3 {\n                try? db.execute(sql: \"INSERT INTO notes(id) VALUES (?)\", arguments: [id])\n            }\n        }\n    }\n}\n",
        );
        let extension = (
            "Theme.swift",
            "import SwiftUI\n\nextension View {\n    func themed() -> some View { self }\n}\n",
        );
        let names = next_pass_words;
        // SwiftUI calls `body`: a file holding the word `View` is no caller.
        let extended = names(&[view, extension]);
        assert!(
            extended.contains(&group(&["body", "NoteView"])),
            "{extended:?}"
        );
        assert!(
            extended.contains(&group(&["protocol View"])),
            "{extended:?}"
        );
        assert!(
            !extended.contains(&group(&["body", "View"])),
            "{extended:?}"
        );
        // A `View` of the project's own is a supertype callers may hold.
        let declared = names(&[
            view,
            (
                "View.swift",
                "protocol View {\n    var body: Int { get }\n}\n",
            ),
        ]);
        assert!(declared.contains(&group(&["body", "View"])), "{declared:?}");
    }

    /// The word groups the next pass searches for, over these sources.
    fn next_pass_words(sources: &[(&str, &str)]) -> Vec<Vec<String>> {
        let analysed = files(sources);
        crate::project_of(&analysed).words_for_next_pass(&[])
    }

    fn group(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn only_a_writing_loops_function_has_its_callers_searched_for_a_transaction() {
        let words = next_pass_words(&[(
            "NoteStore.kt",
            "import android.database.sqlite.SQLiteDatabase\n\nclass NoteStore(private val db: SQLiteDatabase) {\n    fun saveIfNew(id: Long, fresh: Boolean) {\n        if (fresh) {\n            db.execSQL(\"INSERT INTO notes(id) VALUES (?)\", arrayOf(id))\n        }\n    }\n\n    fun saveAll(ids: List<Long>) {\n        for (id in ids) {\n            db.execSQL(\"INSERT INTO notes(id) VALUES (?)\", arrayOf(id))\n        }\n    }\n}\n",
        )]);
        // A transaction around `saveAll`'s call holds its loop; one around
        // `saveIfNew`'s holds one row, which no rule asks about.
        assert!(
            words.contains(&group(&["saveAll", "NoteStore"])),
            "{words:?}"
        );
        assert!(
            !words.contains(&group(&["saveIfNew", "NoteStore"])),
            "{words:?}"
        );
    }

    /// The framework calls a callback with no transaction of the app's
    /// around it: who else calls it cannot hold its loop, unless the app
    /// declares the method first.
    #[test]
    fn a_framework_callbacks_callers_are_not_searched_for_a_transaction() {
        let activity = "package notes\n\nimport android.database.sqlite.SQLiteDatabase\n\nclass SyncActivity : BaseActivity() {\n    lateinit var db: SQLiteDatabase\n\n    override fun onResume() {\n        for (id in ids) {\n            db.execSQL(\"INSERT INTO notes(id) VALUES (?)\", arrayOf(id))\n        }\n    }\n}\n";
        let searches_callers = |words: &[Vec<String>]| {
            (words.iter()).any(|group| group.first().is_some_and(|word| word == "onResume"))
        };
        // `BaseActivity` declared nowhere in the project: a library's.
        let analysed = files(&[("SyncActivity.kt", activity)]);
        let words = crate::project_of(&analysed).words_for_next_pass(&[]);
        assert!(!searches_callers(&words), "{words:?}");
        // Declared in a file not parsed yet: the declaration comes first.
        let base = crate::prefilter::Identifiers::of(
            "open class BaseActivity : AppCompatActivity() {\n    override fun onResume() {}\n}\n",
        );
        let unparsed = UnparsedDeclarations::of([&base]);
        let words = crate::project_of_parsed(&analysed, &unparsed).words_for_next_pass(&[]);
        assert!(!searches_callers(&words), "{words:?}");
        assert!(words.contains(&group(&["class BaseActivity"])), "{words:?}");
        // An `object` of the same name, holding extensions, is no supertype.
        let extensions =
            "package notes\n\nobject BaseActivity {\n    fun BaseActivity.finishQuietly() {}\n}\n";
        let analysed = files(&[("SyncActivity.kt", activity), ("Extensions.kt", extensions)]);
        let words = crate::project_of(&analysed).words_for_next_pass(&[]);
        assert!(!searches_callers(&words), "{words:?}");
        // Parsed, overriding a library's method in turn: still the library's.
        let base_overrides = "package notes\n\nopen class BaseActivity : AppCompatActivity() {\n    override fun onResume() {}\n}\n";
        let analysed = files(&[
            ("SyncActivity.kt", activity),
            ("BaseActivity.kt", base_overrides),
        ]);
        let words = crate::project_of(&analysed).words_for_next_pass(&[]);
        assert!(!searches_callers(&words), "{words:?}");
        // Parsed, declaring the method first: the app's callers matter.
        let base_declares =
            "package notes\n\nopen class BaseActivity {\n    open fun onResume() {}\n}\n";
        let analysed = files(&[
            ("SyncActivity.kt", activity),
            ("BaseActivity.kt", base_declares),
        ]);
        let words = crate::project_of(&analysed).words_for_next_pass(&[]);
        assert!(searches_callers(&words), "{words:?}");
    }

    /// A Swift call writes the argument labels of the function it calls,
    /// which a file using `count` and `EpisodeStore` otherwise need not hold.
    #[test]
    fn a_swift_functions_callers_hold_its_argument_labels() {
        let store = "import SQLite3\n\nclass EpisodeStore {\n    var db: OpaquePointer?\n\n    func save(episode: String, in folder: String, notify: Bool = false, then done: () -> Void) {\n        sqlite3_exec(db, \"INSERT INTO episodes(uuid) VALUES ('x')\", nil, nil, nil)\n    }\n}\n";
        let words = next_pass_words(&[("EpisodeStore.swift", store)]);
        // Not `notify`, which has a default, nor `then`, a closure's label a
        // trailing closure leaves out.
        assert!(
            words.contains(&group(&["save", "EpisodeStore", "episode", "in"])),
            "{words:?}"
        );
        assert!(
            !(words.iter())
                .any(|group| group.first().is_some_and(|word| word == "save") && group.len() != 4),
            "{words:?}"
        );
        let joins = |text: &str| {
            crate::prefilter::Words::new(&words, &[]).find(text) == crate::prefilter::Hit::Use
        };
        assert!(joins(
            "let store = EpisodeStore()\nfor e in list { store.save(episode: e, in: \"f\") { } }\n"
        ));
        assert!(!joins(
            "let store = EpisodeStore()\nlet n = list.count\nsave(x)\n"
        ));
    }

    #[test]
    fn only_what_a_writing_loop_waits_on_is_searched_for() {
        let sync = |body: &str| {
            format!("package notes\n\nimport android.content.ContentValues\nimport android.database.sqlite.SQLiteDatabase\n\nclass Sync(private val db: SQLiteDatabase) {{\n    suspend fun pull(ids: List<Long>) {{\n        for (id in ids) {{\n            val body = NoteRequests.fetch(id)\n            {body}\n        }}\n    }}\n}}\n")
        };
        let writing =
            sync("db.insert(\"notes\", null, ContentValues().apply { put(\"body\", body) })");
        let reading = sync("db.query(\"notes\", null, null, null, null, null, body).close()");
        let fetch = group(&["fun fetch", "NoteRequests"]);
        let words = next_pass_words(&[("Sync.kt", &writing)]);
        assert!(words.contains(&fetch), "{words:?}");
        // Whether the request is storage decides nothing for a loop that
        // only reads.
        let words = next_pass_words(&[("Sync.kt", &reading)]);
        assert!(!words.contains(&fetch), "{words:?}");
    }

    #[test]
    fn dropping_a_value_or_a_property_run_as_sql_makes_no_caller_matter() {
        let words = next_pass_words(&[(
            "src/store.rs",
            "use rusqlite::Connection;\n\npub struct Store {\n    conn: Connection,\n}\n\nimpl Store {\n    pub fn run_sql(&self, sql: &str) {\n        self.conn.execute(sql, []).ok();\n    }\n\n    pub fn run_trimmed(&self, sql: &str) {\n        let statement = sql.trim();\n        self.conn.execute(statement, []).ok();\n    }\n\n    pub fn run_plan(&self, call: &Call) {\n        let head = call.head;\n        self.plan.execute(head);\n    }\n\n    pub fn release(&self) {\n        let lock = self.guard.lock();\n        drop(lock);\n    }\n}\n",
        )]);
        // The caller of `run_sql` may hand it a statement; the caller of
        // `run_plan` hands it a `Call`, whose `head` is no statement.
        assert!(words.contains(&group(&["run_sql", "Store"])), "{words:?}");
        assert!(
            words.contains(&group(&["run_trimmed", "Store"])),
            "{words:?}"
        );
        assert!(!words.contains(&group(&["run_plan", "Store"])), "{words:?}");
        assert!(!words.contains(&group(&["release", "Store"])), "{words:?}");
    }

    #[test]
    fn a_property_typed_in_the_constructor_resolves_to_the_interface_method() {
        let analysed = files(&[
            (
                "NoteDao.kt",
                "interface NoteDao {\n    fun deleteById(id: Long)\n    fun remove(id: Long) { deleteById(id) }\n}\n",
            ),
            (
                "Repo.kt",
                "class Repo(private val dao: NoteDao) {\n    fun discard(id: Long) { dao.remove(id) }\n}\n",
            ),
        ]);
        assert_eq!(targets_of(&analysed, "remove"), [["NoteDao.kt:remove"]]);
        assert_eq!(
            targets_of(&analysed, "deleteById"),
            [["NoteDao.kt:deleteById"]]
        );
    }

    #[test]
    fn an_interface_call_reaches_the_overrides_and_a_library_typed_call_reaches_nothing() {
        let analysed = files(&[
            (
                "Cleanup.kt",
                "interface Cleanup {\n    fun run(ids: List<Long>) {}\n}\nclass AndroidCleanup : Cleanup {\n    override fun run(ids: List<Long>) { }\n}\n",
            ),
            (
                "Deleter.kt",
                "import android.database.sqlite.SQLiteDatabase\nclass Deleter(private val cleanup: Cleanup, private val db: SQLiteDatabase) {\n    fun delete(ids: List<Long>) { cleanup.run(ids); db.execute(\"x\") }\n}\nclass Other { fun execute(sql: String) {} }\n",
            ),
        ]);
        assert_eq!(
            targets_of(&analysed, "run"),
            [["Cleanup.kt:run", "Cleanup.kt:run"]]
        );
        assert_eq!(targets_of(&analysed, "execute"), [Vec::<String>::new()]);
    }

    #[test]
    fn private_namesakes_in_sibling_modules_keep_their_own_callers() {
        let analysed = files(&[
            ("src/a.rs", "pub fn go() { mark(); }\nfn mark() {}\n"),
            (
                "src/b.rs",
                "pub fn go() { mark(); mark(); }\nfn mark() {}\n",
            ),
        ]);
        assert_eq!(
            targets_of(&analysed, "mark"),
            [
                vec!["src/a.rs:mark"],
                vec!["src/b.rs:mark"],
                vec!["src/b.rs:mark"]
            ]
        );
    }

    #[test]
    fn a_file_effect_keeps_the_parameters_that_name_the_file_through_each_call() {
        let analysed = files(&[(
            "src/store.rs",
            r#"use std::fs::File;
use std::path::Path;
pub struct Store { dir: std::path::PathBuf, journal: File }
fn write_to(path: &Path, bytes: &[u8]) {
    let file = File::create(path).unwrap();
    file.sync_all().unwrap();
}
impl Store {
    pub fn save(&self, name: &str, bytes: &[u8]) {
        let target = self.dir.join(name);
        write_to(&target, bytes);
    }
    pub fn note(&self, line: &str) {
        self.journal.sync_data().unwrap();
    }
    pub fn save_all(&self, items: &[(String, Vec<u8>)]) {
        for (name, bytes) in items {
            self.save(name, bytes);
            self.save("index", bytes);
            self.note(name);
        }
    }
}
"#,
        )]);
        let project = crate::project_of(&analysed);
        let function = |name: &str| {
            let index = project.files[0]
                .summary
                .functions
                .iter()
                .position(|f| f.name == name)
                .expect("function");
            &project.summaries[0][index]
        };
        let parameters = |name: &str| function(name).syncs.as_ref().map(|e| e.parameters.clone());
        assert_eq!(parameters("write_to"), Some(vec![0]));
        assert_eq!(parameters("save"), Some(vec![0]));
        assert_eq!(parameters("note"), Some(vec![]));
        let per_iteration: Vec<(String, String)> = project.files[0]
            .summary
            .calls
            .iter()
            .enumerate()
            .filter_map(|(c, call)| {
                let effect = project.writes_file_per_iteration((0, c), true)?;
                let line = project.files[0].source.line_col(call.range.start).0;
                Some((
                    format!("{}:{line}", call.callee),
                    project.file_write(effect).what.clone(),
                ))
            })
            .collect();
        assert_eq!(
            per_iteration,
            vec![
                ("save:19".to_string(), "sync_all".to_string()),
                ("note:20".to_string(), "sync_data".to_string()),
            ]
        );
    }

    #[test]
    fn an_rx_operator_on_a_single_keeps_it_a_single_value() {
        let analysed = files(&[(
            "app/Subscribe.kt",
            r#"package app
import io.reactivex.Single
class Subscriber(private val dao: PodcastDao) {
    fun download(uuid: String): Single<Podcast> = api.fetch(uuid)
    fun subscribe(uuid: String): Single<Podcast> {
        val downloaded = download(uuid).doOnSuccess { it.subscribed = true }
        val inserted = downloaded.flatMap { podcast -> dao.insertRx(podcast) }
        return inserted.flatMap { podcast -> episodes(podcast) }
    }
    fun stream(uuid: String) = download(uuid).toObservable().flatMap { p -> dao.insertRx(p) }
}
"#,
        )]);
        let project = crate::project_of(&analysed);
        let once: Vec<bool> = project.files[0]
            .summary
            .calls
            .iter()
            .enumerate()
            .filter(|(_, call)| call.callee == "flatMap")
            .map(|(c, _)| project.graph.iterates_single_value((0, c)))
            .collect();
        assert_eq!(once, vec![true, true, false]);
    }
}
