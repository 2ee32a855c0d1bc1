//! Name resolution and types across files: each call site resolved to the
//! project functions it reaches, to a library (the catalog's business), or
//! to nothing. Never to "every function with that name": an unresolved call
//! is unresolved.
//!
//! Scopes: a Rust crate and its modules (a module is a file), a Kotlin
//! package and file, a Swift module (the whole project) and file; types
//! with their extensions and companions. Types flow from declarations:
//! locals and parameters (followed in the file stage), properties and
//! top-level values in any file, declared return types, `Self`/`this`,
//! constructors and receiver chains.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use super::facts::{CallSummary, FileSummary, Head, PropertyFact, PropertyType, Receiver};
use super::summaries::parameter_position;
use super::{FunctionRef, ProjectFile};
use crate::catalog;
use crate::model::Segment;
use crate::source::Language;

/// Where a call goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// These project functions (overloads of one name in one scope).
    App(Vec<FunctionRef>),
    /// A call on a value of a type the project does not declare (a
    /// library's, which the catalog knows or nothing does), or of a name no
    /// project function has.
    Library,
    Unresolved,
}

/// What a receiver chain evaluates to.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Ty {
    /// A value of this type.
    Value(String),
    /// The type itself (static and companion members).
    Static(String),
}

impl Ty {
    fn name(&self) -> &str {
        match self {
            Ty::Value(name) | Ty::Static(name) => name,
        }
    }
}

/// How many steps (properties, return types) one chain may take: deep
/// enough for `AppDatabase.instance.noteDao().insert(x)`, bounded against
/// properties defined through each other.
const MAX_DEPTH: usize = 8;

/// A property by (language, owner type, name); a top-level value has no owner.
type PropertyKey<'a> = (Language, Option<&'a str>, &'a str);

