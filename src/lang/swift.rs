//! The Swift frontend: lowers a tree-sitter-swift syntax tree into the model.
//!
//! tree-sitter recovers from syntax errors, so a broken file still yields
//! most of its nodes; the ERROR ranges go to `Model::unparsed`.
//!
//! Choices worth knowing when writing rules against Swift models:
//! - Expressions that initialise a binding (`let x = <expr>`) are lowered as
//!   children of the `Binding`, so `let work = { ... }` gives a `Closure`
//!   whose parent is the `Binding` (whose `init` is `Value::Other`).
//! - Property accessors and observers are `Function`s whose parent is the
//!   scope the property lives in (usually the `TypeDecl`), not the `Binding`.
//! - A `for` loop's collection is evaluated once, so its nodes are children of
//!   the node enclosing the loop; the loop variable, `where` clause and body
//!   are children of the `Loop`. A `while` condition runs every iteration and
//!   stays inside the `Loop`.
//! - Calls inside a string interpolation are children of the `Str` node.

use std::time::Duration;

use tree_sitter::Node as TsNode;

use crate::catalog::is_iteration_call;
use crate::lang::treesitter::{
    children, children_with_fields, collect_comments_and_errors, concatenate, named_field,
    pick_constant, text_of, BudgetedParser, ConstantDef, Constants, JumpExits, JumpSyntax,
    KindName, Piece, MAX_CONSTANT_DEPTH,
};
use crate::lang::{binding_node, call_node, mark_awaited, set_binding_init, set_kind, ParseError};
use crate::model::{
    cap_chain, Arg, Binding, BindingKind, Function, FunctionKind, Leaves, LoopKind, Model, NodeId,
    NodeKind, Segment, StrBuilder, StrLit, Value,
};
use crate::source::{ByteRange, Language, SourceFile};

/// The syntax around `return` and `break` (`JumpExits`).
pub(crate) const JUMPS: JumpSyntax = JumpSyntax {
    blocks: &["statements"],
    decided: &[("if_statement", "condition"), ("switch_statement", "expr")],
    failure_only: &[
        "guard_statement",
        "catch_block",
        "nil_coalescing_expression",
        "conjunction_expression",
        "disjunction_expression",
        "ternary_expression",
    ],
    failure_only_operators: &[],
    boundaries: &[
        "for_statement",
        "while_statement",
        "repeat_while_statement",
        "lambda_literal",
        "function_declaration",
        "init_declaration",
        "deinit_declaration",
        "subscript_declaration",
        "computed_property",
        "computed_getter",
        "computed_setter",
        "computed_modify",
        "willset_clause",
        "didset_clause",
        "class_body",
        "protocol_body",
        "enum_class_body",
        "source_file",
    ],
    break_targets: &["switch_statement"],
    // What `control_transfer_statement` and `await_expression` start with.
    jump_words: &[
        "return",
        "throw",
        "break",
        "continue",
        "fallthrough",
        "yield",
        "await",
    ],
};

/// Lowers a Swift file whose parse may take `budget`.
pub fn lower(file: &SourceFile, budget: Duration) -> Result<Model, ParseError> {
    let mut parser = BudgetedParser::new(tree_sitter_swift::LANGUAGE.into(), "Swift", budget)?;
    let tree = parser.parse_skipping(&file.text, &file.blanked)?;
    let root = tree.root_node();
    let mut constants = Constants::default();
    collect_constants(
        &file.text,
        root,
        &mut Vec::new(),
        Scope::File,
        &mut constants,
    );
    let mut lowerer = Lowerer {
        src: &file.text,
        root,
        exits: JumpExits::of(root, &file.text, &JUMPS, is_jump),
        model: Model::new(file.language),
        constants,
        constant_values: Default::default(),
        inner_sums: Default::default(),
    };
    collect_comments_and_errors(
        &mut lowerer.model,
        &file.text,
        root,
        &["comment", "multiline_comment"],
        true,
    );
    for child in children(root) {
        lowerer.lower_node(child, None, Scope::File);
    }
    let mut model = lowerer.model;
    crate::lang::treesitter::mark_conditional_calls(&mut model, root, &JUMPS);
    Ok(model)
}

/// `return`, `break` (and `continue`, `throw`: lowering tells them apart)
/// and `await`: the nodes whose exits are read.
fn is_jump(node: TsNode) -> bool {
    matches!(
        node.kind_name(),
        "control_transfer_statement" | "await_expression"
    )
}

/// Where a declaration sits, which decides what kind of binding it makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Scope {
    File,
    Type,
    Local,
}

struct Lowerer<'a, 'tree> {
    src: &'a str,
    /// The root of the tree being lowered (constant lookups descend from it).
    root: TsNode<'tree>,
    /// Where each `return`, `break` and `await` leaves from.
    exits: JumpExits,
    model: Model,
    constants: Constants<'tree>,
    /// Values of constants already evaluated, keyed by initializer offset.
    constant_values: crate::model::ConstantValues,
    /// Byte ranges of the partial sums inside a concatenation already
    /// lowered as one Str: `("a" + b)` in `"a" + b + c` is not a string of its own.
    inner_sums: foldhash::HashSet<(usize, usize)>,
}

/// The name of a type declaration (the last part of an extended type's path).
fn type_decl_name<'a>(src: &'a str, node: TsNode) -> Option<&'a str> {
    if !matches!(
        node.kind_name(),
        "class_declaration" | "protocol_declaration"
    ) {
        return None;
    }
    let name = named_field(node, "name")?;
    let name = match name.kind_name() {
        "user_type" => user_type_last_name(name)?,
        _ => name,
    };
    src.get(name.byte_range())
}

fn collect_constants<'tree>(
    src: &str,
    node: TsNode<'tree>,
    owners: &mut Vec<String>,
    scope: Scope,
    out: &mut Constants<'tree>,
) {
    for child in children(node) {
        match child.kind_name() {
            "property_declaration" => {
                let parts = children_with_fields(child);
                let is_let = parts.iter().any(|(_, c)| {
                    c.kind_name() == "value_binding_pattern" && text_of(src, *c) == "let"
                });
                let is_static = parts
                    .iter()
                    .filter(|(_, c)| c.kind_name() == "modifiers")
                    .flat_map(|(_, c)| children(*c))
                    .any(|m| {
                        m.kind_name() == "property_modifier"
                            && matches!(text_of(src, m), "static" | "class")
                    });
                let names: Vec<TsNode> = parts
                    .iter()
                    .filter(|(field, _)| *field == Some("name"))
                    .map(|(_, c)| *c)
                    .collect();
                let value = parts
                    .iter()
                    .find(|(field, _)| *field == Some("value"))
                    .map(|(_, c)| *c);
                let wanted = scope == Scope::File || (scope == Scope::Type && is_static);
                if let (true, true, [name], Some(init)) = (wanted, is_let, names.as_slice(), value)
                {
                    if let [identifier] = pattern_identifiers(*name).as_slice() {
                        out.entry(text_of(src, *identifier).to_string())
                            .or_default()
                            .push(ConstantDef {
                                owners: owners.clone(),
                                init,
                            });
                    }
                }
            }
            "class_declaration" | "protocol_declaration" => {
                owners.push(type_decl_name(src, child).unwrap_or("").to_string());
                for body in children(child) {
                    if matches!(
                        body.kind_name(),
                        "class_body" | "enum_class_body" | "protocol_body"
                    ) {
                        collect_constants(src, body, owners, Scope::Type, out);
                    }
                }
                owners.pop();
            }
            "ERROR" => collect_constants(src, child, owners, scope, out),
            _ => {}
        }
    }
}

fn is_plus(node: TsNode) -> bool {
    node.kind_name() == "additive_expression"
        && node
            .child_by_field_name("op")
            .is_some_and(|op| op.kind_name() == "+")
}

/// `x + f(y)` arrives as the call `(x + f)(y)`: its callee is a sum.
fn is_misparsed_plus_call(node: TsNode) -> bool {
    node.kind_name() == "call_expression"
        && children(node)
            .into_iter()
            .find(|c| c.is_named())
            .is_some_and(is_plus)
}

fn mark_inner_sums(node: TsNode, out: &mut foldhash::HashSet<(usize, usize)>) {
    let parts: Vec<TsNode> = if is_plus(node) {
        ["lhs", "rhs"]
            .into_iter()
            .filter_map(|side| named_field(node, side))
            .collect()
    } else if is_misparsed_plus_call(node) {
        children(node)
            .into_iter()
            .find(|c| c.is_named())
            .into_iter()
            .collect()
    } else {
        Vec::new()
    };
    for part in parts {
        if is_plus(part) || is_misparsed_plus_call(part) {
            out.insert((part.start_byte(), part.end_byte()));
            mark_inner_sums(part, out);
        }
    }
}

/// One operand of a sum: the node, or only its range when the grammar did
/// not give the operand a node of its own (a misparsed call).
type Operand<'t> = (Option<TsNode<'t>>, ByteRange);

/// The operands of `a + b + c`, which the grammar nests.
fn plus_operands<'t>(node: TsNode<'t>, out: &mut Vec<Operand<'t>>) {
    if is_plus(node) {
        for side in ["lhs", "rhs"] {
            if let Some(operand) = named_field(node, side) {
                plus_operands(operand, out);
            }
        }
    } else if is_misparsed_plus_call(node) {
        if let Some(sum) = children(node).into_iter().find(|c| c.is_named()) {
            plus_operands(sum, out);
            if let Some((_, last)) = out.pop() {
                out.push((None, last.start..node.end_byte()));
            }
        }
    } else {
        out.push((Some(node), node.byte_range()));
    }
}

fn is_string_literal(kind: &str) -> bool {
    matches!(
        kind,
        "line_string_literal" | "multi_line_string_literal" | "raw_string_literal"
    )
}

/// Binary expressions: the grammar sometimes parses `x + f(y)` as a call whose
/// callee is `x + f`, so a call's callee can be one of these.
fn is_binary_expression(kind: &str) -> bool {
    matches!(
        kind,
        "additive_expression"
            | "multiplicative_expression"
            | "comparison_expression"
            | "equality_expression"
            | "conjunction_expression"
            | "disjunction_expression"
            | "infix_expression"
            | "range_expression"
            | "bitwise_operation"
    )
}

