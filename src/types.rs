//! Best-effort types of a file's values, from what the file itself says:
//! declarations, initializers, and the catalog's type flows (`edit()` on a
//! `SharedPreferences` is an `Editor`). The catalog's rows ask it "is this
//! receiver a FileHandle?"; the project stage starts its cross-file
//! resolution (`project::resolve`) from the bindings it finds.

use foldhash::{HashMap, HashMapExt};

use crate::model::{BindingKind, Model, NodeId, NodeKind, Segment, StrLit, Value};

/// Best-effort types for receivers, from declarations, initializers and the
/// catalog's type flows. Only as deep as a rule needs: "is this a FileHandle?".
pub struct TypeResolver<'m> {
    model: &'m Model,
    flows: &'static [TypeFlow],
    bindings_by_name: HashMap<&'m str, Vec<NodeId>>,
    /// The declared return types of the file's functions, by name: `prefs()`
    /// declared `: SharedPreferences` yields one. A name declared with two
    /// different return types (overloads) yields none.
    returns_by_name: HashMap<&'m str, Option<&'m str>>,
    /// The types the file declares: a declared `Editor` is the file's own
    /// before it is an imported library's.
    own_types: foldhash::HashSet<&'m str>,
}

/// How far one binding's initializer may lead to another's.
const MAX_TYPE_HOPS: usize = 4;

enum Resolved {
    /// A value of this type.
    Value(String),
    /// `self`/`this` inside this type declaration.
    SelfOf(NodeId),
    /// The type itself, as in `FileHandle.standardOutput`.
    TypeName(String),
}