/// The project's declarations, indexed for resolution.
pub struct Resolver<'a> {
    files: &'a [ProjectFile<'a>],
    /// Methods by (language, type, name), extensions included.
    methods: HashMap<(Language, &'a str, &'a str), Vec<FunctionRef>>,
    /// Functions outside any type, by (language, name).
    top_level: HashMap<(Language, &'a str), Vec<FunctionRef>>,
    /// The names of all the project's functions, methods or not, by language.
    function_names: HashSet<(Language, &'a str)>,
    /// Types the project declares, by language.
    app_types: HashSet<(Language, &'a str)>,
    /// Each type's supertypes, by language.
    supertypes: HashMap<(Language, &'a str), Vec<&'a str>>,
    /// Each type's direct subtypes (implementations of an interface).
    subtypes: HashMap<(Language, &'a str), Vec<&'a str>>,
    /// Properties and top-level values by (language, owner, name).
    properties: HashMap<PropertyKey<'a>, Vec<(usize, &'a PropertyFact)>>,
    /// Each file's Rust crate (the directory above its `src/`) and module name.
    rust_modules: Vec<Option<(String, String)>>,
}

impl<'a> Resolver<'a> {
    pub fn new(files: &'a [ProjectFile<'a>]) -> Resolver<'a> {
        // Sized up front: the indexes are built again on every pass.
        let functions: usize = files.iter().map(|f| f.summary.functions.len()).sum();
        let properties: usize = files.iter().map(|f| f.summary.properties.len()).sum();
        let types: usize = files.iter().map(|f| f.summary.types.len()).sum();
        let supertypes: usize = files.iter().map(|f| f.summary.supertypes.len()).sum();
        let mut resolver = Resolver {
            files,
            methods: HashMap::with_capacity(functions),
            top_level: HashMap::new(),
            function_names: HashSet::with_capacity(functions),
            app_types: HashSet::with_capacity(types),
            supertypes: HashMap::with_capacity(supertypes),
            subtypes: HashMap::with_capacity(supertypes),
            properties: HashMap::with_capacity(properties),
            rust_modules: files
                .iter()
                .map(|file| {
                    (file.source.language == Language::Rust)
                        .then(|| rust_module(&file.source.layout_path))
                })
                .collect(),
        };
        for (f, file) in files.iter().enumerate() {
            let language = file.source.language;
            for (i, function) in file.summary.functions.iter().enumerate() {
                resolver
                    .function_names
                    .insert((language, function.name.as_str()));
                match &function.owner {
                    Some(owner) => resolver
                        .methods
                        .entry((
                            language,
                            canonical(file.summary, owner),
                            function.name.as_str(),
                        ))
                        .or_default()
                        .push((f, i)),
                    None => resolver
                        .top_level
                        .entry((language, function.name.as_str()))
                        .or_default()
                        .push((f, i)),
                }
            }
            for (ty, supertype) in &file.summary.supertypes {
                let (ty, supertype) = (
                    canonical(file.summary, ty),
                    canonical(file.summary, supertype),
                );
                resolver
                    .supertypes
                    .entry((language, ty))
                    .or_default()
                    .push(supertype);
                resolver
                    .subtypes
                    .entry((language, supertype))
                    .or_default()
                    .push(ty);
            }
            for name in &file.summary.types {
                resolver.app_types.insert((language, name.as_str()));
            }
            for property in &file.summary.properties {
                resolver
                    .properties
                    .entry((language, property.owner.as_deref(), property.name.as_str()))
                    .or_default()
                    .push((f, property));
            }
        }
        resolver
    }

    /// Where the call `call` of file `file` goes.
    pub fn resolve(&self, file: usize, call: &CallSummary) -> Target {
        // Every project function a call reaches is found by the call's name
        // (`methods`, `top_level`), whatever the receiver: a name none has
        // needs no receiver's type, which is most of the work, and most
        // calls are of libraries.
        let language = self.files[file].source.language;
        if !self
            .function_names
            .contains(&(language, call.callee.as_str()))
        {
            return Target::Library;
        }
        self.resolve_by_receiver(file, call)
    }

    /// `resolve`, for a call of a name some project function has.
    fn resolve_by_receiver(&self, file: usize, call: &CallSummary) -> Target {
        let receiver = &call.receiver;
        let name = call.callee.as_str();
        if receiver.members.is_empty() {
            match &receiver.head {
                Head::Bare => return self.bare(file, call.owner.as_deref(), name),
                Head::Module(module) => return self.in_module(file, module, name),
                _ => {}
            }
        }
        let Some(ty) = self.type_of(file, call.owner.as_deref(), receiver, 0) else {
            return Target::Unresolved;
        };
        self.member(file, &ty, name)
    }

    /// The type of the value a call is made on, when it can be told.
    pub fn receiver_type(&self, file: usize, call: &CallSummary) -> Option<String> {
        match self.type_of(file, call.owner.as_deref(), &call.receiver, 0)? {
            Ty::Value(name) => Some(name),
            Ty::Static(_) => None,
        }
    }

    /// A call of `name` on a value (or the type) `ty`.
    fn member(&self, file: usize, ty: &Ty, name: &str) -> Target {
        let language = self.files[file].source.language;
        // Extension functions and implemented traits make a library type's
        // members the project's too.
        let mut found = self.method_of(file, ty.name(), name);
        if !found.is_empty() {
            // What runs is the method or an override of it in a subtype
            // (class hierarchy analysis); a declaration without a body runs
            // only its overrides. Without any in the project (Room generates
            // its DAOs), the declaration and its annotations say what the
            // call does.
            let overrides = self.implementations(file, ty.name(), name);
            if !overrides.is_empty() {
                found.retain(|&(f, i)| self.files[f].summary.functions[i].has_body);
                found.extend(overrides);
            }
        }
        if found.is_empty() {
            // A trait whose methods are declared without bodies (none
            // lowered as functions): its implementations are what runs.
            found = self.implementations(file, ty.name(), name);
        }
        if !found.is_empty() {
            Target::App(found)
        } else if self.app_types.contains(&(language, ty.name())) {
            Target::Unresolved
        } else {
            Target::Library
        }
    }

    /// Methods `name` of type `ty` or, when it has none, of its nearest
    /// supertypes that have one (a trait's default methods), breadth first.
    fn method_of(&self, file: usize, ty: &str, name: &str) -> Vec<FunctionRef> {
        let language = self.files[file].source.language;
        let mut seen: HashSet<&str> = HashSet::new();
        let mut level: Vec<&str> = vec![ty];
        for _ in 0..MAX_DEPTH {
            let mut found = Vec::new();
            let mut next = Vec::new();
            for current in level {
                if !seen.insert(current) {
                    continue;
                }
                found.extend(self.visible(file, self.methods.get(&(language, current, name))));
                next.extend(
                    self.supertypes
                        .get(&(language, current))
                        .into_iter()
                        .flatten(),
                );
            }
            if !found.is_empty() || next.is_empty() {
                return found;
            }
            level = next;
        }
        Vec::new()
    }

    /// Methods `name` declared in the subtypes of `ty`, transitively,
    /// visible from `file`.
    fn implementations(&self, file: usize, ty: &str, name: &str) -> Vec<FunctionRef> {
        let language = self.files[file].source.language;
        if !self.subtypes.contains_key(&(language, ty)) {
            return Vec::new();
        }
        let mut seen: HashSet<&str> = HashSet::new();
        let mut pending: Vec<&str> = vec![ty];
        let mut found = Vec::new();
        while let Some(current) = pending.pop() {
            for &subtype in self
                .subtypes
                .get(&(language, current))
                .into_iter()
                .flatten()
            {
                if seen.insert(subtype) {
                    found.extend(self.visible(file, self.methods.get(&(language, subtype, name))));
                    pending.push(subtype);
                }
            }
        }
        found
    }

    /// `name(..)` without receiver, written in type `owner`: a method of
    /// that type, else a top-level function in scope.
    fn bare(&self, file: usize, owner: Option<&str>, name: &str) -> Target {
        let language = self.files[file].source.language;
        if language != Language::Rust {
            if let Some(owner) = owner {
                let methods = self.method_of(file, owner, name);
                if !methods.is_empty() {
                    return Target::App(methods);
                }
            }
        }
        let candidates = self.visible(file, self.top_level.get(&(language, name)));
        let same_file: Vec<FunctionRef> = candidates
            .iter()
            .copied()
            .filter(|&(f, _)| f == file)
            .collect();
        if !same_file.is_empty() {
            return Target::App(same_file);
        }
        let here = self.files[file].summary;
        let in_scope: Vec<FunctionRef> = candidates
            .into_iter()
            .filter(|&(f, _)| match language {
                Language::Kotlin => {
                    let package = self.files[f].summary.package.as_deref();
                    package == here.package.as_deref()
                        || here.imports.iter().any(|import| {
                            let imported = |what: &str| {
                                package.is_some_and(|p| {
                                    import.strip_prefix(p).and_then(|r| r.strip_prefix('.'))
                                        == Some(what)
                                })
                            };
                            imported(name) || imported("*")
                        })
                }
                // One module: every file's internal functions are visible.
                Language::Swift => true,
                Language::Rust => self.same_crate(file, f) && self.rust_imports(file, f, name),
                Language::Sql => false,
            })
            .collect();
        if in_scope.is_empty() {
            Target::Unresolved
        } else {
            Target::App(in_scope)
        }
    }

    /// `module::name(..)` (Rust): a public function of that module in the same crate.
    fn in_module(&self, file: usize, module: &str, name: &str) -> Target {
        let language = self.files[file].source.language;
        let found: Vec<FunctionRef> = self
            .visible(file, self.top_level.get(&(language, name)))
            .into_iter()
            .filter(|&(f, _)| {
                self.same_crate(file, f)
                    && self.rust_modules[f]
                        .as_ref()
                        .is_some_and(|(_, m)| m == module)
            })
            .collect();
        if found.is_empty() {
            Target::Unresolved
        } else {
            Target::App(found)
        }
    }

    fn same_crate(&self, a: usize, b: usize) -> bool {
        match (&self.rust_modules[a], &self.rust_modules[b]) {
            (Some((crate_a, _)), Some((crate_b, _))) => crate_a == crate_b,
            _ => false,
        }
    }

    /// Whether Rust file `file` imports `name` from file `from`'s module
    /// (`use crate::db::open;`, `use super::db::*;`).
    fn rust_imports(&self, file: usize, from: usize, name: &str) -> bool {
        let Some((_, module)) = &self.rust_modules[from] else {
            return false;
        };
        self.files[file].summary.imports.iter().any(|import| {
            let mut segments = import.rsplit("::");
            let last = segments.next();
            let parent = segments.next();
            (last == Some(name) || last == Some("*")) && parent == Some(module.as_str())
        })
    }

    /// The functions of `candidates` that file `file` can call: a
    /// file-private one only from its own file.
    fn visible(&self, file: usize, candidates: Option<&Vec<FunctionRef>>) -> Vec<FunctionRef> {
        candidates
            .into_iter()
            .flatten()
            .copied()
            .filter(|&(f, i)| f == file || !self.files[f].summary.functions[i].file_private)
            .collect()
    }

    /// A value of type `ty` as file `file` names it.
    fn value(&self, file: usize, ty: &str) -> Ty {
        Ty::Value(canonical(self.files[file].summary, ty).to_string())
    }

    /// What `receiver` evaluates to, written in file `file` inside type `owner`.
    fn type_of(
        &self,
        file: usize,
        owner: Option<&str>,
        receiver: &Receiver,
        depth: usize,
    ) -> Option<Ty> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut current = match &receiver.head {
            Head::Bare | Head::Opaque | Head::Module(_) => None,
            Head::This => owner.map(|o| self.value(file, o)),
            Head::Value(ty) => Some(self.value(file, ty)),
            Head::Type(ty) => Some(Ty::Static(
                canonical(self.files[file].summary, ty).to_string(),
            )),
            Head::Free(name) => self.free_value(file, owner, name, depth),
            Head::Call(name) => match self.bare(file, owner, name) {
                Target::App(functions) => self.returned(&functions, None),
                _ => None,
            },
            &Head::ClosureParameter {
                call,
                argument,
                parameter,
            } => self.closure_parameter(file, call, argument, parameter),
        };
        for member in &receiver.members {
            let ty = current?;
            current = match member {
                Segment::Name(name) => self.property(file, Some(ty.name()), name, depth),
                Segment::Call(name) => match self.member(file, &ty, name) {
                    Target::App(functions) => self.returned(&functions, Some(ty.name())),
                    _ if catalog::keeps_single_value(
                        self.files[file].source.language,
                        ty.name(),
                        name,
                    ) || catalog::passes_value_through(
                        self.files[file].source.language,
                        name,
                    ) =>
                    {
                        Some(ty)
                    }
                    _ => None,
                },
                Segment::Other => None,
            };
        }
        current
    }

    /// The type the functions call `call` of file `file` reaches declare
    /// for parameter `parameter` of the closure handed as argument
    /// `argument` (the last parameter for a trailing closure); callees that
    /// disagree say nothing.
    fn closure_parameter(
        &self,
        file: usize,
        call: usize,
        argument: Option<usize>,
        parameter: usize,
    ) -> Option<Ty> {
        let call = self.files[file].summary.calls.get(call)?;
        let Target::App(functions) = self.resolve(file, call) else {
            return None;
        };
        let mut types = functions.iter().map(|&(f, i)| {
            let function = &self.files[f].summary.functions[i];
            let position = match argument {
                Some(position) => {
                    parameter_position(self.files, (f, i), position, call.args.get(position)?)?
                }
                None => function.parameters.len().checked_sub(1)?,
            };
            let ty = function.closure_parameters.get(position)?.get(parameter)?;
            (!ty.is_empty()).then(|| canonical(self.files[f].summary, ty).to_string())
        });
        let first = types.next()??;
        types
            .all(|other| other.as_deref() == Some(first.as_str()))
            .then_some(Ty::Value(first))
    }

    /// A name not bound locally: a property of the type the code is
    /// written in, else a top-level value.
    fn free_value(&self, file: usize, owner: Option<&str>, name: &str, depth: usize) -> Option<Ty> {
        owner
            .and_then(|owner| self.property(file, Some(owner), name, depth))
            .or_else(|| self.property(file, None, name, depth))
    }

    /// The type of property `name` of `owner` (a top-level value when `owner` is None).
    fn property(&self, file: usize, owner: Option<&str>, name: &str, depth: usize) -> Option<Ty> {
        let language = self.files[file].source.language;
        let found = self.properties.get(&(language, owner, name))?;
        // A top-level value is taken from this file first; any other file's
        // must be the only one of its name.
        let (defined_in, property) = match owner {
            None => match found.iter().find(|(f, _)| *f == file) {
                Some(here) => *here,
                None if found.len() == 1 => found[0],
                None => return None,
            },
            Some(_) => found[0],
        };
        match &property.ty {
            PropertyType::Declared(ty) => Some(self.value(defined_in, ty)),
            PropertyType::Initialized(init) => {
                self.type_of(defined_in, property.owner.as_deref(), init, depth + 1)
            }
        }
    }

    /// The type `functions` are declared to return (`Self` is `owner`);
    /// overloads that disagree say nothing.
    fn returned(&self, functions: &[FunctionRef], owner: Option<&str>) -> Option<Ty> {
        let mut types = functions.iter().map(|&(f, i)| {
            let function = &self.files[f].summary.functions[i];
            match function.returns.as_deref() {
                Some("Self") => owner.or(function.owner.as_deref()).map(str::to_string),
                other => other.map(|ty| canonical(self.files[f].summary, ty).to_string()),
            }
        });
        let first = types.next()??;
        types
            .all(|other| other.as_deref() == Some(first.as_str()))
            .then_some(Ty::Value(first))
    }
}