impl<'a, 'tree> Lowerer<'a, 'tree> {
    fn text(&self, node: TsNode) -> &'a str {
        text_of(self.src, node)
    }

    fn push(&mut self, parent: Option<NodeId>, range: ByteRange, kind: NodeKind) -> NodeId {
        self.model.push(parent, range, kind)
    }

    /// Lowers any node: declarations and statements get their own handling,
    /// everything else is searched for the nodes it contains.
    fn lower_node(&mut self, node: TsNode, parent: Option<NodeId>, scope: Scope) {
        match node.kind_name() {
            "comment" | "multiline_comment" => {}
            "import_declaration" => self.lower_import(node),
            "class_declaration" | "protocol_declaration" => self.lower_type_decl(node, parent),
            "function_declaration" => self.lower_function(node, parent, FunctionKind::Plain),
            "init_declaration" => self.lower_function(node, parent, FunctionKind::Initializer),
            "deinit_declaration" => self.lower_function(node, parent, FunctionKind::Deinitializer),
            "subscript_declaration" => self.lower_function(node, parent, FunctionKind::Plain),
            "property_declaration" => self.lower_property(node, parent, scope),
            "for_statement" => self.lower_for(node, parent),
            "while_statement" => {
                let forever = node
                    .child_by_field_name("condition")
                    .is_some_and(|c| self.text(c) == "true");
                let kind = if forever {
                    LoopKind::Repeat
                } else {
                    LoopKind::While
                };
                let id = self.push(parent, node.byte_range(), NodeKind::Loop(kind));
                self.lower_conditional(node, Some(id));
            }
            "repeat_while_statement" => {
                let id = self.push(parent, node.byte_range(), NodeKind::Loop(LoopKind::Repeat));
                self.lower_children(node, Some(id), Scope::Local);
            }
            "if_statement" | "guard_statement" => self.lower_conditional(node, parent),
            "assignment" => self.lower_assignment(node, parent),
            "control_transfer_statement" => self.lower_control_transfer(node, parent),
            "ERROR" => self.lower_children(node, parent, scope),
            kind if is_expression(kind) => {
                self.lower_expr(node, parent);
            }
            _ => self.lower_children(node, parent, Scope::Local),
        }
    }

    /// `import SQLite`, `@testable import GRDB`, `import struct Foo.Bar`: the module path.
    fn lower_import(&mut self, node: TsNode) {
        let Some(identifier) = children(node)
            .into_iter()
            .find(|c| c.kind_name() == "identifier")
        else {
            return;
        };
        let path: Vec<&str> = children(identifier)
            .into_iter()
            .filter(|c| c.kind_name() == "simple_identifier")
            .map(|c| self.text(c))
            .collect();
        if !path.is_empty() {
            self.model.imports.push(path.join("."));
        }
    }

    fn lower_children(&mut self, node: TsNode, parent: Option<NodeId>, scope: Scope) {
        for child in children(node) {
            self.lower_node(child, parent, scope);
        }
    }

    fn lower_type_decl(&mut self, node: TsNode, parent: Option<NodeId>) {
        // `extension Foo.Bar` names the extended type by a dotted path: keep its last part.
        let name = named_field(node, "name")
            .map(|n| match n.kind_name() {
                "user_type" => user_type_last_name(n).map_or("", |t| self.text(t)),
                _ => self.text(n),
            })
            .unwrap_or("")
            .to_string();
        for specifier in children(node) {
            if specifier.kind_name() != "inheritance_specifier" {
                continue;
            }
            let supertype = named_field(specifier, "inherits_from").and_then(|t| self.type_name(t));
            if let Some(supertype) = supertype {
                self.model.supertypes.push((name.clone(), supertype));
            }
        }
        let id = self.push(parent, node.byte_range(), NodeKind::TypeDecl { name });
        if node
            .child_by_field_name("declaration_kind")
            .is_some_and(|kind| kind.kind_name() == "extension")
        {
            self.model.extensions.insert(id);
        }
        for child in children(node) {
            match child.kind_name() {
                "class_body" | "enum_class_body" | "protocol_body" => {
                    self.lower_children(child, Some(id), Scope::Type)
                }
                _ => self.lower_node(child, Some(id), Scope::Type),
            }
        }
    }

    /// `private` and `fileprivate` declarations are callable from their file only.
    fn is_file_private(&self, node: TsNode) -> bool {
        children(node)
            .into_iter()
            .filter(|c| c.kind_name() == "modifiers")
            .flat_map(children)
            .any(|m| {
                m.kind_name() == "visibility_modifier"
                    && matches!(self.text(m).trim(), "private" | "fileprivate")
            })
    }

    /// `override func`: a member modifier.
    fn overrides(&self, node: TsNode) -> bool {
        children(node)
            .into_iter()
            .filter(|c| c.kind_name() == "modifiers")
            .flat_map(children)
            .any(|m| m.kind_name() == "member_modifier" && self.text(m).trim() == "override")
    }

    fn lower_function(&mut self, node: TsNode, parent: Option<NodeId>, kind: FunctionKind) {
        let keyword = |k: &str| children(node).into_iter().find(|c| c.kind_name() == k);
        let (name, name_range) = match node.kind_name() {
            "init_declaration" => ("init".to_string(), keyword("init")),
            "deinit_declaration" => ("deinit".to_string(), keyword("deinit")),
            "subscript_declaration" => ("subscript".to_string(), keyword("subscript")),
            _ => {
                let name = node.child_by_field_name("name");
                (name.map_or("", |n| self.text(n)).to_string(), name)
            }
        };
        let name_range =
            name_range.map_or(node.start_byte()..node.start_byte(), |n| n.byte_range());
        let mut function = Function::new(name.clone(), kind, name_range);
        // The grammar files the return type under `name` (or `return_type`
        // in later versions): it is the named node after `->`.
        function.returns = children(node)
            .into_iter()
            .skip_while(|c| c.kind_name() != "->")
            .find(|c| c.is_named())
            .and_then(|t| self.type_name(t));
        function.file_private = self.is_file_private(node);
        function.overrides = self.overrides(node);
        function.asynchronous = children(node).into_iter().any(|c| c.kind_name() == "async");
        let id = self.push(parent, node.byte_range(), NodeKind::Function(function));
        let mut last_parameter = None;
        let mut labels: Vec<Option<String>> = Vec::new();
        for (field, child) in children_with_fields(node) {
            match (field, child.kind_name()) {
                (_, "parameter") => {
                    labels.push(self.call_label(child));
                    last_parameter = self.lower_parameter(child, id);
                }
                (Some("default_value"), _) => {
                    // A call may leave the parameter, and its label, out.
                    if let Some(label) = labels.last_mut() {
                        *label = None;
                    }
                    let value = self.lower_expr(child, last_parameter.or(Some(id)));
                    if let Some(parameter) = last_parameter {
                        set_binding_init(&mut self.model, parameter, value);
                    }
                }
                // A subscript's body: plain statements, or get/set accessors.
                (_, "computed_property") => {
                    self.lower_computed_property(child, Some(id), &name, None)
                }
                _ => self.lower_node(child, Some(id), Scope::Local),
            }
        }
        // A subscript's parameters have no labels at its uses (`x[key]`).
        if node.kind_name() != "subscript_declaration" {
            if let NodeKind::Function(function) = &mut self.model.nodes[id.index()].kind {
                function.call_labels = labels.into_iter().flatten().collect();
            }
        }
    }

    /// The label a call writes for parameter `node`: its external name
    /// (`query` in `query: String`, `from` in `from start: Int`), none for
    /// `_` or a function type (a trailing closure drops its label).
    fn call_label(&self, node: TsNode) -> Option<String> {
        let parts = children(node);
        let colon = parts.iter().find(|c| c.kind_name() == ":")?;
        let written_type = self
            .text(node)
            .get(colon.end_byte() - node.start_byte()..)?;
        if written_type.contains("->") {
            return None;
        }
        let label = self.text(*parts.first()?);
        let identifier = label.chars().all(|c| c.is_alphanumeric() || c == '_');
        (identifier && label != "_" && !label.is_empty()).then(|| label.to_string())
    }

    fn lower_parameter(&mut self, node: TsNode, function: NodeId) -> Option<NodeId> {
        let parts = children(node);
        let colon = parts.iter().position(|c| c.kind_name() == ":");
        let before_colon = &parts[..colon.unwrap_or(parts.len())];
        // `_ handle: FileHandle`: the last identifier before the colon is the internal name.
        let name_node = before_colon
            .iter()
            .rev()
            .find(|c| c.kind_name() == "simple_identifier")?;
        let declared_type = colon
            .and_then(|i| parts.get(i + 1..))
            .and_then(|rest| rest.iter().find(|c| c.is_named()))
            .and_then(|t| self.type_name(*t));
        Some(self.push(
            Some(function),
            node.byte_range(),
            binding_node(
                self.text(*name_node),
                name_node.byte_range(),
                BindingKind::Parameter,
                declared_type,
            ),
        ))
    }

    /// The last path segment of a written type, without generics or
    /// optionality; `None` for collection, tuple and function types.
    fn type_name(&self, node: TsNode) -> Option<String> {
        match node.kind_name() {
            "user_type" => user_type_last_name(node).map(|t| self.text(t).to_string()),
            "type_identifier" => Some(self.text(node).to_string()),
            "optional_type" | "opaque_type" | "existential_type" | "type_annotation" => {
                let inner = named_field(node, "wrapped")
                    .or_else(|| named_field(node, "name"))
                    .or_else(|| children(node).into_iter().find(|c| c.is_named()))?;
                self.type_name(inner)
            }
            _ => None,
        }
    }

    fn lower_property(&mut self, node: TsNode, parent: Option<NodeId>, scope: Scope) {
        let is_static = children(node)
            .into_iter()
            .filter(|c| c.kind_name() == "modifiers")
            .flat_map(children)
            .any(|m| {
                m.kind_name() == "property_modifier" && matches!(self.text(m), "static" | "class")
            });
        let kind = match scope {
            Scope::Local => BindingKind::Local,
            Scope::Type if is_static => BindingKind::Constant,
            Scope::Type => BindingKind::Property,
            // A top-level `var` is a global like a `static var`: both are
            // file-level state rather than locals of some function.
            Scope::File => BindingKind::Constant,
        };

        // One declaration may bind several names: `var a = 1, b: String? = nil`.
        let mut groups: Vec<PropertyGroup> = Vec::new();
        for (field, child) in children_with_fields(node) {
            match (field, child.kind_name()) {
                (Some("name"), _) => groups.push(PropertyGroup::new(child)),
                (_, "modifiers") | (_, "property_behavior_modifier") => {
                    self.lower_node(child, parent, scope)
                }
                (_, "value_binding_pattern") | (_, ",") | (_, "=") => {}
                (_, "type_annotation") => {
                    if let Some(group) = groups.last_mut() {
                        group.type_annotation = Some(child);
                    }
                }
                (Some("value"), _) => {
                    if let Some(group) = groups.last_mut() {
                        group.value = Some(child);
                    }
                }
                (_, "computed_property") | (_, "willset_didset_block") => {
                    if let Some(group) = groups.last_mut() {
                        group.bodies.push(child);
                    }
                }
                _ => self.lower_node(child, parent, Scope::Local),
            }
        }

        let single = groups.len() == 1;
        for group in groups {
            let range = if single {
                node.byte_range()
            } else {
                group.pattern.start_byte()..group.end()
            };
            let declared_type = group.type_annotation.and_then(|t| self.type_name(t));
            let names = pattern_identifiers(group.pattern);
            let simple = names.len() == 1;
            let mut binding = None;
            for name_node in &names {
                let id = self.push(
                    parent,
                    range.clone(),
                    binding_node(
                        self.text(*name_node),
                        name_node.byte_range(),
                        kind,
                        declared_type.clone(),
                    ),
                );
                binding.get_or_insert(id);
            }
            if let Some(value) = group.value {
                let value = self.lower_expr(value, binding.or(parent));
                if let (true, Some(id)) = (simple, binding) {
                    set_binding_init(&mut self.model, id, value);
                }
            }
            let property_name = names.first().map_or("", |n| self.text(*n)).to_string();
            let name_range = names
                .first()
                .map_or(range.start..range.start, |n| n.byte_range());
            for body in group.bodies {
                if body.kind_name() == "computed_property" {
                    self.lower_computed_property(
                        body,
                        parent,
                        &property_name,
                        Some(name_range.clone()),
                    );
                } else {
                    self.lower_observers(body, parent, &property_name);
                }
            }
        }
    }

    /// `{ get { } set { } }` or a bare getter body `{ return x }`.
    /// `bare_name_range` is where a bare getter is named; without one (a
    /// subscript) the statements belong to `parent` itself.
    fn lower_computed_property(
        &mut self,
        node: TsNode,
        parent: Option<NodeId>,
        property_name: &str,
        bare_name_range: Option<ByteRange>,
    ) {
        let accessors: Vec<TsNode> = children(node)
            .into_iter()
            .filter(|c| {
                matches!(
                    c.kind_name(),
                    "computed_getter" | "computed_setter" | "computed_modify"
                )
            })
            .collect();
        if accessors.is_empty() {
            let owner = match bare_name_range {
                Some(name_range) => Some(self.push(
                    parent,
                    node.byte_range(),
                    NodeKind::Function(Function::new(
                        property_name,
                        FunctionKind::Getter,
                        name_range,
                    )),
                )),
                None => parent,
            };
            self.lower_children(node, owner, Scope::Local);
            return;
        }
        self.lower_property_functions(
            node,
            parent,
            property_name,
            &[
                ("computed_getter", FunctionKind::Getter),
                ("computed_setter", FunctionKind::Setter),
                ("computed_modify", FunctionKind::Setter),
            ],
        );
    }

    fn lower_observers(&mut self, node: TsNode, parent: Option<NodeId>, property_name: &str) {
        self.lower_property_functions(
            node,
            parent,
            property_name,
            &[
                ("willset_clause", FunctionKind::Observer),
                ("didset_clause", FunctionKind::Observer),
            ],
        );
    }

    /// Each child of one of `kinds` (`get`, `set`, `didSet`...) becomes a
    /// function of the paired kind, named after the property and labelled by
    /// its keyword.
    fn lower_property_functions(
        &mut self,
        node: TsNode,
        parent: Option<NodeId>,
        property_name: &str,
        kinds: &[(&str, FunctionKind)],
    ) {
        for child in children(node) {
            let paired = kinds.iter().find(|(k, _)| *k == child.kind_name());
            if let Some(&(_, kind)) = paired {
                let keyword = children(child).into_iter().next().unwrap_or(child);
                let id = self.push(
                    parent,
                    child.byte_range(),
                    NodeKind::Function(Function::new(property_name, kind, keyword.byte_range())),
                );
                self.lower_children(child, Some(id), Scope::Local);
            } else {
                self.lower_node(child, parent, Scope::Local);
            }
        }
    }

    fn lower_for(&mut self, node: TsNode, parent: Option<NodeId>) {
        let literal = node
            .child_by_field_name("collection")
            .filter(|c| c.kind_name() == "array_literal");
        let kind = match literal {
            Some(list) => LoopKind::ForLiteral {
                items: list.named_child_count(),
            },
            None => LoopKind::For,
        };
        let id = self.push(parent, node.byte_range(), NodeKind::Loop(kind));
        for (field, child) in children_with_fields(node) {
            match field {
                Some("item") => {
                    for name_node in pattern_identifiers(child) {
                        self.push(
                            Some(id),
                            child.byte_range(),
                            binding_node(
                                self.text(name_node),
                                name_node.byte_range(),
                                BindingKind::Local,
                                None,
                            ),
                        );
                    }
                }
                // Evaluated once, before the first iteration.
                Some("collection") => {
                    self.lower_expr(child, parent);
                }
                _ => self.lower_node(child, Some(id), Scope::Local),
            }
        }
    }

    /// `if`, `guard` and `while`, whose conditions may bind names
    /// (`if let x = f()`, `guard var y else`, `if let x`).
    fn lower_conditional(&mut self, node: TsNode, parent: Option<NodeId>) {
        let mut binding_pattern_seen = false;
        let mut pattern_start = node.start_byte();
        let mut pending_binding: Option<NodeId> = None;
        let mut expect_init = false;
        for (field, child) in children_with_fields(node) {
            match (field, child.kind_name()) {
                (_, "value_binding_pattern") => {
                    binding_pattern_seen = true;
                    pattern_start = child.start_byte();
                    pending_binding = None;
                }
                (Some("bound_identifier"), "simple_identifier") if binding_pattern_seen => {
                    let name = self.text(child).to_string();
                    // The shorthand `if let x` rebinds `x` to itself.
                    let id = self.push(
                        parent,
                        pattern_start..child.end_byte(),
                        NodeKind::Binding(Binding {
                            name: name.clone(),
                            kind: BindingKind::Local,
                            declared_type: None,
                            init: Value::Chain(vec![Segment::Name(name)]),
                            name_range: child.byte_range(),
                        }),
                    );
                    pending_binding = Some(id);
                }
                (_, "=") if pending_binding.is_some() => expect_init = true,
                (_, "type_annotation") => {
                    if let Some(id) = pending_binding {
                        let declared = self.type_name(child);
                        if let Some(NodeKind::Binding(b)) =
                            self.model.nodes.get_mut(id.index()).map(|n| &mut n.kind)
                        {
                            b.declared_type = declared;
                        }
                    }
                }
                _ if expect_init && child.is_named() => {
                    expect_init = false;
                    let value = self.lower_expr(child, pending_binding.or(parent));
                    if let Some(id) = pending_binding.take() {
                        set_binding_init(&mut self.model, id, value);
                        if let Some(binding) = self.model.nodes.get_mut(id.index()) {
                            binding.range.end = child.end_byte();
                        }
                    }
                    binding_pattern_seen = false;
                }
                _ => {
                    if child.is_named() {
                        pending_binding = None;
                        binding_pattern_seen = false;
                    }
                    self.lower_node(child, parent, Scope::Local);
                }
            }
        }
    }

    fn lower_assignment(&mut self, node: TsNode, parent: Option<NodeId>) {
        let id = self.push(
            parent,
            node.byte_range(),
            NodeKind::Assign {
                target: Vec::new(),
                value: Value::Other,
            },
        );
        let mut target = vec![Segment::Other];
        let mut value = Value::Other;
        let mut plain = true;
        for (field, child) in children_with_fields(node) {
            match field {
                Some("target") => target = chain_segments(self.lower_expr(child, Some(id))),
                Some("operator") => plain = self.text(child) == "=",
                Some("result") => value = self.lower_expr(child, Some(id)),
                _ => self.lower_node(child, Some(id), Scope::Local),
            }
        }
        if !plain {
            // `x += 1` is not "x now holds 1".
            value = Value::Other;
        }
        set_kind(&mut self.model, id, NodeKind::Assign { target, value });
    }

    fn lower_control_transfer(&mut self, node: TsNode, parent: Option<NodeId>) {
        let keyword = children(node).first().map(|c| c.kind_name());
        let is_return = keyword == Some("return");
        // `break label` leaves a labelled statement; only a bare one is lowered.
        let leaves = match keyword {
            Some("return") => Some(Leaves::Function),
            Some("break") if node.named_child_count() == 0 => Some(Leaves::Loop),
            _ => None,
        };
        if let Some(exit) = leaves.and_then(|leaves| self.exits.exit(node, leaves)) {
            self.push(parent, node.byte_range(), NodeKind::Exit(exit));
        }
        if !is_return {
            self.lower_children(node, parent, Scope::Local);
            return;
        }
        let id = self.push(parent, node.byte_range(), NodeKind::Return(Value::Other));
        let mut value = Value::Other;
        for (field, child) in children_with_fields(node) {
            match field {
                Some("result") => value = self.lower_expr(child, Some(id)),
                _ => self.lower_node(child, Some(id), Scope::Local),
            }
        }
        set_kind(&mut self.model, id, NodeKind::Return(value));
    }

    /// Lowers an expression and says what little a rule may need of its value.
    fn lower_expr(&mut self, node: TsNode, parent: Option<NodeId>) -> Value {
        let inner_sum = self
            .inner_sums
            .contains(&(node.start_byte(), node.end_byte()));
        if (is_plus(node) || is_misparsed_plus_call(node)) && !inner_sum {
            let literal = self.concatenation(node, 0);
            // Whether or not the sum builds a string, its inner sums are
            // settled: asking each again would make a long sum quadratic.
            mark_inner_sums(node, &mut self.inner_sums);
            if let Some(literal) = literal {
                // One Str for the whole sum; the operands' own nodes
                // (fragment literals, calls) hang under it.
                let id = self.push(parent, node.byte_range(), NodeKind::Str(literal));
                if is_plus(node) {
                    self.lower_children(node, Some(id), Scope::Local);
                } else {
                    self.lower_call(node, Some(id));
                }
                return Value::Str(id);
            }
        }
        match node.kind_name() {
            "simple_identifier" => Value::Chain(vec![Segment::Name(self.text(node).to_string())]),
            "self_expression" => Value::Chain(vec![Segment::Name("self".to_string())]),
            "super_expression" => Value::Chain(vec![Segment::Name("super".to_string())]),
            kind if is_string_literal(kind) => Value::Str(self.lower_string(node, parent)),
            "await_expression" => {
                let first_new = self.model.nodes.len();
                let value = self.lower_transparent(node, parent);
                if let Some(exit) = self.exits.exit(node, Leaves::Function) {
                    mark_awaited(&mut self.model, first_new, exit.unconditional_in);
                }
                value
            }
            "try_expression" | "directly_assignable_expression" => {
                self.lower_transparent(node, parent)
            }
            "tuple_expression" => {
                let named: Vec<TsNode> = children(node)
                    .into_iter()
                    .filter(|c| c.is_named())
                    .collect();
                let labelled = children(node).iter().any(|c| c.kind_name() == ":");
                match named.as_slice() {
                    [only] if !labelled => self.lower_expr(*only, parent),
                    _ => self.lower_opaque(node, parent),
                }
            }
            "prefix_expression" => {
                let operation = node.child_by_field_name("operation").map(|o| self.text(o));
                let target = named_field(node, "target");
                match (operation, target) {
                    // `.standard`: an implicit member of a contextual type.
                    (Some("."), Some(t)) if t.kind_name() == "simple_identifier" => {
                        Value::Chain(vec![Segment::Name(self.text(t).to_string())])
                    }
                    // `&x` passes x inout: still the same value.
                    (Some("&"), Some(t)) => self.lower_expr(t, parent),
                    _ => self.lower_opaque(node, parent),
                }
            }
            "postfix_expression" => {
                let is_bang = node
                    .child_by_field_name("operation")
                    .is_some_and(|o| o.kind_name() == "bang" || self.text(o) == "!");
                match named_field(node, "target") {
                    Some(target) if is_bang => self.lower_expr(target, parent),
                    _ => self.lower_opaque(node, parent),
                }
            }
            "navigation_expression" => self.lower_navigation(node, parent),
            "call_expression" => self.lower_call(node, parent),
            "constructor_expression" => self.lower_constructor(node, parent),
            "lambda_literal" => {
                self.lower_closure(node, parent, false);
                Value::Other
            }
            _ => self.lower_opaque(node, parent),
        }
    }

    /// An expression that is not a chain: its parts are still lowered.
    fn lower_opaque(&mut self, node: TsNode, parent: Option<NodeId>) -> Value {
        self.lower_children(node, parent, Scope::Local);
        Value::Other
    }

    fn lower_transparent(&mut self, node: TsNode, parent: Option<NodeId>) -> Value {
        let inner = named_field(node, "expr").or_else(|| {
            children(node)
                .into_iter()
                .rev()
                .find(|c| c.is_named() && !matches!(c.kind_name(), "try_operator"))
        });
        let mut value = Value::Other;
        for child in children(node) {
            if Some(child) == inner {
                value = self.lower_expr(child, parent);
            } else {
                self.lower_node(child, parent, Scope::Local);
            }
        }
        value
    }

    fn lower_navigation(&mut self, node: TsNode, parent: Option<NodeId>) -> Value {
        let mut segments = Vec::new();
        let mut has_target = false;
        for (field, child) in children_with_fields(node) {
            match field {
                Some("target") if child.is_named() => {
                    has_target = true;
                    segments = chain_segments(self.lower_expr(child, parent));
                }
                Some("suffix") => {
                    if let Some(name) = navigation_suffix_name(child) {
                        segments.push(Segment::Name(self.text(name).to_string()));
                    } else {
                        self.lower_node(child, parent, Scope::Local);
                        segments.push(Segment::Other);
                    }
                }
                _ => self.lower_node(child, parent, Scope::Local),
            }
        }
        if !has_target && segments.is_empty() {
            return Value::Other;
        }
        Value::Chain(segments)
    }

    fn lower_call(&mut self, node: TsNode, parent: Option<NodeId>) -> Value {
        let parts = children(node);
        let Some(suffix) = parts
            .iter()
            .rev()
            .find(|c| c.kind_name() == "call_suffix")
            .copied()
        else {
            return self.lower_opaque(node, parent);
        };
        let Some(callee) = parts
            .iter()
            .find(|c| c.is_named() && **c != suffix)
            .copied()
        else {
            return self.lower_opaque(node, parent);
        };
        // Anything else the parser put in the call (recovered errors, mostly).
        let extras: Vec<TsNode> = parts
            .iter()
            .filter(|c| c.is_named() && **c != suffix && **c != callee)
            .copied()
            .collect();

        let is_subscript = children(suffix)
            .iter()
            .any(|c| c.kind_name() == "value_arguments" && self.text(*c).starts_with('['));
        if is_subscript {
            let mut segments = chain_segments(self.lower_expr(callee, parent));
            segments.push(Segment::Other);
            for child in children(suffix).into_iter().chain(extras) {
                self.lower_node(child, parent, Scope::Local);
            }
            return Value::Chain(segments);
        }

        // Peel what the grammar wrongly put into the callee: `x + f(y)`
        // arrives as `(x + f)(y)` and `!f(x)` as `(!f)(x)`.
        let mut callee = callee;
        let mut misparsed = false;
        loop {
            let kind = callee.kind_name();
            let inner = if is_binary_expression(kind) {
                named_field(callee, "rhs")
            } else if kind == "prefix_expression"
                && callee
                    .child_by_field_name("operation")
                    .is_some_and(|o| self.text(o) != "." && self.text(o) != "&")
            {
                named_field(callee, "target")
            } else {
                None
            };
            let Some(inner) = inner else { break };
            for child in children(callee) {
                if child != inner {
                    self.lower_node(child, parent, Scope::Local);
                }
            }
            callee = inner;
            misparsed = true;
        }

        let call_range = callee.start_byte()..node.end_byte();
        let id = self.push(
            parent,
            call_range,
            call_node(String::new(), Vec::new(), Vec::new(), callee.byte_range()),
        );

        let (mut name, mut name_range, mut receiver) = match callee.kind_name() {
            "simple_identifier" => (
                self.text(callee).to_string(),
                callee.byte_range(),
                Vec::new(),
            ),
            "navigation_expression" => self.callee_navigation(callee, id),
            "prefix_expression" => {
                // `.init(...)`, `.open(...)`: an implicit member.
                let target = named_field(callee, "target");
                match target.filter(|t| t.kind_name() == "simple_identifier") {
                    Some(t) => (self.text(t).to_string(), t.byte_range(), Vec::new()),
                    None => {
                        let segments = chain_segments(self.lower_expr(callee, Some(id)));
                        (String::new(), callee.byte_range(), segments)
                    }
                }
            }
            _ => {
                // `f()()`, `{ ... }()`: a call of something without a name.
                let segments = if callee.kind_name() == "lambda_literal" {
                    self.lower_closure(callee, Some(id), false);
                    vec![Segment::Other]
                } else {
                    chain_segments(self.lower_expr(callee, Some(id)))
                };
                (String::new(), callee.byte_range(), segments)
            }
        };
        // `FileHandle.init(...)` constructs a FileHandle; `super.init()` does not.
        if name == "init" {
            if let Some(Segment::Name(type_name)) = receiver.last() {
                if type_name != "self" && type_name != "super" {
                    name = type_name.clone();
                    receiver.pop();
                    if let Some(target) = navigation_target(callee) {
                        name_range = last_name_range(target).unwrap_or(name_range);
                    }
                }
            }
        }

        let args = self.lower_call_suffix(suffix, id, &name);
        for extra in extras {
            self.lower_node(extra, Some(id), Scope::Local);
        }
        let mut chain = receiver.clone();
        chain.push(Segment::Call(name.clone()));
        set_kind(
            &mut self.model,
            id,
            call_node(name, receiver, args, name_range),
        );
        if misparsed {
            Value::Other
        } else {
            Value::Chain(chain)
        }
    }

    /// `a.b.c` as a callee: name `c`, receiver `[a, b]`.
    fn callee_navigation(
        &mut self,
        callee: TsNode,
        call: NodeId,
    ) -> (String, ByteRange, Vec<Segment>) {
        let mut receiver = Vec::new();
        let mut name = None;
        for (field, child) in children_with_fields(callee) {
            match field {
                Some("target") if child.is_named() => {
                    receiver = chain_segments(self.lower_expr(child, Some(call)))
                }
                Some("suffix") => name = navigation_suffix_name(child),
                _ => self.lower_node(child, Some(call), Scope::Local),
            }
        }
        match name {
            Some(n) => (self.text(n).to_string(), n.byte_range(), receiver),
            None => (String::new(), callee.byte_range(), receiver),
        }
    }

    fn lower_constructor(&mut self, node: TsNode, parent: Option<NodeId>) -> Value {
        let ty = named_field(node, "constructed_type");
        let id = self.push(
            parent,
            node.byte_range(),
            call_node(String::new(), Vec::new(), Vec::new(), node.byte_range()),
        );
        let (name, name_range, receiver) = match ty {
            Some(t) if t.kind_name() == "user_type" => {
                let path: Vec<TsNode> = children(t)
                    .into_iter()
                    .filter(|c| c.kind_name() == "type_identifier")
                    .collect();
                match path.split_last() {
                    Some((last, rest)) => (
                        self.text(*last).to_string(),
                        last.byte_range(),
                        rest.iter()
                            .map(|p| Segment::Name(self.text(*p).to_string()))
                            .collect(),
                    ),
                    None => (self.text(t).to_string(), t.byte_range(), Vec::new()),
                }
            }
            Some(t) => (self.text(t).to_string(), t.byte_range(), Vec::new()),
            None => (String::new(), node.byte_range(), Vec::new()),
        };
        let mut args = Vec::new();
        for child in children(node) {
            if child.kind_name() == "constructor_suffix" {
                args = self.lower_call_suffix(child, id, &name);
            } else if Some(child) != ty {
                self.lower_node(child, Some(id), Scope::Local);
            }
        }
        let mut chain = receiver.clone();
        chain.push(Segment::Call(name.clone()));
        set_kind(
            &mut self.model,
            id,
            call_node(name, receiver, args, name_range),
        );
        Value::Chain(chain)
    }

    /// Arguments and trailing closures of a call.
    fn lower_call_suffix(&mut self, suffix: TsNode, call: NodeId, name: &str) -> Vec<Arg> {
        let iteration = is_iteration_call(Language::Swift, name);
        let mut args = Vec::new();
        for child in children(suffix) {
            match child.kind_name() {
                "value_arguments" => {
                    for argument in children(child) {
                        if argument.kind_name() == "value_argument" {
                            args.push(self.lower_argument(argument, call, iteration));
                        } else {
                            self.lower_node(argument, Some(call), Scope::Local);
                        }
                    }
                }
                "lambda_literal" => self.lower_closure(child, Some(call), iteration),
                // Labels of extra trailing closures (`completion: { }`).
                "simple_identifier" => {}
                _ => self.lower_node(child, Some(call), Scope::Local),
            }
        }
        args
    }

    fn lower_argument(&mut self, node: TsNode, call: NodeId, iteration: bool) -> Arg {
        let mut label = None;
        let mut value = Value::Other;
        for (field, child) in children_with_fields(node) {
            match (field, child.kind_name()) {
                (Some("name"), "value_argument_label") if label.is_none() => {
                    label = Some(self.text(child).to_string());
                }
                (Some("value"), "lambda_literal") => {
                    self.lower_closure(child, Some(call), iteration);
                    value = Value::Other;
                }
                (Some("value"), _) => value = self.lower_expr(child, Some(call)),
                _ => self.lower_node(child, Some(call), Scope::Local),
            }
        }
        Arg {
            label,
            value,
            range: node.byte_range(),
        }
    }

    fn lower_closure(&mut self, node: TsNode, parent: Option<NodeId>, iteration: bool) {
        let id = self.push(parent, node.byte_range(), NodeKind::Closure { iteration });
        for child in children(node) {
            if child.kind_name() == "lambda_function_type" {
                self.lower_closure_signature(child, id);
            } else {
                self.lower_node(child, Some(id), Scope::Local);
            }
        }
    }

    fn lower_closure_signature(&mut self, node: TsNode, closure: NodeId) {
        for child in children(node) {
            if child.kind_name() != "lambda_function_type_parameters" {
                continue;
            }
            for parameter in children(child) {
                if parameter.kind_name() != "lambda_parameter" {
                    continue;
                }
                let parts = children(parameter);
                let colon = parts.iter().position(|c| c.kind_name() == ":");
                let Some(name_node) = parts[..colon.unwrap_or(parts.len())]
                    .iter()
                    .rev()
                    .find(|c| c.kind_name() == "simple_identifier")
                else {
                    continue;
                };
                let declared_type = colon
                    .and_then(|i| parts.get(i + 1..))
                    .and_then(|rest| rest.iter().find(|c| c.is_named()))
                    .and_then(|t| self.type_name(*t));
                self.push(
                    Some(closure),
                    parameter.byte_range(),
                    binding_node(
                        self.text(*name_node),
                        name_node.byte_range(),
                        BindingKind::Parameter,
                        declared_type,
                    ),
                );
            }
        }
    }

    /// The value of `a + b + ...` when it builds a string, that is when an
    /// operand is a literal or a string constant; other operands are holes.
    fn concatenation(&self, node: TsNode, depth: usize) -> Option<StrLit> {
        let mut operands = Vec::new();
        plus_operands(node, &mut operands);
        concatenate(operands.into_iter().map(|(operand, range)| {
            match operand.and_then(|o| self.string_value(o, depth)) {
                Some(literal) => Piece::Str(literal),
                None => Piece::Hole(range),
            }
        }))
    }

    /// The string an expression evaluates to, when it is a literal, a
    /// concatenation or a string constant of this file.
    fn string_value(&self, node: TsNode, depth: usize) -> Option<StrLit> {
        if depth > MAX_CONSTANT_DEPTH {
            return None;
        }
        match node.kind_name() {
            kind if is_string_literal(kind) => Some(self.decode_string(node).0),
            "tuple_expression" => {
                let parts = children(node);
                let named: Vec<&TsNode> = parts.iter().filter(|c| c.is_named()).collect();
                let labelled = parts.iter().any(|c| c.kind_name() == ":");
                match named.as_slice() {
                    [only] if !labelled => self.string_value(**only, depth),
                    _ => None,
                }
            }
            _ if is_plus(node) || is_misparsed_plus_call(node) => self.concatenation(node, depth),
            "simple_identifier" => self.constant_value(node, self.text(node), &[], depth),
            "navigation_expression" => {
                let names = self.dotted_names(node)?;
                let (name, qualifier) = names.split_last()?;
                self.constant_value(node, name, qualifier, depth)
            }
            _ => None,
        }
    }

    /// `A.B.c` as names, if it is only names.
    fn dotted_names(&self, node: TsNode) -> Option<Vec<String>> {
        match node.kind_name() {
            "simple_identifier" => Some(vec![self.text(node).to_string()]),
            "navigation_expression" => {
                let mut names = self.dotted_names(named_field(node, "target")?)?;
                let suffix = named_field(node, "suffix")?;
                names.push(self.text(navigation_suffix_name(suffix)?).to_string());
                Some(names)
            }
            _ => None,
        }
    }

    /// The string value of the constant `qualifier.name` seen from `use_site`:
    /// the one declared in the qualifying type (`Self` is the type around the
    /// use), or else in the innermost type around the use, or else the only
    /// one of that name.
    fn constant_value(
        &self,
        use_site: TsNode,
        name: &str,
        qualifier: &[String],
        depth: usize,
    ) -> Option<StrLit> {
        // `Self` is the type around the use.
        let qualifier = if qualifier == ["Self"] {
            &[]
        } else {
            qualifier
        };
        let chosen = pick_constant(
            &self.constants,
            Some(self.root),
            use_site,
            name,
            qualifier,
            |node| type_decl_name(self.src, node).map(str::to_string),
            |names| names.iter().map(String::as_str).collect(),
        )?;
        let key = chosen.init.start_byte();
        self.constant_values
            .get_or_evaluate(key, || self.string_value(chosen.init, depth + 1))
    }

    fn lower_string(&mut self, node: TsNode, parent: Option<NodeId>) -> NodeId {
        let (lit, interpolations) = self.decode_string(node);
        let id = self.push(parent, node.byte_range(), NodeKind::Str(lit));
        for expression in interpolations {
            self.lower_children(expression, Some(id), Scope::Local);
        }
        id
    }

    /// Decodes a string literal from its source text. The tree only supplies
    /// where interpolations are; escapes, raw delimiters and multi-line
    /// indentation are handled here because the grammar leaves them in text.
    fn decode_string<'t>(&self, node: TsNode<'t>) -> (StrLit, Vec<TsNode<'t>>) {
        let src = self.src;
        let bytes = src.as_bytes();
        let start = node.start_byte();
        let end = node.end_byte().min(src.len());
        let literal = src.get(start..end).unwrap_or("");
        let hashes = literal.bytes().take_while(|&b| b == b'#').count();
        let after_hashes = &literal[hashes..];
        let multi_line = after_hashes.starts_with("\"\"\"");
        let quote_len = if multi_line {
            3
        } else {
            usize::from(after_hashes.starts_with('"'))
        };
        let content_start = start + hashes + quote_len;
        let closing = format!(
            "{}{}",
            if multi_line { "\"\"\"" } else { "\"" },
            "#".repeat(hashes)
        );
        let closed = !children(node).last().is_some_and(|c| c.is_missing());
        let content = src.get(content_start..end).unwrap_or("");
        let content_end = if closed && content.ends_with(&closing) {
            end - closing.len()
        } else {
            end
        };

        let (holes, interpolations) = interpolation_ranges(node);

        let (value_start, value_end, indent) = if multi_line {
            multi_line_bounds(src, content_start, content_end)
        } else {
            (content_start, content_end, "")
        };

        let mut builder = StrBuilder::new();
        let mut pos = value_start;
        let mut run_start = pos;
        let mut at_line_start = multi_line;
        let flush = |builder: &mut StrBuilder, from: usize, to: usize| {
            if to > from {
                if let Some(text) = src.get(from..to) {
                    builder.verbatim(text, from);
                }
            }
        };
        while pos < value_end {
            if at_line_start {
                at_line_start = false;
                for &b in indent.as_bytes() {
                    if pos < value_end && bytes.get(pos) == Some(&b) {
                        pos += 1;
                    } else {
                        break;
                    }
                }
                run_start = pos;
                continue;
            }
            if let Some(hole) = holes.iter().find(|h| h.start == pos) {
                flush(&mut builder, run_start, pos);
                builder.hole(hole.clone());
                pos = hole.end.max(pos + 1);
                run_start = pos;
                continue;
            }
            let byte = bytes.get(pos).copied().unwrap_or(0);
            if byte == b'\\'
                && bytes
                    .get(pos + 1..pos + 1 + hashes)
                    .is_some_and(|h| h.iter().all(|&b| b == b'#'))
            {
                let after = pos + 1 + hashes;
                match decode_escape(src, after, value_end, multi_line) {
                    Some(Escape::Text(text, escape_end)) => {
                        flush(&mut builder, run_start, pos);
                        builder.mapped(&text, pos..escape_end);
                        pos = escape_end;
                        run_start = pos;
                        continue;
                    }
                    Some(Escape::LineContinuation(next_line)) => {
                        flush(&mut builder, run_start, pos);
                        pos = next_line;
                        run_start = pos;
                        at_line_start = true;
                        continue;
                    }
                    None => {}
                }
            }
            if multi_line
                && (byte == b'\n' || (byte == b'\r' && bytes.get(pos + 1) == Some(&b'\n')))
            {
                // Swift normalises line breaks inside multi-line literals to "\n".
                let line_end = if byte == b'\r' { pos + 2 } else { pos + 1 };
                flush(&mut builder, run_start, pos);
                builder.mapped("\n", pos..line_end);
                pos = line_end;
                run_start = pos;
                at_line_start = true;
                continue;
            }
            pos += 1;
        }
        flush(&mut builder, run_start, pos.min(value_end));
        (builder.finish(), interpolations)
    }
}

