//! What changes from one iteration of a loop to the next, and what a
//! function's parameters flow into: the names a target expression must
//! mention to be another file (or handle) each time round.

use foldhash::{HashMap, HashSet, HashSetExt};

use crate::model::{BindingKind, Model, NodeId, NodeKind, Repetition, Segment};

/// Whether `written` (a target expression's text) names something that
/// differs per iteration of `repeats`: a different file or handle each time.
pub fn mentions_varying(model: &Model, text: &str, repeats: &Repetition, written: &str) -> bool {
    mentions_any(written, &varying_names(model, text, repeats))
}

/// Names whose value changes from one iteration to the next: the loop's
/// own variables (pattern bindings, closure parameters, implicit ones such
/// as Kotlin's `it`), variables assigned in the body, and locals of the body
/// computed from any of those.
pub fn varying_names(model: &Model, text: &str, repeats: &Repetition) -> HashSet<String> {
    let rep = repeats.node;
    let mut names: HashSet<String> = HashSet::new();
    if matches!(model.node(rep).kind, NodeKind::Closure { .. }) {
        names.extend(
            crate::catalog::implicit_closure_parameters(model.language)
                .iter()
                .map(|name| name.to_string()),
        );
    }
    let body: Vec<NodeId> = model.descendants(rep);
    let mut locals: Vec<(&str, &str)> = Vec::new();
    for &id in &body {
        match &model.node(id).kind {
            NodeKind::Binding(binding) => {
                // Body statements are children of the loop too: the loop's
                // own variables are the ones in its header, before the body's `{`.
                let in_header = || {
                    text.get(model.node(rep).range.start..model.node(id).range.start)
                        .is_some_and(|header| !header.contains('{'))
                };
                let own = model.node(id).parent == Some(rep)
                    && match model.node(rep).kind {
                        NodeKind::Loop(_) => in_header(),
                        _ => binding.kind == BindingKind::Parameter,
                    };
                if own {
                    names.insert(binding.name.clone());
                } else if binding.kind == BindingKind::Local {
                    let declaration = text.get(model.node(id).range.clone()).unwrap_or("");
                    locals.push((binding.name.as_str(), declaration));
                } else if let Some(receiver) = scoped_receiver(model, text, id) {
                    // `FileOutputStream(file).use { out -> .. }`: the closure's
                    // parameter is the receiver's value, another one when the
                    // receiver varies.
                    locals.push((binding.name.as_str(), receiver));
                }
            }
            // `i += 1`, `path = next`: the variable itself changes. An
            // assignment to a field or element (`state.count = n`) does not
            // make the whole value another file.
            NodeKind::Assign { target, .. } => {
                if let [Segment::Name(name)] = target.as_slice() {
                    names.insert(name.clone());
                }
            }
            _ => {}
        }
    }
    // Locals computed from varying names vary too; a few rounds reach the
    // chains real loop bodies build (`let name = ..; let url = dir + name`).
    for _ in 0..MAX_ROUNDS {
        let before = names.len();
        for (name, declaration) in &locals {
            if !names.contains(*name) && mentions_any(declaration, &names) {
                names.insert(name.to_string());
            }
        }
        if names.len() == before {
            break;
        }
    }
    names
}

/// The receiver's text of the call a closure parameter `parameter` belongs
/// to (`FileOutputStream(file)` in `FileOutputStream(file).use { out -> }`).
fn scoped_receiver<'t>(model: &Model, text: &'t str, parameter: NodeId) -> Option<&'t str> {
    let closure = model.node(parameter).parent?;
    if !matches!(model.node(closure).kind, NodeKind::Closure { .. }) {
        return None;
    }
    let call = model.node(closure).parent?;
    let NodeKind::Call(called) = &model.node(call).kind else {
        return None;
    };
    text.get(model.node(call).range.start..called.name_range.start)
}

/// Whether `text` contains one of `names` as a whole identifier (inside
/// string interpolation too: `"\(item.id).json"`, `format!("{id}.json")`,
/// Kotlin's `"part$i"`), or Swift's `$0`.
pub fn mentions_any(text: &str, names: &HashSet<String>) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .any(|word| names.contains(word) || word.split('$').any(|part| names.contains(part)))
}

/// Which of a function's parameters each name in its body is computed
/// from: the parameters themselves, and locals (loop variables included)
/// whose declaration mentions one. A call's argument or a file handle that
/// mentions none of them is the same on every call of the function.
pub struct ParameterFlow {
    sources: HashMap<String, Vec<usize>>,
}

impl ParameterFlow {
    pub fn of(model: &Model, text: &str, function: NodeId, parameters: &[&str]) -> ParameterFlow {
        let mut sources: HashMap<String, Vec<usize>> = parameters
            .iter()
            .enumerate()
            .map(|(index, name)| (name.to_string(), vec![index]))
            .collect();
        if sources.is_empty() {
            return ParameterFlow { sources };
        }
        let mut locals: Vec<(&str, &str)> = Vec::new();
        for id in model.descendants(function) {
            let NodeKind::Binding(binding) = &model.node(id).kind else {
                continue;
            };
            if binding.kind == BindingKind::Parameter && model.node(id).parent == Some(function) {
                continue;
            }
            let scope = model.node(id).parent;
            let declaration = match scope.map(|s| (s, &model.node(s).kind)) {
                // `for path in paths`: the loop variable comes from its header.
                Some((scope, NodeKind::Loop(_))) => text
                    .get(model.node(scope).range.clone())
                    .map(|header| header.split('{').next().unwrap_or(header)),
                _ => text.get(model.node(id).range.clone()),
            };
            locals.push((binding.name.as_str(), declaration.unwrap_or_default()));
        }
        for _ in 0..MAX_ROUNDS {
            let mut grew = false;
            for (name, declaration) in &locals {
                let found = words(declaration)
                    .filter(|word| word != name)
                    .filter_map(|word| sources.get(word))
                    .flatten()
                    .copied()
                    .collect::<Vec<usize>>();
                let known = sources.entry(name.to_string()).or_default();
                for index in found {
                    if !known.contains(&index) {
                        known.push(index);
                        grew = true;
                    }
                }
            }
            if !grew {
                break;
            }
        }
        ParameterFlow { sources }
    }

    /// The parameters (by position) that `written` is computed from.
    pub fn parameters_in(&self, written: &str) -> Vec<usize> {
        let mut found: Vec<usize> = words(written)
            .filter_map(|word| self.sources.get(word))
            .flatten()
            .copied()
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }
}

/// How many rounds locals are followed back through one another: enough for
/// the chains real bodies build (`let name = ..; let url = dir + name`).
const MAX_ROUNDS: usize = 4;

/// The identifiers of an expression's text, interpolation included.
fn words(text: &str) -> impl Iterator<Item = &str> {
    crate::model::identifiers(text)
}