/// The name a type is declared under, for a name file `file` may import
/// under an alias (`use a::Connection as Db`).
fn canonical<'s>(file: &'s FileSummary, name: &'s str) -> &'s str {
    file.aliases
        .iter()
        .find(|(alias, _)| alias == name)
        .map_or(name, |(_, original)| original.as_str())
}

/// A Rust file's crate (the directory holding its `src/`) and module name
/// (the file's stem; the directory's name for `mod.rs`, `lib.rs`, `main.rs`).
fn rust_module(path: &str) -> (String, String) {
    let path = path.replace('\\', "/");
    let crate_root = match path.rfind("/src/") {
        Some(at) => path[..at].to_string(),
        None if path.starts_with("src/") => String::new(),
        None => path.rsplit_once('/').map_or("", |(dir, _)| dir).to_string(),
    };
    let mut parts = path.rsplit('/');
    let stem = parts
        .next()
        .unwrap_or_default()
        .trim_end_matches(".rs")
        .to_string();
    let module = match stem.as_str() {
        "mod" | "lib" | "main" => parts.next().unwrap_or_default().to_string(),
        _ => stem,
    };
    (crate_root, module)
}

#[cfg(test)]
mod tests {
    use super::{rust_module, Resolver, Target};
    use crate::project::ProjectFile;
    use crate::source::{Language, SourceFile};