impl<'m> TypeResolver<'m> {
    /// The text of a string constant of this file named `name`, when exactly
    /// one constant has that name.
    pub fn constant_string(&self, name: &str) -> Option<&'m StrLit> {
        let mut values = self.bindings_by_name.get(name)?.iter().filter_map(|&id| {
            match &self.model.node(id).kind {
                NodeKind::Binding(b) if b.kind == BindingKind::Constant => match b.init {
                    Value::Str(text) => self.model.str_lit(text),
                    _ => None,
                },
                _ => None,
            }
        });
        let first = values.next()?;
        values.next().is_none().then_some(first)
    }

    /// `flows` are the catalog's type flows for the file's language.
    pub fn new(model: &'m Model, flows: &'static [TypeFlow]) -> TypeResolver<'m> {
        let mut bindings_by_name: HashMap<&str, Vec<NodeId>> = HashMap::new();
        let mut returns_by_name: HashMap<&str, Option<&str>> = HashMap::new();
        let mut own_types = foldhash::HashSet::default();
        for id in model.ids() {
            match &model.node(id).kind {
                NodeKind::TypeDecl { name } if !model.extensions.contains(&id) => {
                    own_types.insert(name.as_str());
                }
                NodeKind::Binding(binding) => {
                    bindings_by_name
                        .entry(binding.name.as_str())
                        .or_default()
                        .push(id);
                }
                NodeKind::Function(function) => {
                    let returns = function.returns.as_deref().filter(|r| *r != "Self");
                    returns_by_name
                        .entry(function.name.as_str())
                        .and_modify(|known| {
                            if *known != returns {
                                *known = None;
                            }
                        })
                        .or_insert(returns);
                }
                _ => {}
            }
        }
        TypeResolver {
            model,
            flows,
            bindings_by_name,
            returns_by_name,
            own_types,
        }
    }

    /// The type of the value a chain evaluates to, seen from node `at`.
    pub fn type_of_chain(&self, at: NodeId, chain: &[Segment], hops: usize) -> Option<String> {
        let mut current: Option<Resolved> = None;
        for (index, segment) in chain.iter().enumerate() {
            let member = match segment {
                Segment::Name(name) | Segment::Call(name) => name.as_str(),
                Segment::Other => return None,
            };
            // An unknown receiver does not end the walk: member flows such
            // as `.fd` hold whatever the receiver is.
            current = if index == 0 {
                self.type_of_head(at, segment, hops)
            } else if let Some(resolved) = matches!(segment, Segment::Call(_))
                .then(|| self.path_flow(&chain[..index], member))
                .flatten()
            {
                Some(resolved)
            } else {
                self.type_of_member(current.as_ref(), member, hops)
            };
        }
        match current? {
            Resolved::Value(ty) => Some(ty),
            Resolved::TypeName(_) | Resolved::SelfOf(_) => None,
        }
    }

    fn type_of_head(&self, at: NodeId, head: &Segment, hops: usize) -> Option<Resolved> {
        match head {
            Segment::Name(name) if name == "self" || name == "this" => self
                .model
                .ancestors(at)
                .find(|&a| matches!(self.model.node(a).kind, NodeKind::TypeDecl { .. }))
                .map(Resolved::SelfOf),
            Segment::Name(name) => {
                if let Some(binding) = self.visible_binding(at, name) {
                    return self.type_of_binding(binding, hops).map(Resolved::Value);
                }
                self.member_flow(name)
                    .or_else(|| starts_uppercase(name).then(|| Resolved::TypeName(name.clone())))
            }
            // A call named like a type constructs one.
            Segment::Call(name) if starts_uppercase(name) => Some(Resolved::Value(name.clone())),
            Segment::Call(name) => self
                .member_flow(name)
                .or_else(|| self.declared_return(name)),
            Segment::Other => None,
        }
    }

    fn type_of_member(
        &self,
        receiver: Option<&Resolved>,
        member: &str,
        hops: usize,
    ) -> Option<Resolved> {
        if let Some(&Resolved::SelfOf(type_decl)) = receiver {
            let property = self.bindings_by_name.get(member).and_then(|ids| {
                ids.iter()
                    .copied()
                    .find(|&id| self.model.node(id).parent == Some(type_decl))
            });
            if let Some(property) = property {
                return self.type_of_binding(property, hops).map(Resolved::Value);
            }
            if let Some(returned) = self.declared_return(member) {
                return Some(returned);
            }
        }
        if let Some(Resolved::TypeName(ty)) = receiver {
            let constructs_itself = member == "init"
                || self
                    .flows
                    .iter()
                    .any(|flow| matches!(flow, TypeFlow::StaticOf(t) if t == ty));
            if constructs_itself {
                return Some(Resolved::Value(ty.clone()));
            }
            if let Some(resolved) = self.typed_member_flow(ty, member) {
                return Some(resolved);
            }
        }
        if let Some(Resolved::Value(ty)) = receiver {
            if let Some(resolved) = self.typed_member_flow(ty, member) {
                return Some(resolved);
            }
        }
        self.member_flow(member)
    }

    /// `module::name(..)`: the type a `PathCall` flow gives the call `member`
    /// reached through the segments `path`.
    fn path_flow(&self, path: &[Segment], member: &str) -> Option<Resolved> {
        self.flows.iter().find_map(|flow| match flow {
            TypeFlow::PathCall(module, name, ty)
                if *name == member
                    && path
                        .iter()
                        .any(|s| matches!(s, Segment::Name(n) if n == module)) =>
            {
                Some(Resolved::Value(ty.to_string()))
            }
            _ => None,
        })
    }

    /// The value a call of the file's own function `name` yields, by its
    /// declared return type (`fun prefs(): SharedPreferences`).
    fn declared_return(&self, name: &str) -> Option<Resolved> {
        let returns = (*self.returns_by_name.get(name)?)?;
        Some(Resolved::Value(self.declared_as(returns)))
    }

    fn member_flow(&self, member: &str) -> Option<Resolved> {
        self.flows.iter().find_map(|flow| match flow {
            TypeFlow::Member(name, ty) if *name == member => Some(Resolved::Value(ty.to_string())),
            _ => None,
        })
    }

    fn typed_member_flow(&self, receiver: &str, member: &str) -> Option<Resolved> {
        self.flows.iter().find_map(|flow| match flow {
            TypeFlow::MemberOf(on, name, ty) if *on == receiver && *name == member => {
                Some(Resolved::Value(ty.to_string()))
            }
            _ => None,
        })
    }

    fn type_of_binding(&self, binding: NodeId, hops: usize) -> Option<String> {
        let NodeKind::Binding(b) = &self.model.node(binding).kind else {
            return None;
        };
        if let Some(ty) = &b.declared_type {
            return Some(self.declared_as(ty));
        }
        if hops >= MAX_TYPE_HOPS {
            return None;
        }
        match &b.init {
            Value::Chain(chain) => self.type_of_chain(binding, chain, hops + 1),
            _ => None,
        }
    }

    /// The binding a name refers to at `at`, if the file declares it.
    pub fn binding_of(&self, at: NodeId, name: &str) -> Option<NodeId> {
        self.visible_binding(at, name)
    }

    /// The binding a name refers to at `at`: declared in a scope enclosing
    /// `at`, the latest one before it (parameters and properties count from
    /// anywhere in their scope).
    fn visible_binding(&self, at: NodeId, name: &str) -> Option<NodeId> {
        let candidates = self.bindings_by_name.get(name)?;
        let at_start = self.model.node(at).range.start;
        let scopes: Vec<NodeId> = self.model.ancestors(at).collect();
        let mut best: Option<(usize, usize, NodeId)> = None;
        for &candidate in candidates {
            let node = self.model.node(candidate);
            let depth = match node.parent {
                Some(parent) => match scopes.iter().position(|&s| s == parent) {
                    Some(depth) => depth,
                    None => continue,
                },
                None => scopes.len(),
            };
            let NodeKind::Binding(binding) = &node.kind else {
                continue;
            };
            let positional = matches!(binding.kind, BindingKind::Local);
            if positional && node.range.start > at_start {
                continue;
            }
            // Innermost scope first; within it, the latest declaration.
            let key = (depth, usize::MAX - node.range.start, candidate);
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
        best.map(|(_, _, id)| id)
    }
}

