//! Function summaries: what a function does, itself or through the project
//! functions it calls. Computed bottom-up over the resolved call graph to a
//! fixpoint: every fact only grows (a parameter joins the executed set, a
//! flag turns on), and a function's callers are revisited only when its
//! summary grew, so the work is bounded by the call sites times the few
//! facts a summary holds.

use std::collections::VecDeque;

use foldhash::{HashMap, HashMapExt};
use rayon::prelude::*;

use super::facts::{ArgFact, ArgValue, FileWriteKind};
use super::graph::{CallGraph, Chain};
use super::{CallRef, FunctionRef, ProjectFile};
use crate::catalog::{SyncStrength, Wait};
use crate::context;

#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Does storage work the catalog knows, itself or through callees.
    pub storage: bool,
    /// Parameters (by position) whose value ends up run as SQL.
    pub executes: Vec<usize>,
    /// One call writes at least one row outside a transaction of its own
    /// and outside a loop of its own; the chain leads to the write.
    pub writes_once: Option<Chain>,
    /// Its callees' writes are its callers' business: it neither opens the
    /// connection they write on (its caller could not hold a transaction
    /// on it) nor is a one-shot job (a migration run while opening).
    holds_writes: bool,
    /// One call syncs a file, itself or through callees.
    pub syncs: Option<FileEffect>,
    /// One call rewrites a whole serialized file or the preferences store.
    pub rewrites: Option<FileEffect>,
    /// One call may wait on the network or another process, itself or
    /// through callees: a blocking request the catalog knows, or an
    /// awaited library call that is not storage. Only what says so: an `async` function is not taken to
    /// wait because it is one, or every caller of a helper that suspends
    /// to post an event would seem to wait on the network. Holds how many
    /// calls down the wait is (0: in the function's own body).
    pub waits_elsewhere: Option<usize>,
}

/// A file written on every call of a function, and which of its parameters
/// say which file: called in a loop with those the same each time round,
/// it writes the same file once per iteration.
#[derive(Debug, Clone)]
pub struct FileEffect {
    pub kind: FileWriteKind,
    /// The function's parameters the file comes from; none when every call
    /// writes the same one.
    pub parameters: Vec<usize>,
    /// The calls down to the function that writes, outermost first.
    pub chain: Chain,
    /// The write itself: its file and index in `FileSummary::file_writes`.
    pub site: (usize, usize),
}

impl FileEffect {
    /// Whether the effect repeats even when its file differs per call:
    /// F_FULLFSYNC flushes the whole drive cache, whichever file it names.
    pub fn whole_drive(&self) -> bool {
        self.kind == FileWriteKind::Sync(SyncStrength::Full)
    }

    /// A surer effect wins: one that repeats whatever the arguments.
    fn sure(&self) -> bool {
        self.parameters.is_empty() || self.whole_drive()
    }
}

/// How many calls deep a write is followed up to a loop: far enough for a
/// repository calling a DAO helper, not so far that constructing a client
/// "writes" because it opens and migrates a store.
const MAX_WRITE_CHAIN: usize = 3;

/// How many calls deep a wait is followed up to a loop: a synchronizer's
/// step calling a client's method calling its request helper, not so far
/// that saving a row "waits" because a notification it posts is throttled.
const MAX_WAIT_CHAIN: usize = 3;

/// How many calls deep a file write is followed: a store's `save()` calling
/// an atomic-write helper calling the sync.
const MAX_FILE_CHAIN: usize = 3;

pub fn compute(files: &[ProjectFile], graph: &CallGraph) -> Vec<Vec<Summary>> {
    // Each file's own, side by side: they read nothing of another file's.
    let mut summaries: Vec<Vec<Summary>> = files
        .par_iter()
        .enumerate()
        .map(|(f, file)| own_summaries(file, f))
        .collect();
    // Only the calls reaching a project function carry a summary over:
    // most calls are a library's, and a function making only those is
    // its own summary.
    let mut body_calls: HashMap<FunctionRef, Vec<CallRef>> = HashMap::new();
    for (f, file) in files.iter().enumerate() {
        for (c, call) in file.summary.calls.iter().enumerate() {
            match call.caller {
                Some(caller) if !graph.callees((f, c)).is_empty() => {
                    body_calls.entry((f, caller)).or_default().push((f, c));
                }
                _ => {}
            }
        }
    }
    // In the order of the files and their functions, not the map's (a
    // hash map's order changes from run to run): which of two chains a
    // summary keeps, and a finding shows, depends on the order.
    let mut first: Vec<FunctionRef> = body_calls.keys().copied().collect();
    first.sort_unstable();
    let mut queue: VecDeque<FunctionRef> = first.into();
    let mut queued: foldhash::HashSet<FunctionRef> = queue.iter().copied().collect();
    while let Some(function) = queue.pop_front() {
        queued.remove(&function);
        let grew = update(files, graph, &mut summaries, function, &body_calls);
        if grew {
            for &(f, c) in graph.sites_of(function) {
                if let Some(caller) = files[f].summary.calls[c].caller {
                    if queued.insert((f, caller)) {
                        queue.push_back((f, caller));
                    }
                }
            }
        }
    }
    mark_waits(files, graph, &mut summaries);
    summaries
}