    /// The files of one project under `root`, analysed.
    fn analysed(root: &std::path::Path) -> Vec<(SourceFile, crate::Analysis)> {
        let mut files = Vec::new();
        for path in crate::fixture_files(root) {
            let (Some(language), Ok(text)) =
                (Language::from_path(&path), std::fs::read_to_string(&path))
            else {
                continue;
            };
            // Laid out as in a run on the project: Rust modules are named
            // by their paths.
            let layout = path.strip_prefix(root).unwrap_or(&path);
            let source =
                SourceFile::new(path.clone(), layout.display().to_string(), language, text);
            if let Ok(analysis) = crate::analyze(&source, &crate::Options::default()) {
                files.push((source, analysis));
            }
        }
        files
    }

    /// Skipping the receiver's type for a name no project function has
    /// changes no call's project targets: on every project fixture, each
    /// call reaches the same functions as by its receiver.
    #[test]
    fn a_name_no_project_function_has_reaches_none_by_any_receiver() {
        let mut projects: Vec<std::path::PathBuf> = std::fs::read_dir("testdata/projects")
            .expect("the project fixtures")
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.is_dir())
            .collect();
        projects.sort();
        let (mut skipped, mut reaching) = (0, 0);
        for project in &projects {
            let analysed = analysed(project);
            let files: Vec<ProjectFile> = (analysed.iter())
                .map(|(source, analysis)| ProjectFile {
                    source,
                    summary: &analysis.summary,
                })
                .collect();
            let resolver = Resolver::new(&files);
            for (f, file) in files.iter().enumerate() {
                for call in &file.summary.calls {
                    let by_receiver = resolver.resolve_by_receiver(f, call);
                    let resolved = resolver.resolve(f, call);
                    let named = resolver
                        .function_names
                        .contains(&(file.source.language, call.callee.as_str()));
                    match (&by_receiver, &resolved) {
                        (Target::App(a), Target::App(b)) => {
                            assert_eq!(a, b);
                            reaching += 1;
                        }
                        (Target::App(_), _) | (_, Target::App(_)) => panic!(
                            "{}: `{}` reaches {by_receiver:?} by its receiver, {resolved:?} by its name",
                            file.source.display, call.callee
                        ),
                        _ => skipped += usize::from(!named),
                    }
                }
            }
        }
        // The fixtures hold both kinds of call.
        assert!(skipped > 100 && reaching > 20, "{skipped} {reaching}");
    }

    #[test]
    fn rust_modules_are_named_by_file_or_directory_within_their_crate() {
        assert_eq!(
            rust_module("crates/store/src/db.rs"),
            ("crates/store".to_string(), "db".to_string())
        );
        assert_eq!(
            rust_module("crates/store/src/db/mod.rs"),
            ("crates/store".to_string(), "db".to_string())
        );
        assert_eq!(
            rust_module("src/lib.rs"),
            (String::new(), "src".to_string())
        );
    }
}