impl TypeResolver<'_> {
    /// A declared type's name, read through the file's imports where the
    /// written last segment alone is ambiguous (`Editor`).
    fn declared_as(&self, written: &str) -> String {
        if self.own_types.contains(written) {
            return written.to_string();
        }
        self.flows
            .iter()
            .find_map(|flow| match flow {
                TypeFlow::DeclaredWithImport {
                    written: w,
                    import,
                    ty,
                } if *w == written && imports_module(self.model, import) => Some(ty.to_string()),
                _ => None,
            })
            .unwrap_or_else(|| written.to_string())
    }
}

/// True when the file imports `module` or something inside it.
fn imports_module(model: &Model, module: &str) -> bool {
    model.imports.iter().any(|i| {
        i == module
            || i.strip_prefix(module)
                .is_some_and(|rest| rest.starts_with('.') || rest.starts_with("::"))
    })
}

/// How a receiver's type can be known without a type checker.
#[derive(Debug, Clone, Copy)]
pub enum TypeFlow {
    /// A member or method with this name yields this type, whatever its receiver
    /// (`stream.fd` is a FileDescriptor).
    Member(&'static str, &'static str),
    /// Static members and factories of this type yield the type itself
    /// (`FileHandle.standardOutput`, `FileChannel.open(...)`).
    StaticOf(&'static str),
    /// A member or method with this name on a receiver of the first type
    /// yields the last type (`edit()` on SharedPreferences is an Editor).
    MemberOf(&'static str, &'static str, &'static str),
    // prefs-commit:
    /// A declared type written `written` means the type `ty` in files that
    /// import `import`. The frontends keep a declared type's last segment
    /// only, so `SharedPreferences.Editor` arrives as `Editor`; the import
    /// says which `Editor` it is.
    DeclaredWithImport {
        written: &'static str,
        import: &'static str,
        ty: &'static str,
    },
    /// A call `module::name(..)` (the module anywhere in the path before the
    /// name) yields the type (`serde_json::to_vec` yields serialized data).
    PathCall(&'static str, &'static str, &'static str),
}

pub(crate) fn starts_uppercase(name: &str) -> bool {
    name.chars().next().is_some_and(char::is_uppercase)
}