/// Sets `Summary::waits_elsewhere`: each function's own waits first, then
/// along the calls to a fixpoint (the flag only turns on, so each
/// function's callers are revisited at most once).
fn mark_waits(files: &[ProjectFile], graph: &CallGraph, summaries: &mut [Vec<Summary>]) {
    let mut queue: VecDeque<FunctionRef> = VecDeque::new();
    for (f, file) in files.iter().enumerate() {
        for (c, call) in file.summary.calls.iter().enumerate() {
            let waits = call.waits_elsewhere == Some(Wait::Remote)
                || call.awaits_non_storage && graph.callees((f, c)).is_empty();
            if let Some(caller) = call.caller.filter(|_| waits) {
                summaries[f][caller].waits_elsewhere = Some(0);
            }
        }
        for (index, function) in file.summary.functions.iter().enumerate() {
            if function.takes_network_client && function.has_body {
                summaries[f][index].waits_elsewhere = Some(0);
            }
        }
        for (index, summary) in summaries[f].iter().enumerate() {
            if summary.waits_elsewhere.is_some() {
                queue.push_back((f, index));
            }
        }
    }
    // Breadth first: each function is reached first from its nearest wait.
    while let Some(function) = queue.pop_front() {
        let depth = summaries[function.0][function.1]
            .waits_elsewhere
            .unwrap_or(0)
            + 1;
        if depth > MAX_WAIT_CHAIN {
            continue;
        }
        for &(f, c) in graph.sites_of(function) {
            let Some(caller) = files[f].summary.calls[c].caller else {
                continue;
            };
            if summaries[f][caller].waits_elsewhere.is_none() {
                summaries[f][caller].waits_elsewhere = Some(depth);
                queue.push_back((f, caller));
            }
        }
    }
}

/// What each function of file `f` does itself, before its calls join in.
/// The file's writes and opens are read once, by the function they are in.
fn own_summaries(file: &ProjectFile, f: usize) -> Vec<Summary> {
    let functions = &file.summary.functions;
    let mut opens_own_connection = vec![false; functions.len()];
    for open in &file.summary.open_uses {
        if let Some(slot) = (open.place.function).and_then(|i| opens_own_connection.get_mut(i)) {
            *slot = true;
        }
    }
    // A write of the function's own that runs once per call, outside any
    // transaction it holds.
    let mut writes_once_per_call = vec![false; functions.len()];
    for write in &file.summary.writes {
        let once = write.repeated.is_none() && write.every_call && !write.in_own_transaction;
        if let Some(slot) = (write.place.function).and_then(|i| writes_once_per_call.get_mut(i)) {
            *slot |= once;
        }
    }
    let mut summaries: Vec<Summary> = (functions.iter().enumerate())
        .map(|(index, function)| Summary {
            storage: function.touches_storage,
            executes: function.executes_parameters.clone(),
            // A DAO method writing one row, or a statement. A function that
            // opens its own connection is left out: its caller could not
            // hold a transaction on that connection.
            writes_once: (function.dao_write == Some(false)
                || !opens_own_connection[index] && writes_once_per_call[index])
                .then(Vec::new),
            syncs: None,
            rewrites: None,
            waits_elsewhere: None,
            holds_writes: !opens_own_connection[index]
                && !context::is_one_shot_name(&function.name)
                && !function
                    .owner
                    .as_deref()
                    .is_some_and(context::is_one_shot_name),
        })
        .collect();
    // Each function's own file write of each family, the surer one first.
    for (w, write) in file.summary.file_writes.iter().enumerate() {
        let Some(summary) = (write.place.function).and_then(|i| summaries.get_mut(i)) else {
            continue;
        };
        let effect = FileEffect {
            kind: write.kind,
            parameters: write.parameters.clone(),
            chain: Vec::new(),
            site: (f, w),
        };
        let family = match write.kind {
            FileWriteKind::Sync(_) => &mut summary.syncs,
            _ => &mut summary.rewrites,
        };
        if better(family, &effect) {
            *family = Some(effect);
        }
    }
    summaries
}

