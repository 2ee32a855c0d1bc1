//! The resolved call graph: where each call site goes, and who calls each
//! function. Built once; every question after that is a lookup.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use rayon::prelude::*;

use super::resolve::{Resolver, Target};
use super::{CallRef, FunctionRef, ProjectFile};
use crate::catalog;

pub struct CallGraph {
    /// Per file, per call (as in `FileSummary::calls`).
    targets: Vec<Vec<Target>>,
    /// The call sites resolved to each function.
    sites: HashMap<FunctionRef, Vec<CallRef>>,
    /// Iteration calls (`forEach`, `flatMap`, `fold`) made on a value that
    /// holds one element at most (`Single`, `Result`): their closure runs once.
    single_value_iterations: HashSet<CallRef>,
    /// The receiver's type, when the resolver can tell it, of each call an
    /// iteration waits on, or a loop's closure is handed to, that reaches
    /// no project function: where a later pass looks for the method's
    /// declaration.
    waited_receivers: HashMap<CallRef, String>,
}

/// The functions a derived operation goes through, outermost first, each
/// with the call site that enters it (`runCreateStatements` ->
/// `executeStatements`): what a diagnostic lists as related locations.
pub type Chain = Vec<(CallRef, FunctionRef)>;

/// What resolution tells of one file's calls.
struct ResolvedFile {
    targets: Vec<Target>,
    /// The calls iterating a value that holds one element at most.
    single_value_iterations: Vec<usize>,
    /// The receivers' types of the calls waited on or handed a closure
    /// that resolve to no project function.
    waited_receivers: Vec<(usize, String)>,
}

/// Resolves the calls of file `f`, and the types of the receivers the
/// graph keeps.
fn resolve_file(resolver: &Resolver, f: usize, file: &ProjectFile) -> ResolvedFile {
    let summary = file.summary;
    let language = file.source.language;
    let targets: Vec<Target> = (summary.calls.iter())
        .map(|call| resolver.resolve(f, call))
        .collect();
    let single_value_iterations = (summary.calls.iter().enumerate())
        .filter(|(_, call)| catalog::is_iteration_call(language, &call.callee))
        .filter(|(_, call)| {
            (resolver.receiver_type(f, call))
                .is_some_and(|ty| catalog::is_single_value_type(language, &ty))
        })
        .map(|(c, _)| c)
        .collect();
    // The helpers closures are handed to are looked for where the first
    // pass does not read them (`words_for_next_pass`).
    let helpers_unread = !catalog::reads_transaction_only_files(language);
    let closure_takers = summary.closure_takers().filter(|_| helpers_unread);
    let waited_receivers = (summary.waited_calls().chain(closure_takers))
        .chain(summary.handle_givers())
        .filter(|&c| !matches!(targets[c], Target::App(_)))
        .filter_map(|c| Some((c, resolver.receiver_type(f, &summary.calls[c])?)))
        .collect();
    ResolvedFile {
        targets,
        single_value_iterations,
        waited_receivers,
    }
}

impl CallGraph {
    pub fn new(files: &[ProjectFile]) -> CallGraph {
        let resolver = Resolver::new(files);
        // Resolution is most of the project stage's time, and each call's
        // answer depends only on the resolver's indexes; so do the types of
        // the receivers asked for below.
        let resolved: Vec<ResolvedFile> = files
            .par_iter()
            .enumerate()
            .map(|(f, file)| resolve_file(&resolver, f, file))
            .collect();
        let mut targets = Vec::with_capacity(resolved.len());
        let mut single_value_iterations = HashSet::new();
        let mut waited_receivers = HashMap::new();
        let mut sites: HashMap<FunctionRef, Vec<CallRef>> = HashMap::new();
        for (f, file) in resolved.into_iter().enumerate() {
            for (c, target) in file.targets.iter().enumerate() {
                if let Target::App(functions) = target {
                    for &function in functions {
                        sites.entry(function).or_default().push((f, c));
                    }
                }
            }
            targets.push(file.targets);
            single_value_iterations
                .extend(file.single_value_iterations.into_iter().map(|c| (f, c)));
            waited_receivers.extend(
                file.waited_receivers
                    .into_iter()
                    .map(|(c, ty)| ((f, c), ty)),
            );
        }
        CallGraph {
            targets,
            sites,
            single_value_iterations,
            waited_receivers,
        }
    }

    pub fn target(&self, (file, call): CallRef) -> &Target {
        &self.targets[file][call]
    }

    pub fn callees(&self, call: CallRef) -> &[FunctionRef] {
        match self.target(call) {
            Target::App(functions) => functions,
            Target::Library | Target::Unresolved => &[],
        }
    }

    /// Whether the iteration call runs its closure once: it is made on a
    /// value holding one element at most.
    pub fn iterates_single_value(&self, call: CallRef) -> bool {
        self.single_value_iterations.contains(&call)
    }

    /// The type of the value `call` is made on, for a call an iteration
    /// waits on that reaches no project function, when it can be told.
    pub fn waited_receiver(&self, call: CallRef) -> Option<&str> {
        self.waited_receivers.get(&call).map(String::as_str)
    }

    /// The call sites resolved to `function`.
    pub fn sites_of(&self, function: FunctionRef) -> &[CallRef] {
        self.sites.get(&function).map_or(&[], Vec::as_slice)
    }
}
