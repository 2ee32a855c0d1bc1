//! The resolved call graph: where each call site goes, and who calls each
//! function. Built once; every question after that is a lookup.

use std::collections::HashMap;

use super::resolve::{Resolver, Target};
use super::{CallRef, FunctionRef, ProjectFile};

pub struct CallGraph {
    /// Per file, per call (as in `FileSummary::calls`).
    targets: Vec<Vec<Target>>,
    /// The call sites resolved to each function.
    sites: HashMap<FunctionRef, Vec<CallRef>>,
}

/// The functions a derived operation goes through, outermost first, each
/// with the call site that enters it (`runCreateStatements` ->
/// `executeStatements`): what a diagnostic lists as related locations.
pub type Chain = Vec<(CallRef, FunctionRef)>;

impl CallGraph {
    pub fn new(files: &[ProjectFile]) -> CallGraph {
        let resolver = Resolver::new(files);
        let targets: Vec<Vec<Target>> = files
            .iter()
            .enumerate()
            .map(|(f, file)| {
                file.summary
                    .calls
                    .iter()
                    .map(|call| resolver.resolve(f, call))
                    .collect()
            })
            .collect();
        let mut sites: HashMap<FunctionRef, Vec<CallRef>> = HashMap::new();
        for (f, calls) in targets.iter().enumerate() {
            for (c, target) in calls.iter().enumerate() {
                if let Target::App(functions) = target {
                    for &function in functions {
                        sites.entry(function).or_default().push((f, c));
                    }
                }
            }
        }
        CallGraph { targets, sites }
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

    /// The call sites resolved to `function`.
    pub fn sites_of(&self, function: FunctionRef) -> &[CallRef] {
        self.sites.get(&function).map_or(&[], Vec::as_slice)
    }
}