/// What a call of `callee` at `call` does to `caller`'s summary: the
/// callee's file effect, with its parameters read as the caller's.
fn effect_through(
    files: &[ProjectFile],
    (f, c): CallRef,
    callee: FunctionRef,
    effect: &FileEffect,
) -> FileEffect {
    let call = &files[f].summary.calls[c];
    let mut parameters = call.receiver_parameters.clone();
    for (position, arg) in call.args.iter().enumerate() {
        let bound = parameter_position(files, callee, position, arg);
        if bound.is_some_and(|p| effect.parameters.contains(&p)) {
            parameters.extend(arg.parameters.iter().copied());
        }
    }
    parameters.sort_unstable();
    parameters.dedup();
    let mut chain = vec![((f, c), callee)];
    chain.extend(effect.chain.iter().copied());
    FileEffect {
        kind: effect.kind,
        parameters,
        chain,
        site: effect.site,
    }
}

/// Whether `next` should replace `current`: there was none, or it is surer.
fn better(current: &Option<FileEffect>, next: &FileEffect) -> bool {
    current
        .as_ref()
        .is_none_or(|current| !current.sure() && next.sure())
}

/// Joins what `function`'s calls reach into its summary; true when it grew.
fn update(
    files: &[ProjectFile],
    graph: &CallGraph,
    summaries: &mut [Vec<Summary>],
    (file, index): FunctionRef,
    body_calls: &HashMap<FunctionRef, Vec<CallRef>>,
) -> bool {
    let mut next = summaries[file][index].clone();
    for &(f, c) in body_calls
        .get(&(file, index))
        .map_or(&[][..], Vec::as_slice)
    {
        let call = &files[f].summary.calls[c];
        for &callee in graph.callees((f, c)) {
            let reached = &summaries[callee.0][callee.1];
            next.storage |= reached.storage;
            for (position, arg) in call.args.iter().enumerate() {
                let ArgValue::Parameter(own) = arg.value else {
                    continue;
                };
                let executed = parameter_position(files, callee, position, arg)
                    .is_some_and(|p| reached.executes.contains(&p));
                if executed && !next.executes.contains(&own) {
                    next.executes.push(own);
                }
            }
            let once = call.repeated.is_none()
                && call.every_call
                && !call.in_transaction
                && next.holds_writes;
            if call.repeated.is_none() && call.every_call {
                for (reached, mine) in [
                    (&reached.syncs, &mut next.syncs),
                    (&reached.rewrites, &mut next.rewrites),
                ] {
                    let Some(effect) = reached.as_ref().filter(|e| e.chain.len() < MAX_FILE_CHAIN)
                    else {
                        continue;
                    };
                    let through = effect_through(files, (f, c), callee, effect);
                    if better(mine, &through) {
                        *mine = Some(through);
                    }
                }
            }
            if next.writes_once.is_none() && once {
                let short = |chain: &&Chain| chain.len() < MAX_WRITE_CHAIN;
                if let Some(chain) = reached.writes_once.as_ref().filter(short) {
                    let mut longer = vec![((f, c), callee)];
                    longer.extend(chain.iter().copied());
                    next.writes_once = Some(longer);
                }
            }
        }
    }
    let current = &summaries[file][index];
    let grew = next.storage != current.storage
        || next.executes.len() != current.executes.len()
        || next.writes_once.is_some() != current.writes_once.is_some()
        || sureness(&next.syncs) != sureness(&current.syncs)
        || sureness(&next.rewrites) != sureness(&current.rewrites);
    summaries[file][index] = next;
    grew
}

/// How sure an effect is, for telling whether a summary grew.
fn sureness(effect: &Option<FileEffect>) -> Option<bool> {
    effect.as_ref().map(FileEffect::sure)
}

/// The parameter of `callee` that argument `position` (with its label)
/// binds: a label naming a parameter binds that one, otherwise position.
pub fn parameter_position(
    files: &[ProjectFile],
    (file, index): FunctionRef,
    position: usize,
    arg: &ArgFact,
) -> Option<usize> {
    let parameters = &files[file].summary.functions[index].parameters;
    if let Some(label) = &arg.label {
        if let Some(named) = parameters.iter().position(|p| p == label) {
            return Some(named);
        }
    }
    (position < parameters.len()).then_some(position)
}