struct PropertyGroup<'t> {
    pattern: TsNode<'t>,
    type_annotation: Option<TsNode<'t>>,
    value: Option<TsNode<'t>>,
    bodies: Vec<TsNode<'t>>,
}

impl<'t> PropertyGroup<'t> {
    fn new(pattern: TsNode<'t>) -> Self {
        PropertyGroup {
            pattern,
            type_annotation: None,
            value: None,
            bodies: Vec::new(),
        }
    }

    fn end(&self) -> usize {
        [Some(self.pattern), self.type_annotation, self.value]
            .into_iter()
            .flatten()
            .chain(self.bodies.iter().copied())
            .map(|n| n.end_byte())
            .max()
            .unwrap_or(self.pattern.end_byte())
    }
}

enum Escape {
    /// The escape's value and where it ends in the source.
    Text(String, usize),
    /// A backslash ending a line of a multi-line literal: the value goes on
    /// at the returned offset (the start of the next line).
    LineContinuation(usize),
}

/// Decodes the escape whose body starts at `at` (just after `\` and any `#`s).
fn decode_escape(src: &str, at: usize, limit: usize, multi_line: bool) -> Option<Escape> {
    let bytes = src.as_bytes();
    let simple = |text: &str| Some(Escape::Text(text.to_string(), at + 1));
    match bytes.get(at).copied()? {
        b'0' => simple("\0"),
        b'\\' => simple("\\"),
        b't' => simple("\t"),
        b'n' => simple("\n"),
        b'r' => simple("\r"),
        b'"' => simple("\""),
        b'\'' => simple("'"),
        b'u' if bytes.get(at + 1) == Some(&b'{') => {
            let digits_start = at + 2;
            let close = (digits_start..limit.min(digits_start + 9))
                .find(|&i| bytes.get(i) == Some(&b'}'))?;
            let digits = src.get(digits_start..close)?;
            let ch = u32::from_str_radix(digits, 16)
                .ok()
                .and_then(char::from_u32)?;
            Some(Escape::Text(ch.to_string(), close + 1))
        }
        b' ' | b'\t' | b'\r' | b'\n' if multi_line => {
            let mut i = at;
            while matches!(bytes.get(i), Some(b' ' | b'\t')) {
                i += 1;
            }
            match bytes.get(i) {
                Some(b'\n') => Some(Escape::LineContinuation(i + 1)),
                Some(b'\r') if bytes.get(i + 1) == Some(&b'\n') => {
                    Some(Escape::LineContinuation(i + 2))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// Where a multi-line literal's value starts and ends, and the indentation
/// (that of the closing delimiter) to strip from each of its lines.
fn multi_line_bounds(src: &str, content_start: usize, content_end: usize) -> (usize, usize, &str) {
    let content = src.get(content_start..content_end).unwrap_or("");
    let Some(first_break) = content.find('\n') else {
        return (content_end, content_end, "");
    };
    let value_start = content_start + first_break + 1;
    let last_break = content.rfind('\n').map_or(first_break, |i| i);
    let closing_line = &content[last_break + 1..];
    if !closing_line.bytes().all(|b| b == b' ' || b == b'\t') {
        return (value_start, content_end, "");
    }
    if last_break == first_break {
        return (value_start, value_start, closing_line);
    }
    let mut value_end = content_start + last_break;
    if value_end > value_start && src.as_bytes().get(value_end - 1) == Some(&b'\r') {
        value_end -= 1;
    }
    (value_start, value_end, closing_line)
}

/// The source ranges of a literal's interpolations (`\(...)`, `\#(...)`,
/// delimiters included) and the expressions inside them.
fn interpolation_ranges(node: TsNode) -> (Vec<ByteRange>, Vec<TsNode>) {
    let mut holes = Vec::new();
    let mut expressions = Vec::new();
    let mut open: Option<usize> = None;
    for child in children(node) {
        match child.kind_name() {
            "\\(" => open = Some(child.start_byte()),
            ")" => {
                if let Some(start) = open.take() {
                    holes.push(start..child.end_byte());
                }
            }
            "interpolated_expression" => expressions.push(child),
            "raw_str_interpolation" => {
                holes.push(child.byte_range());
                expressions.extend(
                    children(child)
                        .into_iter()
                        .filter(|c| c.kind_name() == "interpolated_expression"),
                );
            }
            _ => {}
        }
    }
    (holes, expressions)
}

fn is_expression(kind: &str) -> bool {
    kind.ends_with("_expression")
        || kind.ends_with("_literal")
        || matches!(kind, "simple_identifier" | "lambda_literal")
}

/// The chain of a value, about to be extended by one link: capped at
/// `MAX_CHAIN_SEGMENTS`, so that a call chain thousands of links long does
/// not copy its whole receiver into every call along it.
fn chain_segments(value: Value) -> Vec<Segment> {
    match value {
        Value::Chain(mut segments) => {
            cap_chain(&mut segments);
            segments
        }
        Value::Str(_) | Value::Other => vec![Segment::Other],
    }
}

fn navigation_suffix_name(suffix: TsNode) -> Option<TsNode> {
    if suffix.kind_name() != "navigation_suffix" {
        return None;
    }
    named_field(suffix, "suffix")
}

fn navigation_target(navigation: TsNode) -> Option<TsNode> {
    if navigation.kind_name() != "navigation_expression" {
        return None;
    }
    named_field(navigation, "target")
}

/// The range of the last name in a chain (`FileHandle` in `Foundation.FileHandle`).
fn last_name_range(node: TsNode) -> Option<ByteRange> {
    match node.kind_name() {
        "simple_identifier" => Some(node.byte_range()),
        "navigation_expression" => {
            let suffix = named_field(node, "suffix")?;
            navigation_suffix_name(suffix).map(|n| n.byte_range())
        }
        _ => None,
    }
}

fn user_type_last_name(node: TsNode) -> Option<TsNode> {
    children(node)
        .into_iter()
        .rfind(|c| c.kind_name() == "type_identifier")
}

/// The names a pattern binds: `x`, `(p, q)`, `let (a, _)`.
fn pattern_identifiers(pattern: TsNode) -> Vec<TsNode> {
    if pattern.kind_name() == "simple_identifier" {
        return vec![pattern];
    }
    let mut names = Vec::new();
    for child in children(pattern) {
        match child.kind_name() {
            "simple_identifier" => names.push(child),
            "pattern" | "tuple_pattern" => names.extend(pattern_identifiers(child)),
            _ => {}
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Call, Node, HOLE};

    fn lower_src(text: &str) -> (SourceFile, Model) {
        let file = SourceFile::from_text("t.swift", Language::Swift, text);
        let model = crate::lang::lower(&file).expect("tree-sitter always returns a tree");
        (file, model)
    }

    fn node(model: &Model, id: NodeId) -> &Node {
        model.node(id)
    }

    fn call<'m>(model: &'m Model, name: &str) -> (NodeId, &'m Call) {
        model
            .calls()
            .find(|(_, c)| c.name == name)
            .unwrap_or_else(|| panic!("no call named {name}: {:#?}", model.nodes))
    }

    fn binding<'m>(model: &'m Model, name: &str) -> (NodeId, &'m Binding) {
        model
            .ids()
            .find_map(|id| match &model.node(id).kind {
                NodeKind::Binding(b) if b.name == name => Some((id, b)),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no binding named {name}: {:#?}", model.nodes))
    }

    fn function<'m>(model: &'m Model, name: &str, kind: FunctionKind) -> (NodeId, &'m Function) {
        model
            .ids()
            .find_map(|id| match &model.node(id).kind {
                NodeKind::Function(f) if f.name == name && f.kind == kind => Some((id, f)),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no {kind:?} function {name}: {:#?}", model.nodes))
    }

    fn nearest(model: &Model, id: NodeId, want: impl Fn(&NodeKind) -> bool) -> Option<NodeId> {
        model.ancestors(id).find(|&a| want(&model.node(a).kind))
    }

    fn is_loop(kind: &NodeKind) -> bool {
        matches!(kind, NodeKind::Loop(_))
    }

    fn name(s: &str) -> Segment {
        Segment::Name(s.to_string())
    }

    fn call_seg(s: &str) -> Segment {
        Segment::Call(s.to_string())
    }

    fn str_arg<'m>(model: &'m Model, call: &Call, index: usize) -> (NodeId, &'m StrLit) {
        match call.args.get(index).map(|a| &a.value) {
            Some(Value::Str(id)) => (*id, model.str_lit(*id).expect("a Str node")),
            other => panic!("argument {index} is not a string: {other:?}"),
        }
    }

    /// The literal containing `needle` maps that part of its value back to
    /// exactly the `occurrence`-th copy of `needle` in the source.
    fn assert_maps(file: &SourceFile, lit: &StrLit, needle: &str, occurrence: usize) {
        let in_value = lit.value.find(needle).expect("needle in value");
        let range = lit.source_range(in_value..in_value + needle.len());
        let in_source = file
            .text
            .match_indices(needle)
            .nth(occurrence)
            .expect("needle in source")
            .0;
        assert_eq!(range, in_source..in_source + needle.len());
        assert_eq!(&file.text[range], needle);
    }

    #[test]
    fn imports_are_recorded_as_written() {
        let (_, model) = lower_src(
            "import Foundation\nimport SQLite\n@testable import GRDB\nimport struct Darwin.C.stat\n\nlet db = try Connection(\"a.db\")\n",
        );
        assert_eq!(
            model.imports,
            vec!["Foundation", "SQLite", "GRDB", "Darwin.C.stat"]
        );
        call(&model, "Connection");
    }

    #[test]
    fn concatenation_with_constants_is_one_string() {
        let src = r#"import SQLite

let notesTable = "notes"

struct NoteStore {
    static let selectAll = "SELECT * FROM " + notesTable
    static let onlyLive = " WHERE archived = 0"

    func load(id: Int64) throws {
        try db.execute(sql: NoteStore.selectAll + Self.onlyLive + " AND id = " + String(id))
        let q = "DELETE FROM " + notesTable + (" WHERE id = \(id)")
        try db.run(onlyLive + " LIMIT 1")
        let n = 1 + 2
    }
}
"#;
        let (file, model) = lower_src(src);
        let (execute_id, execute) = call(&model, "execute");
        let (str_id, lit) = str_arg(&model, execute, 0);
        assert_eq!(
            lit.value,
            format!("SELECT * FROM notes WHERE archived = 0 AND id = {HOLE}")
        );
        assert!(lit.has_holes);
        assert_eq!(node(&model, str_id).parent, Some(execute_id));
        // Each piece maps to where it was written, however far away.
        // The literal of `notesTable`, not the name of the constant.
        assert_maps(&file, lit, "notes", 1);
        assert_maps(&file, lit, "SELECT * FROM ", 0);
        assert_maps(&file, lit, " WHERE archived", 0);
        assert_maps(&file, lit, " AND id = ", 0);
        let hole = lit.value.find(HOLE).unwrap();
        assert_eq!(
            &src[lit.source_range(hole..hole + HOLE.len())],
            "String(id)"
        );
        let (string_call, _) = call(&model, "String");
        assert!(model.ancestors(string_call).any(|a| a == str_id));
        // The partial sums are not strings of their own.
        let strs_under: Vec<&str> = model
            .children(str_id)
            .filter_map(|c| model.str_lit(c))
            .map(|s| s.value.as_str())
            .collect();
        assert_eq!(strs_under, vec![" AND id = "]);
        assert_eq!(
            model
                .ids()
                .filter(|id| model
                    .str_lit(*id)
                    .is_some_and(|s| s.value.contains("AND id")))
                .count(),
            2
        );

        let (_, q) = binding(&model, "q");
        let Value::Str(q_id) = q.init else {
            panic!("q is not a string: {:?}", q.init)
        };
        let q_lit = model.str_lit(q_id).unwrap();
        assert_eq!(q_lit.value, format!("DELETE FROM notes WHERE id = {HOLE}"));
        assert_maps(&file, q_lit, "DELETE FROM ", 0);

        let (_, run) = call(&model, "run");
        assert_eq!(
            str_arg(&model, run, 0).1.value,
            " WHERE archived = 0 LIMIT 1"
        );

        let (_, select_all) = binding(&model, "selectAll");
        assert_eq!(select_all.kind, BindingKind::Constant);
        let Value::Str(select_id) = select_all.init else {
            panic!("selectAll is not a string")
        };
        assert_eq!(
            model.str_lit(select_id).unwrap().value,
            "SELECT * FROM notes"
        );
        assert_eq!(binding(&model, "n").1.init, Value::Other);
    }

    #[test]
    fn multi_line_sql_in_a_local_binding_is_a_string() {
        let src = "let schema = \"\"\"\n    CREATE TABLE notes(id);\n    \"\"\"\nenum Sql {\n    static let drop = \"\"\"\n        DROP TABLE notes;\n        \"\"\"\n}\nfunc migrate() {\n    let sql = \"\"\"\n        CREATE INDEX i ON notes(archived);\n        \"\"\"\n    db.execute(sql)\n}\n";
        let (file, model) = lower_src(src);
        for (name, kind, value) in [
            ("schema", BindingKind::Constant, "CREATE TABLE notes(id);"),
            ("drop", BindingKind::Constant, "DROP TABLE notes;"),
        ] {
            let (_, b) = binding(&model, name);
            assert_eq!(b.kind, kind, "{name}");
            let Value::Str(id) = b.init else {
                panic!("{name} is not a string: {:?}", b.init)
            };
            assert_eq!(model.str_lit(id).unwrap().value, value);
        }
        let (_, sql) = binding(&model, "sql");
        assert_eq!(sql.kind, BindingKind::Local);
        let Value::Str(id) = sql.init else {
            panic!("not a string: {:?}", sql.init)
        };
        let lit = model.str_lit(id).unwrap();
        assert_eq!(lit.value, "CREATE INDEX i ON notes(archived);");
        assert_maps(&file, lit, "notes(archived)", 0);
    }

    #[test]
    fn handle_written_and_synchronized_in_a_for_loop() {
        let (_, model) = lower_src(
            "func save(urls: [URL], d: Data) throws {\n    for url in urls { let h = try FileHandle(forWritingTo: url); try h.write(contentsOf: d); try h.synchronize() }\n}\n",
        );
        let (sync_id, sync) = call(&model, "synchronize");
        assert_eq!(sync.receiver, vec![name("h")]);
        assert!(sync.args.is_empty());
        let loop_id = nearest(&model, sync_id, is_loop).expect("inside the loop");
        assert!(matches!(
            node(&model, loop_id).kind,
            NodeKind::Loop(LoopKind::For)
        ));
        assert_eq!(
            model.enclosing_function(loop_id),
            Some(function(&model, "save", FunctionKind::Plain).0)
        );

        let (h_id, h) = binding(&model, "h");
        assert_eq!(h.kind, BindingKind::Local);
        assert_eq!(h.init, Value::Chain(vec![call_seg("FileHandle")]));
        assert_eq!(nearest(&model, h_id, is_loop), Some(loop_id));

        let (_, open) = call(&model, "FileHandle");
        assert!(open.receiver.is_empty());
        assert_eq!(open.args.len(), 1);
        assert_eq!(open.args[0].label.as_deref(), Some("forWritingTo"));
        assert_eq!(open.args[0].value, Value::Chain(vec![name("url")]));

        let (_, write) = call(&model, "write");
        assert_eq!(write.args[0].label.as_deref(), Some("contentsOf"));
        let (url_id, url) = binding(&model, "url");
        assert_eq!(url.kind, BindingKind::Local);
        assert_eq!(node(&model, url_id).parent, Some(loop_id));
    }

    #[test]
    fn for_each_closure_is_an_iteration() {
        let (_, model) = lower_src("items.forEach { fsync($0.fd) }\n");
        let (for_each_id, for_each) = call(&model, "forEach");
        assert_eq!(for_each.receiver, vec![name("items")]);
        assert!(for_each.args.is_empty());
        let (fsync_id, fsync) = call(&model, "fsync");
        assert_eq!(
            fsync.args[0].value,
            Value::Chain(vec![name("$0"), name("fd")])
        );
        let closure = node(&model, fsync_id).parent.expect("parent");
        assert!(matches!(
            node(&model, closure).kind,
            NodeKind::Closure { iteration: true }
        ));
        assert_eq!(node(&model, closure).parent, Some(for_each_id));
    }

    #[test]
    fn closures_belong_to_their_call_or_binding() {
        let (_, model) = lower_src(
            "for x in xs { handlers.append { fsync(fd) } }\nlet work = { fsync(fd) }\nq.async(execute: { fsync(fd) })\nxs.map(transform: { $0 }) { a in a }\n",
        );
        let closures: Vec<NodeId> = model
            .ids()
            .filter(|&id| matches!(model.node(id).kind, NodeKind::Closure { .. }))
            .collect();
        assert_eq!(closures.len(), 5);

        let (append_id, append) = call(&model, "append");
        assert!(append.args.is_empty());
        assert_eq!(node(&model, closures[0]).parent, Some(append_id));
        assert!(matches!(
            node(&model, closures[0]).kind,
            NodeKind::Closure { iteration: false }
        ));
        assert!(matches!(node(&model, append_id).kind, NodeKind::Call(_)));
        assert!(nearest(&model, append_id, is_loop).is_some());

        let (work_id, work) = binding(&model, "work");
        assert_eq!(work.kind, BindingKind::Constant);
        assert_eq!(work.init, Value::Other);
        assert_eq!(node(&model, closures[1]).parent, Some(work_id));

        let (async_id, async_call) = call(&model, "async");
        assert_eq!(async_call.args.len(), 1);
        assert_eq!(async_call.args[0].label.as_deref(), Some("execute"));
        assert_eq!(async_call.args[0].value, Value::Other);
        assert_eq!(node(&model, closures[2]).parent, Some(async_id));

        let (map_id, _) = call(&model, "map");
        assert_eq!(node(&model, closures[3]).parent, Some(map_id));
        assert_eq!(node(&model, closures[4]).parent, Some(map_id));
        assert!(matches!(
            node(&model, closures[4]).kind,
            NodeKind::Closure { iteration: true }
        ));
        let (a_id, a) = binding(&model, "a");
        assert_eq!(a.kind, BindingKind::Parameter);
        assert_eq!(node(&model, a_id).parent, Some(closures[4]));
    }

    #[test]
    fn sqlite3_exec_carries_its_sql() {
        let (file, model) =
            lower_src("sqlite3_exec(db, \"PRAGMA journal_mode=DELETE\", nil, nil, nil)\n");
        let (exec_id, exec) = call(&model, "sqlite3_exec");
        assert!(exec.receiver.is_empty());
        assert_eq!(exec.args.len(), 5);
        assert_eq!(exec.args[0].value, Value::Chain(vec![name("db")]));
        assert_eq!(exec.args[2].value, Value::Other);
        assert_eq!(exec.args[0].label, None);
        let (str_id, lit) = str_arg(&model, exec, 1);
        assert_eq!(lit.value, "PRAGMA journal_mode=DELETE");
        assert!(!lit.has_holes);
        assert_eq!(node(&model, str_id).parent, Some(exec_id));
        assert_maps(&file, lit, "DELETE", 0);
        assert_eq!(exec.name_range, 0..12);
        assert_eq!(node(&model, exec_id).range, 0..file.text.len() - 1);
    }

    #[test]
    fn declarations_of_a_class() {
        let src = r#"class Store {
    var db: OpaquePointer? = nil
    static let shared = Store()
    var name: String { return "x" }
    var count: Int {
        get { return 1 }
        set { print(newValue) }
    }
    var path: String = "" {
        willSet { print(newValue) }
        didSet { fsync(fd) }
    }
    init(path p: String) { super.init() }
    deinit { sqlite3_close(db) }
    subscript(i: Int) -> Int { return i }
    func save(_ handle: FileHandle?, fd: System.FileDescriptor, data: [String], x: Swift.Array<Int>!) {}
}
extension Foo.Bar: P {}
struct S {}
enum E { case a }
actor A {}
protocol P { func f() }
let top = 3
"#;
        let (file, model) = lower_src(src);
        let types: Vec<&str> = model
            .nodes
            .iter()
            .filter_map(|n| match &n.kind {
                NodeKind::TypeDecl { name } => Some(name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(types, ["Store", "Bar", "S", "E", "A", "P"]);
        let store = model.ids().next().expect("the class");

        let (db_id, db) = binding(&model, "db");
        assert_eq!(
            (db.kind, db.declared_type.as_deref()),
            (BindingKind::Property, Some("OpaquePointer"))
        );
        assert_eq!(node(&model, db_id).parent, Some(store));
        let (_, shared) = binding(&model, "shared");
        assert_eq!(shared.kind, BindingKind::Constant);
        assert_eq!(shared.init, Value::Chain(vec![call_seg("Store")]));
        assert_eq!(binding(&model, "top").1.kind, BindingKind::Constant);

        let (name_fn_id, name_fn) = function(&model, "name", FunctionKind::Getter);
        assert_eq!(&file.text[name_fn.name_range.clone()], "name");
        assert_eq!(node(&model, name_fn_id).parent, Some(store));
        let accessors: Vec<&str> = model
            .nodes
            .iter()
            .filter_map(|n| match &n.kind {
                NodeKind::Function(f) if f.name == "count" => {
                    Some(&file.text[f.name_range.clone()])
                }
                _ => None,
            })
            .collect();
        assert_eq!(accessors, ["get", "set"]);

        let observers: Vec<(&str, FunctionKind)> = model
            .nodes
            .iter()
            .filter_map(|n| match &n.kind {
                NodeKind::Function(f) if f.name == "path" => {
                    Some((&file.text[f.name_range.clone()], f.kind))
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            observers,
            [
                ("willSet", FunctionKind::Observer),
                ("didSet", FunctionKind::Observer)
            ]
        );
        let (fsync_id, _) = call(&model, "fsync");
        let did_set = model.enclosing_function(fsync_id).expect("in didSet");
        assert!(
            matches!(&node(&model, did_set).kind, NodeKind::Function(f) if f.kind == FunctionKind::Observer && &file.text[f.name_range.clone()] == "didSet")
        );
        assert_eq!(model.enclosing_type(fsync_id), Some("Store"));

        let (init_id, init) = function(&model, "init", FunctionKind::Initializer);
        assert_eq!(&file.text[init.name_range.clone()], "init");
        let (p_id, p) = binding(&model, "p");
        assert_eq!(
            (p.kind, p.declared_type.as_deref()),
            (BindingKind::Parameter, Some("String"))
        );
        assert_eq!(node(&model, p_id).parent, Some(init_id));
        let (_, super_init) = call(&model, "init");
        assert_eq!(super_init.receiver, vec![name("super")]);

        let (deinit_id, _) = function(&model, "deinit", FunctionKind::Deinitializer);
        assert_eq!(
            model.enclosing_function(call(&model, "sqlite3_close").0),
            Some(deinit_id)
        );
        let (subscript_id, _) = function(&model, "subscript", FunctionKind::Plain);
        assert_eq!(
            node(&model, binding(&model, "i").0).parent,
            Some(subscript_id)
        );

        let (save_id, _) = function(&model, "save", FunctionKind::Plain);
        let params: Vec<(&str, Option<&str>)> = model
            .children(save_id)
            .filter_map(|id| match &model.node(id).kind {
                NodeKind::Binding(b) => Some((b.name.as_str(), b.declared_type.as_deref())),
                _ => None,
            })
            .collect();
        assert_eq!(
            params,
            [
                ("handle", Some("FileHandle")),
                ("fd", Some("FileDescriptor")),
                ("data", None),
                ("x", Some("Array"))
            ]
        );
        assert!(model.unparsed.is_empty());
    }

    #[test]
    fn multi_line_sql_strips_the_closing_indentation() {
        let src = "func m(db: Database) {\n    try db.execute(sql: \"\"\"\n        CREATE TABLE t (\n          id INTEGER\n        );\n        VACUUM \\\n        ;\n        \"\"\")\n}\n";
        let (file, model) = lower_src(src);
        let (_, execute) = call(&model, "execute");
        assert_eq!(execute.receiver, vec![name("db")]);
        assert_eq!(execute.args[0].label.as_deref(), Some("sql"));
        let (_, lit) = str_arg(&model, execute, 0);
        assert_eq!(lit.value, "CREATE TABLE t (\n  id INTEGER\n);\nVACUUM ;");
        assert_maps(&file, lit, "VACUUM", 0);
        assert_maps(&file, lit, "id INTEGER", 0);
        assert_maps(&file, lit, "CREATE", 0);
        // The line break is mapped to itself; the continuation joins lines.
        let newline = lit.value.find('\n').expect("a newline");
        let brk = lit.source_range(newline..newline + 1);
        assert_eq!(&file.text[brk], "\n");
        let semicolon = lit.value.rfind(';').expect("last semicolon");
        let at = lit.source_range(semicolon..semicolon + 1).start;
        assert_eq!(at, file.text.rfind(";\n        \"\"\"").expect("source"));
    }

    #[test]
    fn multi_line_string_with_crlf_and_blank_lines() {
        let src = "let q = \"\"\"\r\n    SELECT 1\r\n\r\n      FROM t\\n x\r\n    \"\"\"\r\n";
        let (file, model) = lower_src(src);
        let (_, q) = binding(&model, "q");
        let Value::Str(id) = q.init else {
            panic!("init is {:?}", q.init)
        };
        let lit = model.str_lit(id).expect("str");
        assert_eq!(lit.value, "SELECT 1\n\n  FROM t\n x");
        assert_maps(&file, lit, "SELECT", 0);
        assert_maps(&file, lit, "FROM t", 0);
        let first_break = lit.value.find('\n').expect("break");
        assert_eq!(
            &file.text[lit.source_range(first_break..first_break + 1)],
            "\r\n"
        );
        let escaped = lit.value.rfind('\n').expect("escaped break");
        assert_eq!(&file.text[lit.source_range(escaped..escaped + 1)], "\\n");
        let empty = lower_src("let e = \"\"\"\n    \"\"\"\n").1;
        let Value::Str(id) = binding(&empty, "e").1.init else {
            panic!("no str")
        };
        assert_eq!(empty.str_lit(id).expect("str").value, "");
    }

    #[test]
    fn raw_strings_use_hash_escapes() {
        let src = "let r = #\"VACUUM \\#(x) \\n \\#n \"quoted\"\"#\n";
        let (file, model) = lower_src(src);
        let Value::Str(id) = binding(&model, "r").1.init else {
            panic!("no str")
        };
        let lit = model.str_lit(id).expect("str");
        assert_eq!(lit.value, format!("VACUUM {HOLE} \\n \n \"quoted\""));
        assert!(lit.has_holes);
        assert_maps(&file, lit, "VACUUM", 0);
        let hole = lit.value.find(HOLE).expect("hole");
        assert_eq!(
            &file.text[lit.source_range(hole..hole + HOLE.len())],
            "\\#(x)"
        );
        let escape = lit.value.rfind('\n').expect("escape");
        assert_eq!(&file.text[lit.source_range(escape..escape + 1)], "\\#n");
        assert_maps(&file, lit, "\\n", 0);

        let (file, model) = lower_src(
            "let s = #\"\"\"\n    PRAGMA \\#(mode)\n    \"\"\"#\nlet t = #\"VACUUM \\#(x)\"#\n",
        );
        let Value::Str(id) = binding(&model, "s").1.init else {
            panic!("no str")
        };
        let lit = model.str_lit(id).expect("str");
        assert_eq!(lit.value, format!("PRAGMA {HOLE}"));
        assert_maps(&file, lit, "PRAGMA", 0);
        let Value::Str(id) = binding(&model, "t").1.init else {
            panic!("no str")
        };
        assert_eq!(
            model.str_lit(id).expect("str").value,
            format!("VACUUM {HOLE}")
        );
    }

    #[test]
    fn escapes_and_interpolation_after_multibyte_text() {
        let src =
            "let é = \"😀\"\r\nlet s = \"a\\tb\\u{1F600}\\(f(x)) \\\"VACUUM\\\" \\0\\\\\\'\"\r\n";
        let (file, model) = lower_src(src);
        let (_, s) = binding(&model, "s");
        let Value::Str(id) = s.init else {
            panic!("no str")
        };
        let lit = model.str_lit(id).expect("str");
        assert_eq!(lit.value, format!("a\tb😀{HOLE} \"VACUUM\" \0\\'"));
        assert_maps(&file, lit, "VACUUM", 0);
        let tab = lit.value.find('\t').expect("tab");
        assert_eq!(&file.text[lit.source_range(tab..tab + 1)], "\\t");
        let emoji = lit.value.find('😀').expect("emoji");
        assert_eq!(&file.text[lit.source_range(emoji..emoji + 4)], "\\u{1F600}");
        let quote = lit.value.find('"').expect("quote");
        assert_eq!(&file.text[lit.source_range(quote..quote + 1)], "\\\"");
        let hole = lit.value.find(HOLE).expect("hole");
        assert_eq!(
            &file.text[lit.source_range(hole..hole + HOLE.len())],
            "\\(f(x))"
        );
        let (f_id, f) = call(&model, "f");
        assert_eq!(f.args[0].value, Value::Chain(vec![name("x")]));
        assert_eq!(node(&model, f_id).parent, Some(id));
        assert_eq!(binding(&model, "é").1.name_range, 4..6);
    }

    #[test]
    fn call_chains_and_transparent_wrappers() {
        let src = "UserDefaults.standard.synchronize()\nlet f = FileHandle.init(forWritingAtPath: p)\nlet g = Foundation.FileHandle.init(fileDescriptor: 3)\na?.b()!.c(x: 1) { $0 } d: { $1 }\nself.db = try await open(p)\nobj.x[3].y()\nlet v = total + count(items)\nlet arr = Array<Int>(repeating: 0, count: 3)\nlet z = !exists(p)\nlet w = (a.b).c()\n";
        let (file, model) = lower_src(src);
        let (_, sync) = call(&model, "synchronize");
        assert_eq!(sync.receiver, vec![name("UserDefaults"), name("standard")]);
        assert_eq!(&file.text[sync.name_range.clone()], "synchronize");

        let handles: Vec<&Call> = model
            .calls()
            .map(|(_, c)| c)
            .filter(|c| c.name == "FileHandle")
            .collect();
        assert_eq!(handles.len(), 2);
        assert!(handles[0].receiver.is_empty());
        assert_eq!(
            handles[0].args[0].label.as_deref(),
            Some("forWritingAtPath")
        );
        assert_eq!(&file.text[handles[0].name_range.clone()], "FileHandle");
        assert_eq!(handles[1].receiver, vec![name("Foundation")]);
        assert_eq!(
            binding(&model, "f").1.init,
            Value::Chain(vec![call_seg("FileHandle")])
        );

        let (c_id, c) = call(&model, "c");
        assert_eq!(c.receiver, vec![name("a"), call_seg("b")]);
        assert_eq!(c.args.len(), 1);
        assert_eq!(c.args[0].label.as_deref(), Some("x"));
        let trailing = model
            .children(c_id)
            .filter(|&id| matches!(model.node(id).kind, NodeKind::Closure { .. }))
            .count();
        assert_eq!(trailing, 2);
        assert!(model
            .calls()
            .any(|(_, b)| b.name == "b" && b.receiver == vec![name("a")]));

        let assign = model
            .nodes
            .iter()
            .find_map(|n| match &n.kind {
                NodeKind::Assign { target, value } => Some((target, value)),
                _ => None,
            })
            .expect("assignment");
        assert_eq!(assign.0, &vec![name("self"), name("db")]);
        assert_eq!(assign.1, &Value::Chain(vec![call_seg("open")]));

        let (_, y) = call(&model, "y");
        assert_eq!(y.receiver, vec![name("obj"), name("x"), Segment::Other]);
        assert_eq!(model.calls().filter(|(_, c)| c.name == "x").count(), 0);

        let (_, count) = call(&model, "count");
        assert_eq!(count.args[0].value, Value::Chain(vec![name("items")]));
        assert_eq!(binding(&model, "v").1.init, Value::Other);

        let (_, array) = call(&model, "Array");
        assert_eq!(array.args.len(), 2);
        assert_eq!(array.args[1].label.as_deref(), Some("count"));
        assert!(model.calls().any(|(_, c)| c.name == "exists"));
        assert_eq!(
            binding(&model, "w").1.init,
            Value::Chain(vec![name("a"), name("b"), call_seg("c")])
        );
    }

    #[test]
    fn conditional_bindings_returns_and_loops() {
        let src = "func f() -> Int {\n    if let x = open(p), var y = bar { g(x) }\n    guard let z: Int = try? baz() else { return 0 }\n    while let line = reader.next() { use(line) }\n    repeat { tick() } while more()\n    var a = 1, b: String? = nil\n    return compute(a)\n}\n";
        let (_, model) = lower_src(src);
        let (x_id, x) = binding(&model, "x");
        assert_eq!(x.kind, BindingKind::Local);
        assert_eq!(x.init, Value::Chain(vec![call_seg("open")]));
        assert_eq!(node(&model, call(&model, "open").0).parent, Some(x_id));
        assert_eq!(binding(&model, "y").1.init, Value::Chain(vec![name("bar")]));
        assert_eq!(node(&model, x_id).range, 25..40);
        let (_, z) = binding(&model, "z");
        assert_eq!(
            (z.declared_type.as_deref(), &z.init),
            (Some("Int"), &Value::Chain(vec![call_seg("baz")]))
        );

        let (next_id, _) = call(&model, "next");
        let while_loop = nearest(&model, next_id, is_loop).expect("condition runs in the loop");
        assert!(matches!(
            node(&model, while_loop).kind,
            NodeKind::Loop(LoopKind::While)
        ));
        assert_eq!(
            nearest(&model, call(&model, "use").0, is_loop),
            Some(while_loop)
        );
        let (more_id, _) = call(&model, "more");
        assert!(matches!(
            node(&model, nearest(&model, more_id, is_loop).expect("loop")).kind,
            NodeKind::Loop(LoopKind::Repeat)
        ));
        assert!(nearest(&model, call(&model, "tick").0, is_loop).is_some());

        let (_, a) = binding(&model, "a");
        assert_eq!(a.kind, BindingKind::Local);
        assert_eq!(a.init, Value::Other);
        assert_eq!(
            binding(&model, "b").1.declared_type.as_deref(),
            Some("String")
        );

        let returns: Vec<&Value> = model
            .nodes
            .iter()
            .filter_map(|n| match &n.kind {
                NodeKind::Return(v) => Some(v),
                _ => None,
            })
            .collect();
        assert_eq!(
            returns,
            [&Value::Other, &Value::Chain(vec![call_seg("compute")])]
        );
    }

    #[test]
    fn for_collection_is_outside_the_loop() {
        let (_, model) =
            lower_src("for h in store.handles() where h.isOpen() { h.synchronize() }\n");
        assert!(nearest(&model, call(&model, "handles").0, is_loop).is_none());
        assert!(nearest(&model, call(&model, "isOpen").0, is_loop).is_some());
        assert!(nearest(&model, call(&model, "synchronize").0, is_loop).is_some());
    }

    #[test]
    fn comments_are_collected() {
        let src = "// storlint-ignore fsync-in-loop\nlet x = 1 /* a /* nested */ b */\n/// doc\n";
        let (file, model) = lower_src(src);
        let texts: Vec<&str> = model.comments.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "// storlint-ignore fsync-in-loop",
                "/* a /* nested */ b */",
                "/// doc"
            ]
        );
        for comment in &model.comments {
            assert_eq!(&file.text[comment.range.clone()], comment.text);
        }
    }

    #[test]
    fn syntax_errors_keep_the_rest() {
        let src = "func a() {\n  for x in xs { fsync(fd) ) ) }\n}\nlet x = 1 +* 2 @@ 3 $$ open(fd)\nfunc b() { h.synchronize() }\n";
        let (file, model) = lower_src(src);
        assert_eq!(
            model.unparsed.first().map(|r| &file.text[r.clone()]),
            Some(") )")
        );
        let (fsync_id, _) = call(&model, "fsync");
        assert!(nearest(&model, fsync_id, is_loop).is_some());
        let (sync_id, _) = call(&model, "synchronize");
        assert!(model.enclosing_function(sync_id).is_some());
        for (i, n) in model.nodes.iter().enumerate() {
            if let Some(p) = n.parent {
                assert!(p.index() < i);
            }
        }

        // Unterminated literals must not panic or lose the file.
        for broken in [
            "let s = \"abc",
            "let m = \"\"\"\n  abc",
            "let r = #\"abc",
            "let u = \"\\u{zz\"",
        ] {
            let (_, model) = lower_src(broken);
            assert_eq!(
                model
                    .nodes
                    .iter()
                    .filter(|n| matches!(n.kind, NodeKind::Str(_)))
                    .count(),
                1
            );
        }
        for broken in [
            "\"\\",
            "#\"\"\"\n\\#",
            "let x = #\"\"\"\n  a\\#\n",
            "\"\"\"\r\n\\\r\n\"\"\"",
            "\u{feff}",
        ] {
            lower_src(broken);
        }
    }

    #[test]
    fn nodes_are_in_source_order() {
        let src = "class C {\n    var p: Int = f() { didSet { g() } }\n    func h() { for x in xs { let y = \"\\(k())\"; db.run(sql: y) } }\n}\n";
        let (_, model) = lower_src(src);
        let starts: Vec<usize> = model.nodes.iter().map(|n| n.range.start).collect();
        let mut sorted = starts.clone();
        sorted.sort();
        assert_eq!(starts, sorted);
    }

    #[test]
    fn functions_keep_visibility_return_type_and_override() {
        let (_, model) = lower_src(
            "class Store: Base {\n    private func helper() -> Int { 1 }\n    fileprivate func other() {}\n    func queue() -> DatabaseQueue? { nil }\n    private(set) var count = 0\n    override public func viewDidLoad() {}\n}\n",
        );
        let summary: Vec<(&str, Option<&str>, bool, bool)> = model
            .functions()
            .map(|(_, f)| {
                (
                    f.name.as_str(),
                    f.returns.as_deref(),
                    f.file_private,
                    f.overrides,
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("helper", Some("Int"), true, false),
                ("other", None, true, false),
                ("queue", Some("DatabaseQueue"), false, false),
                ("viewDidLoad", None, false, true),
            ]
        );
    }

    /// A call writes the external names of the parameters that have no
    /// default and take no closure; a subscript's uses write none.
    #[test]
    fn functions_keep_the_labels_their_calls_write() {
        let (_, model) = lower_src(
            "class DataManager {\n    init(dbQueue: FMDatabaseQueue, shouldClose: Bool = true) {}\n    func count(query: String, values: [Any]?) -> Int { 0 }\n    func save(_ episode: Episode) {}\n    func move(from start: Int, to end: Int) {}\n    func run(work: @escaping () -> Void) {}\n    subscript(key: String) -> Int { 0 }\n}\n",
        );
        let labels: Vec<(&str, Vec<&str>)> = (model.functions())
            .map(|(_, f)| {
                (
                    f.name.as_str(),
                    f.call_labels.iter().map(String::as_str).collect(),
                )
            })
            .collect();
        assert_eq!(
            labels,
            [
                ("init", vec!["dbQueue"]),
                ("count", vec!["query", "values"]),
                ("save", vec![]),
                ("move", vec!["from", "to"]),
                ("run", vec![]),
                ("subscript", vec![]),
            ]
        );
    }

    /// The one-walk exits agree with the descent from the root for every
    /// jump: in blocks, branches, conditions, `switch`es, `guard`s, `??`
    /// and closures.
    #[test]
    fn exits_read_in_one_walk_match_the_descent_from_the_root() {
        let src = "func f(xs: [Int]) async throws {\n  for x in xs {\n    if x > 0 { try await g(x); break }\n    switch x { case 1: break\n    default: return }\n    guard let y = try await h() else { return }\n    while true { let z = a ?? (try await k()); if await ok(z) { break } else { continue } }\n    xs.forEach { _ in Task { await m() } }\n  }\n  return await n()\n}\nlet top = try await p()\n";
        let mut parser = BudgetedParser::new(
            tree_sitter_swift::LANGUAGE.into(),
            "Swift",
            crate::lang::PARSE_BUDGET,
        )
        .unwrap();
        let tree = parser.parse(src).unwrap();
        let root = tree.root_node();
        let jumps = crate::lang::treesitter::assert_exits_match_the_ancestor_walk(
            root, src, &JUMPS, is_jump,
        );
        assert!(jumps >= 12, "{jumps}");
    }
}
