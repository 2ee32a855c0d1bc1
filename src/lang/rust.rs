//! The Rust frontend: parses with syn and lowers the tree into the model.
//!
//! syn reports positions as line/column pairs (proc-macro2 `span-locations`);
//! `Positions` turns them into byte offsets. syn drops comments and keeps macro
//! bodies as raw tokens, so comments are found by scanning the text, and macro
//! bodies that read as expressions are parsed again here.
//!
//! Ranges never include outer attributes or doc comments: they start at the
//! first keyword (or visibility) of an item, so a label points at code.

use std::cell::Cell;

use proc_macro2::{LineColumn, Span};
use syn::ext::IdentExt;
use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{
    Block, Expr, ExprClosure, FnArg, Ident, Label, Lit, LitStr, Macro, MacroDelimiter, Member, Pat,
    Path, PathArguments, QSelf, ReturnType, Signature, Token, Type, TypeParamBound, UnOp,
    Visibility,
};

use crate::catalog::is_iteration_call;
use crate::lang::{exit_facts, mark_awaited, Frame, ParseError};
use crate::model::{
    Arg, Binding, BindingKind, Call, Comment, Function, FunctionKind, Leaves, LoopKind, Model,
    NodeId, NodeKind, Segment, StrBuilder, StrLit, Value, MAX_CHAIN_SEGMENTS,
};
use crate::source::{ByteRange, Language, SourceFile};
use crate::MAX_NESTING;

pub fn lower(file: &SourceFile) -> Result<Model, ParseError> {
    // proc-macro2 keeps a copy of every parsed text in a thread-local table
    // that only grows; spans from this file are not used after we return.
    let _reset = SpanTableReset;
    if let Some(offset) = too_deep(&file.text) {
        return Err(ParseError::over_limit(
            format!("skipped: nested more than {MAX_NESTING} levels deep"),
            Some(offset),
        ));
    }
    let positions = Positions::new(file);
    let syntax = match crate::lang::timed_parse(|| syn::parse_file(&file.text)) {
        Ok(syntax) => syntax,
        Err(error) => return Err(parse_error(&error, &positions, &file.text)),
    };
    let mut collector = ConstantCollector::default();
    collector.visit_file(&syntax);
    let mut lowerer = Lowerer {
        positions,
        model: Model::new(Language::Rust),
        parent: None,
        impl_trait: None,
        impl_trait_path: None,
        impl_type: None,
        constants: collector.found,
        constant_values: Default::default(),
        inside_test_item: false,
        inside_apple_only: false,
        frames: Vec::new(),
        literal_lists: Vec::new(),
    };
    // `#![cfg(target_os = "macos")]` at the top of a file: all of it.
    if syntax.attrs.iter().any(builds_only_for_apple) {
        lowerer.model.apple_only.push(0..file.text.len());
        lowerer.inside_apple_only = true;
    }
    lowerer.visit_file(&syntax);
    let mut model = lowerer.model;
    model.comments = scan_comments(&file.text);
    Ok(model)
}

fn parse_error(error: &syn::Error, positions: &Positions, text: &str) -> ParseError {
    let mut message = error.to_string();
    let mut offset = positions.offset(error.span().start());
    // syn blames the end of the top-level token stream on a span with no
    // position (offset 0); the end of the code is where the input ran out.
    if offset == 0 && message.starts_with("unexpected end of input") {
        offset = text.trim_end().len();
    }
    // proc-macro2's lexer gives one message for every way tokenizing fails.
    if message == "cannot parse string into token stream" {
        message = "unbalanced delimiter or unterminated literal".to_string();
    }
    ParseError::new(message, Some(offset))
}

struct SpanTableReset;

impl Drop for SpanTableReset {
    fn drop(&mut self) {
        proc_macro2::extra::invalidate_current_thread_spans();
    }
}

/// Turns proc-macro2 line/column positions (1-based line, 0-based column
/// counted in chars, lines split at `\n` only) into byte offsets.
struct Positions<'a> {
    file: &'a SourceFile,
    ascii_lines: Vec<bool>,
    /// Where the last lookup on a non-ASCII line ended, so that successive
    /// lookups on one long line resume instead of recounting from its start.
    cursor: Cell<Cursor>,
}

#[derive(Clone, Copy)]
struct Cursor {
    line: usize,
    column: usize,
    byte: usize,
}

impl<'a> Positions<'a> {
    fn new(file: &'a SourceFile) -> Positions<'a> {
        let mut positions = Positions {
            file,
            ascii_lines: Vec::new(),
            cursor: Cell::new(Cursor {
                line: usize::MAX,
                column: 0,
                byte: 0,
            }),
        };
        positions.ascii_lines = (0..file.line_count())
            .map(|line| {
                let (start, end) = positions.line_bounds(line);
                file.text.as_bytes()[start..end].is_ascii()
            })
            .collect();
        positions
    }

    /// Byte range of a line including its terminator (`\r` counts as a column).
    fn line_bounds(&self, line: usize) -> (usize, usize) {
        let start = self.file.line_start(line);
        let end = if line + 1 < self.file.line_count() {
            self.file.line_start(line + 1)
        } else {
            self.file.text.len()
        };
        (start, end)
    }

    fn offset(&self, at: LineColumn) -> usize {
        let text = &self.file.text;
        let Some(line) = at.line.checked_sub(1) else {
            return 0;
        };
        if line >= self.file.line_count() {
            return text.len();
        }
        let (start, end) = self.line_bounds(line);
        if self.ascii_lines.get(line) == Some(&true) {
            return (start + at.column).min(end);
        }
        let mut column = 0;
        let mut byte = start;
        let cursor = self.cursor.get();
        if cursor.line == line && cursor.column <= at.column {
            column = cursor.column;
            byte = cursor.byte;
        }
        for ch in text[byte..end].chars() {
            if column == at.column {
                break;
            }
            column += 1;
            byte += ch.len_utf8();
        }
        self.cursor.set(Cursor { line, column, byte });
        byte
    }
}

/// A `const` or `static` of the file: the type of the `impl` block it is
/// an associated constant of, if any, and its initializer.
struct ConstantDef<'ast> {
    owner: Option<String>,
    init: &'ast Expr,
}

type Constants<'ast> = foldhash::HashMap<String, Vec<ConstantDef<'ast>>>;

/// How deep constants may refer to constants; deeper references are holes.
const MAX_CONSTANT_DEPTH: usize = 16;

#[derive(Default)]
struct ConstantCollector<'ast> {
    owner: Option<String>,
    found: Constants<'ast>,
}

impl<'ast> ConstantCollector<'ast> {
    fn record(&mut self, ident: &Ident, init: &'ast Expr) {
        self.found
            .entry(ident.unraw().to_string())
            .or_default()
            .push(ConstantDef {
                owner: self.owner.clone(),
                init,
            });
    }
}

impl<'ast> Visit<'ast> for ConstantCollector<'ast> {
    fn visit_item_const(&mut self, item: &'ast syn::ItemConst) {
        self.record(&item.ident, &item.expr);
    }

    fn visit_item_static(&mut self, item: &'ast syn::ItemStatic) {
        self.record(&item.ident, &item.expr);
    }

    fn visit_impl_item_const(&mut self, item: &'ast syn::ImplItemConst) {
        self.record(&item.ident, &item.expr);
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let saved = std::mem::replace(&mut self.owner, type_name(&item.self_ty));
        for impl_item in &item.items {
            self.visit_impl_item(impl_item);
        }
        self.owner = saved;
    }
}

struct Lowerer<'a, 'ast> {
    positions: Positions<'a>,
    model: Model,
    parent: Option<NodeId>,
    /// The trait of the `impl ... for` block being lowered, to recognise `Drop::drop`.
    impl_trait: Option<String>,
    /// The trait's path as written (`managed::Manager`).
    impl_trait_path: Option<String>,
    /// The type of the `impl` block being lowered, for `Self::NAME`.
    impl_type: Option<String>,
    constants: Constants<'ast>,
    /// Values of constants already evaluated, keyed by initializer address.
    constant_values: crate::model::ConstantValues,
    /// Lowering is inside an item recorded in `Model::test_items`.
    inside_test_item: bool,
    /// Lowering is inside a range recorded in `Model::apple_only`.
    inside_apple_only: bool,
    /// Blocks and branches around the expression being lowered, for exits.
    frames: Vec<Frame>,
    /// Locals bound so far, by name, with the number of items of the list
    /// written out they hold (`let paths = [a, b];`), if they hold one.
    literal_lists: Vec<(String, Option<usize>)>,
}

impl Lowerer<'_, '_> {
    fn text(&self) -> &str {
        &self.positions.file.text
    }

    fn range(&self, first: Span, last: Span) -> ByteRange {
        let start = self.positions.offset(first.start());
        let end = self.positions.offset(last.end());
        start..end.max(start)
    }

    /// Visits `code` inside the regions its attributes open, recording
    /// each region that starts here: test code (`#[cfg(test)]`, `#[test]`,
    /// `#[tokio::test]`, `#[bench]`; on items only, `items`) and code built
    /// only for Apple targets. The model has no node for a module, so the
    /// marker is read here. A region nested in one of its kind is not
    /// measured again: measuring a span copies the code's whole token tree.
    fn visit_marked<C: Spanned>(
        &mut self,
        attributes: &[syn::Attribute],
        code: &C,
        items: bool,
        visit: impl FnOnce(&mut Self, &C),
    ) {
        let test = items && !self.inside_test_item && attributes.iter().any(marks_test_code);
        let apple = !self.inside_apple_only && attributes.iter().any(builds_only_for_apple);
        if test || apple {
            let range = self.span_range(code.span());
            if test {
                self.model.test_items.push(range.clone());
                self.inside_test_item = true;
            }
            if apple {
                self.model.apple_only.push(range);
                self.inside_apple_only = true;
            }
        }
        visit(self, code);
        self.inside_test_item &= !test;
        self.inside_apple_only &= !apple;
    }

    fn span_range(&self, span: Span) -> ByteRange {
        self.range(span, span)
    }

    fn expr_range(&self, expr: &Expr) -> ByteRange {
        self.range(first_span(expr), last_span(expr))
    }

    fn push(&mut self, range: ByteRange, kind: NodeKind) -> NodeId {
        self.model.push(self.parent, range, kind)
    }

    fn within<R>(&mut self, parent: NodeId, lower: impl FnOnce(&mut Self) -> R) -> R {
        let saved = self.parent.replace(parent);
        let boundary = matches!(
            self.model.node(parent).kind,
            NodeKind::Loop(_)
                | NodeKind::Closure { .. }
                | NodeKind::Function(_)
                | NodeKind::TypeDecl { .. }
        );
        let result = if boundary {
            self.framed(Frame::Boundary, lower)
        } else {
            lower(self)
        };
        self.parent = saved;
        result
    }

    fn framed<R>(&mut self, frame: Frame, lower: impl FnOnce(&mut Self) -> R) -> R {
        self.frames.push(frame);
        let result = lower(self);
        self.frames.pop();
        result
    }

    fn push_exit(&mut self, range: ByteRange, leaves: Leaves) {
        let exit = exit_facts(&self.frames, range.clone(), leaves);
        self.push(range, NodeKind::Exit(exit));
    }

    fn kind_mut(&mut self, id: NodeId) -> Option<&mut NodeKind> {
        self.model
            .nodes
            .get_mut(id.index())
            .map(|node| &mut node.kind)
    }

    fn push_str(&mut self, lit: &LitStr) -> NodeId {
        let range = self.span_range(lit.span());
        let decoded = self.decode_lit(lit);
        self.push(range, NodeKind::Str(decoded))
    }

    fn decode_lit(&self, lit: &LitStr) -> StrLit {
        let range = self.span_range(lit.span());
        let source = self.text().get(range.clone()).unwrap_or("");
        decode_string_literal(source, range.start).unwrap_or_else(|| {
            let mut builder = StrBuilder::new();
            builder.mapped(&lit.value(), range.clone());
            builder.finish()
        })
    }

    /// The string an expression evaluates to, when it is a literal, a
    /// `concat!`/`format!` of known parts, or a string constant of this file.
    fn string_value(&self, expr: &Expr, depth: usize) -> Option<StrLit> {
        if depth > MAX_CONSTANT_DEPTH {
            return None;
        }
        match strip_parens(expr) {
            Expr::Lit(lit) => match &lit.lit {
                Lit::Str(s) => Some(self.decode_lit(s)),
                _ => None,
            },
            Expr::Reference(reference) => self.string_value(&reference.expr, depth),
            Expr::Macro(mac) => self.macro_string(&mac.mac, depth),
            Expr::Path(path) if path.qself.is_none() => {
                let names: Vec<String> = path
                    .path
                    .segments
                    .iter()
                    .map(|segment| segment.ident.unraw().to_string())
                    .collect();
                let (name, qualifier) = names.split_last()?;
                self.constant_value(name, qualifier, depth)
            }
            _ => None,
        }
    }

    /// The string value of the constant `qualifier::name`: an associated
    /// constant of the named type (`Self` is the impl being lowered), or a
    /// free constant (any module path).
    fn constant_value(&self, name: &str, qualifier: &[String], depth: usize) -> Option<StrLit> {
        let candidates = self.constants.get(name)?;
        let owner = match qualifier.last().map(String::as_str) {
            Some("Self") => self.impl_type.clone(),
            Some(last) if candidates.iter().any(|c| c.owner.as_deref() == Some(last)) => {
                Some(last.to_string())
            }
            // A bare name inside an impl is a free constant (associated
            // ones need `Self::`); so is a module path.
            _ => None,
        };
        let chosen = candidates.iter().find(|c| c.owner == owner)?;
        let key = chosen.init as *const Expr as usize;
        self.constant_values
            .get_or_evaluate(key, || self.string_value(chosen.init, depth + 1))
    }

    /// `concat!(...)` and `format!(...)` with what is known of their parts.
    fn macro_string(&self, mac: &Macro, depth: usize) -> Option<StrLit> {
        let name = mac.path.segments.last()?.ident.to_string();
        if name != "concat" && name != "format" {
            return None;
        }
        let args = mac
            .parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated)
            .ok()?;
        if name == "concat" {
            let mut builder = StrBuilder::new();
            for arg in &args {
                match self.string_value(arg, depth) {
                    Some(piece) => builder.append(&piece),
                    None => match self.scalar_literal_text(arg) {
                        Some(text) => builder.mapped(&text, self.expr_range(arg)),
                        None => builder.hole(self.expr_range(arg)),
                    },
                }
            }
            return Some(builder.finish());
        }
        let mut args = args.iter();
        let Some(Expr::Lit(syn::ExprLit {
            lit: Lit::Str(template),
            ..
        })) = args.next().map(strip_parens)
        else {
            return None;
        };
        let rest: Vec<&Expr> = args.collect();
        Some(self.format_string(&self.decode_lit(template), &rest, depth))
    }

    /// What `concat!` makes of a literal that is not a string.
    fn scalar_literal_text(&self, expr: &Expr) -> Option<String> {
        let Expr::Lit(lit) = strip_parens(expr) else {
            return None;
        };
        match &lit.lit {
            Lit::Int(int) => Some(int.base10_digits().to_string()),
            Lit::Float(float) => Some(float.base10_digits().to_string()),
            Lit::Bool(boolean) => Some(boolean.value.to_string()),
            Lit::Char(character) => Some(character.value().to_string()),
            _ => None,
        }
    }

    /// A `format!` template with each `{...}` replaced by its argument when
    /// that is a known string shown as is (`{}`, `{0}`, `{name}` without a
    /// format spec), else by a hole spanning the placeholder; `{{`/`}}` are
    /// braces.
    fn format_string(&self, template: &StrLit, args: &[&Expr], depth: usize) -> StrLit {
        let positional: Vec<&Expr> = args
            .iter()
            .copied()
            .filter(|a| !matches!(a, Expr::Assign(_)))
            .collect();
        let named = |wanted: &str| {
            args.iter().find_map(|a| match a {
                Expr::Assign(assign) => match strip_parens(&assign.left) {
                    Expr::Path(path) if path.path.is_ident(wanted) => Some(&*assign.right),
                    _ => None,
                },
                _ => None,
            })
        };
        let value = template.value.as_str();
        let bytes = value.as_bytes();
        let mut builder = StrBuilder::new();
        let mut next_positional = 0;
        let mut run_start = 0;
        let mut i = 0;
        let flush = |builder: &mut StrBuilder, from: usize, to: usize| {
            if from < to {
                builder.append(&template.filter_bytes(|b| (from..to).contains(&b)));
            }
        };
        while i < bytes.len() {
            let doubled = bytes.get(i + 1) == Some(&bytes[i]);
            match bytes[i] {
                b'{' | b'}' if doubled => {
                    flush(&mut builder, run_start, i);
                    let brace = if bytes[i] == b'{' { "{" } else { "}" };
                    builder.mapped(brace, template.source_range(i..i + 2));
                    i += 2;
                    run_start = i;
                }
                b'{' => {
                    flush(&mut builder, run_start, i);
                    let end = value[i..].find('}').map_or(bytes.len(), |e| i + e + 1);
                    let inner = value.get(i + 1..end.saturating_sub(1)).unwrap_or("");
                    let (spec, has_format) = match inner.find(':') {
                        Some(colon) => (inner[..colon].trim(), true),
                        None => (inner.trim(), false),
                    };
                    let index = spec.parse::<usize>().ok();
                    let argument = if spec.is_empty() {
                        next_positional += 1;
                        positional.get(next_positional - 1).copied()
                    } else if let Some(index) = index {
                        positional.get(index).copied()
                    } else {
                        named(spec)
                    };
                    let known = match argument {
                        // `{:?}` quotes, `{:>8}` pads: not the value as is.
                        _ if has_format => None,
                        Some(argument) => self.string_value(argument, depth),
                        // `{TABLE}` captures a name in scope.
                        None if index.is_none() && !spec.is_empty() => {
                            self.constant_value(spec, &[], depth)
                        }
                        None => None,
                    };
                    match known {
                        Some(piece) => builder.append(&piece),
                        None => builder.hole(template.source_range(i..end)),
                    }
                    i = end;
                    run_start = i;
                }
                _ => i += 1,
            }
        }
        flush(&mut builder, run_start, bytes.len());
        builder.finish()
    }

    /// Lowers an expression whose value a node records (an argument, an
    /// initializer, a returned or assigned value) and says what it is.
    fn lower_operand(&mut self, expr: &Expr, closure_iteration: bool) -> Value {
        let mut target = strip_parens(expr);
        if let Expr::Reference(reference) = target {
            target = strip_parens(&reference.expr);
        }
        if let Expr::Macro(mac) = target {
            if let Some(literal) = self.macro_string(&mac.mac, 0) {
                // One Str for the whole macro; the template's and the
                // arguments' own nodes hang under it.
                let range = self.expr_range(target);
                let id = self.push(range, NodeKind::Str(literal));
                self.within(id, |this| this.visit_macro(&mac.mac));
                return Value::Str(id);
            }
        }
        match strip_parens(expr) {
            Expr::Lit(lit) => {
                if let Lit::Str(s) = &lit.lit {
                    return Value::Str(self.push_str(s));
                }
                Value::Other
            }
            Expr::Closure(closure) => {
                self.lower_closure(closure, closure_iteration);
                Value::Other
            }
            _ => {
                let value = value_of(expr);
                self.visit_expr(expr);
                value
            }
        }
    }

    fn lower_call(
        &mut self,
        range: ByteRange,
        name: String,
        name_span: Span,
        receiver: Vec<Segment>,
        receiver_expr: Option<&Expr>,
        args: &Punctuated<Expr, Token![,]>,
    ) {
        let iteration = is_iteration_call(Language::Rust, &name);
        let call = Call {
            name,
            receiver,
            args: Vec::new(),
            name_range: self.span_range(name_span),
            awaited: None,
        };
        let on_branch = self
            .frames
            .iter()
            .rev()
            .take_while(|frame| !matches!(frame, Frame::Boundary))
            .any(|frame| matches!(frame, Frame::Branch(_)));
        let id = self.push(range, NodeKind::Call(call));
        if on_branch {
            self.model.conditional_calls.insert(id);
        }
        let lowered = self.within(id, |this| {
            if let Some(receiver) = receiver_expr {
                this.visit_expr(receiver);
            }
            args.iter()
                .map(|arg| Arg {
                    label: None,
                    range: this.expr_range(arg),
                    value: this.lower_operand(arg, iteration),
                })
                .collect::<Vec<_>>()
        });
        if let Some(NodeKind::Call(call)) = self.kind_mut(id) {
            call.args = lowered;
        }
    }

    fn lower_closure(&mut self, closure: &ExprClosure, iteration: bool) {
        let range = self.range(closure_first_span(closure), last_span(&closure.body));
        let id = self.push(range, NodeKind::Closure { iteration });
        self.within(id, |this| {
            for input in &closure.inputs {
                this.lower_parameter(input, None, input.span());
            }
            this.visit_expr(&closure.body);
        });
    }

    /// `written_type` is the type beside the pattern in `fn f(pat: Type)`.
    fn lower_parameter(
        &mut self,
        pat: &Pat,
        written_type: Option<&Type>,
        whole: Span,
    ) -> Option<NodeId> {
        let bound = pattern_binding(pat)?;
        let ty = match written_type {
            Some(ty) if bound.plain => Some(ty),
            Some(_) => None,
            None => bound.ty,
        };
        let binding = Binding {
            name: bound.ident.unraw().to_string(),
            kind: BindingKind::Parameter,
            declared_type: ty.and_then(type_name),
            init: Value::Other,
            name_range: self.span_range(bound.ident.span()),
        };
        let range = self.span_range(whole);
        Some(self.push(range, NodeKind::Binding(binding)))
    }

    fn lower_function(
        &mut self,
        range: ByteRange,
        sig: &Signature,
        kind: FunctionKind,
        body: &Block,
        file_private: bool,
    ) {
        let mut function = Function::new(
            sig.ident.unraw().to_string(),
            kind,
            self.span_range(sig.ident.span()),
        );
        function.file_private = file_private;
        function.asynchronous = sig.asyncness.is_some();
        function.implements = self.impl_trait_path.clone();
        if let syn::ReturnType::Type(_, ty) = &sig.output {
            function.returns = returned_type_name(ty);
        }
        let id = self.push(range, NodeKind::Function(function));
        // A function's locals are its own: an enclosing function's list
        // does not reach a parameter of the same name.
        let outer_lists = std::mem::take(&mut self.literal_lists);
        let bounds = generic_bounds(&sig.generics);
        self.within(id, |this| {
            for input in &sig.inputs {
                if let FnArg::Typed(typed) = input {
                    let parameter = this.lower_parameter(&typed.pat, Some(&typed.ty), typed.span());
                    // `initializer: &CI` with `CI: ConnectionInitializer`:
                    // calls on it reach the trait's implementations.
                    if let Some(parameter) = parameter {
                        this.declare_bounded_type(parameter, &bounds);
                    }
                }
            }
            this.visit_block(body);
        });
        self.literal_lists = outer_lists;
    }

    /// Gives the parameter just lowered the trait its generic type is
    /// bound by, when its declared type is one of the function's type
    /// parameters.
    fn declare_bounded_type(&mut self, parameter: NodeId, bounds: &[(String, String)]) {
        if bounds.is_empty() {
            return;
        }
        if let Some(NodeKind::Binding(binding)) = self.kind_mut(parameter) {
            if binding.kind != BindingKind::Parameter {
                return;
            }
            let bound = (binding.declared_type.as_deref())
                .and_then(|ty| bounds.iter().find(|(param, _)| param == ty));
            if let Some((_, trait_name)) = bound {
                binding.declared_type = Some(trait_name.clone());
            }
        }
    }

    fn lower_type_decl(&mut self, range: ByteRange, name: String) -> NodeId {
        self.push(range, NodeKind::TypeDecl { name })
    }

    fn lower_fields<'f>(&mut self, fields: impl IntoIterator<Item = &'f syn::Field>) {
        for (index, field) in fields.into_iter().enumerate() {
            let type_end = field.ty.span();
            let (name, name_span) = match &field.ident {
                Some(ident) => (ident.unraw().to_string(), ident.span()),
                None => (index.to_string(), type_end),
            };
            let first = vis_span(&field.vis).unwrap_or(name_span);
            let binding = Binding {
                name,
                kind: BindingKind::Property,
                declared_type: type_name(&field.ty),
                init: Value::Other,
                name_range: self.span_range(name_span),
            };
            let range = self.range(first, type_end);
            self.push(range, NodeKind::Binding(binding));
        }
    }

    fn lower_constant(&mut self, range: ByteRange, ident: &Ident, ty: &Type, init: Option<&Expr>) {
        let binding = Binding {
            name: ident.unraw().to_string(),
            kind: BindingKind::Constant,
            declared_type: type_name(ty),
            init: Value::Other,
            name_range: self.span_range(ident.span()),
        };
        let id = self.push(range, NodeKind::Binding(binding));
        if let Some(init) = init {
            let value = self.within(id, |this| this.lower_operand(init, false));
            if let Some(NodeKind::Binding(binding)) = self.kind_mut(id) {
                binding.init = value;
            }
        }
    }

    fn lower_loop_variable(&mut self, pat: &Pat) {
        let Some(bound) = pattern_binding(pat) else {
            return;
        };
        let binding = Binding {
            name: bound.ident.unraw().to_string(),
            kind: BindingKind::Local,
            declared_type: None,
            init: Value::Other,
            name_range: self.span_range(bound.ident.span()),
        };
        let range = self.span_range(pat.span());
        self.push(range, NodeKind::Binding(binding));
    }
}

impl<'ast> Visit<'ast> for Lowerer<'_, '_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        self.visit_marked(item_attributes(item), item, true, |this, item| {
            syn::visit::visit_item(this, item)
        });
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        self.visit_marked(impl_item_attributes(item), item, true, |this, item| {
            syn::visit::visit_impl_item(this, item)
        });
    }

    // Items in statement position go through `visit_item`.
    fn visit_stmt(&mut self, stmt: &'ast syn::Stmt) {
        let attributes = match stmt {
            syn::Stmt::Local(local) => &local.attrs[..],
            syn::Stmt::Expr(expr, _) => expr_attributes(expr),
            syn::Stmt::Macro(mac) => &mac.attrs[..],
            syn::Stmt::Item(_) => &[],
        };
        self.visit_marked(attributes, stmt, false, |this, stmt| {
            syn::visit::visit_stmt(this, stmt)
        });
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        self.visit_marked(&arm.attrs, arm, false, |this, arm| {
            syn::visit::visit_arm(this, arm)
        });
    }

    // Attributes (including `///` doc comments, which syn turns into
    // `#[doc = "..."]`) and `extern "C"` carry no code worth lowering.
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    fn visit_abi(&mut self, _: &'ast syn::Abi) {}

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        push_use_paths(&item.tree, String::new(), &mut self.model.imports);
        push_use_aliases(&item.tree, &mut self.model.aliases);
    }

    fn visit_item_extern_crate(&mut self, item: &'ast syn::ItemExternCrate) {
        self.model.imports.push(item.ident.unraw().to_string());
    }

    fn visit_lit_str(&mut self, lit: &'ast LitStr) {
        self.push_str(lit);
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        let first = vis_span(&item.vis).unwrap_or_else(|| signature_first_span(&item.sig));
        let range = self.range(first, item.block.brace_token.span.close());
        let private = matches!(item.vis, Visibility::Inherited);
        self.lower_function(range, &item.sig, FunctionKind::Plain, &item.block, private);
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        let first = vis_span(&item.vis)
            .or(item.defaultness.as_ref().map(|t| t.span))
            .unwrap_or_else(|| signature_first_span(&item.sig));
        let range = self.range(first, item.block.brace_token.span.close());
        let kind = if self.impl_trait.as_deref() == Some("Drop") && item.sig.ident == "drop" {
            FunctionKind::Deinitializer
        } else {
            FunctionKind::Plain
        };
        // A trait's methods are as visible as the trait, whatever is written.
        let private = self.impl_trait.is_none() && matches!(item.vis, Visibility::Inherited);
        self.lower_function(range, &item.sig, kind, &item.block, private);
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        // A required method (no body) has nothing that runs.
        if let Some(body) = &item.default {
            let range = self.range(
                signature_first_span(&item.sig),
                body.brace_token.span.close(),
            );
            self.lower_function(range, &item.sig, FunctionKind::Plain, body, false);
        }
    }

    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        let first = vis_span(&item.vis).unwrap_or(item.struct_token.span);
        let last = match (&item.semi_token, &item.fields) {
            (Some(semi), _) => semi.spans[0],
            (None, syn::Fields::Named(named)) => named.brace_token.span.close(),
            (None, syn::Fields::Unnamed(unnamed)) => unnamed.paren_token.span.close(),
            (None, syn::Fields::Unit) => item.ident.span(),
        };
        let range = self.range(first, last);
        let id = self.lower_type_decl(range, item.ident.unraw().to_string());
        self.within(id, |this| this.lower_fields(&item.fields));
    }

    fn visit_item_union(&mut self, item: &'ast syn::ItemUnion) {
        let first = vis_span(&item.vis).unwrap_or(item.union_token.span);
        let range = self.range(first, item.fields.brace_token.span.close());
        let id = self.lower_type_decl(range, item.ident.unraw().to_string());
        self.within(id, |this| this.lower_fields(&item.fields.named));
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        let first = vis_span(&item.vis).unwrap_or(item.enum_token.span);
        let range = self.range(first, item.brace_token.span.close());
        let id = self.lower_type_decl(range, item.ident.unraw().to_string());
        self.within(id, |this| visit::visit_item_enum(this, item));
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        let first = vis_span(&item.vis)
            .or(item.unsafety.as_ref().map(|t| t.span))
            .or(item.auto_token.as_ref().map(|t| t.span))
            .unwrap_or(item.trait_token.span);
        let range = self.range(first, item.brace_token.span.close());
        let id = self.lower_type_decl(range, item.ident.unraw().to_string());
        self.within(id, |this| {
            for trait_item in &item.items {
                this.visit_trait_item(trait_item);
            }
        });
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let first = item
            .defaultness
            .as_ref()
            .map(|t| t.span)
            .or(item.unsafety.as_ref().map(|t| t.span))
            .unwrap_or(item.impl_token.span);
        let range = self.range(first, item.brace_token.span.close());
        let name = type_name(&item.self_ty).unwrap_or_default();
        let id = self.lower_type_decl(range, name);
        self.model.extensions.insert(id);
        let trait_name = item
            .trait_
            .as_ref()
            .and_then(|(_, path, _)| path.segments.last())
            .map(|segment| segment.ident.unraw().to_string());
        if let (Some(implemented), Some(implementor)) = (&trait_name, type_name(&item.self_ty)) {
            self.model
                .supertypes
                .push((implementor, implemented.clone()));
        }
        let trait_path = item.trait_.as_ref().map(|(_, path, _)| {
            path.segments
                .iter()
                .map(|segment| segment.ident.unraw().to_string())
                .collect::<Vec<_>>()
                .join("::")
        });
        let saved_path = std::mem::replace(&mut self.impl_trait_path, trait_path);
        let saved = std::mem::replace(&mut self.impl_trait, trait_name);
        let saved_type = std::mem::replace(&mut self.impl_type, type_name(&item.self_ty));
        self.within(id, |this| {
            for impl_item in &item.items {
                this.visit_impl_item(impl_item);
            }
        });
        self.impl_trait = saved;
        self.impl_trait_path = saved_path;
        self.impl_type = saved_type;
    }

    fn visit_item_const(&mut self, item: &'ast syn::ItemConst) {
        let first = vis_span(&item.vis).unwrap_or(item.const_token.span);
        let range = self.range(first, item.semi_token.spans[0]);
        self.lower_constant(range, &item.ident, &item.ty, Some(&item.expr));
    }

    fn visit_item_static(&mut self, item: &'ast syn::ItemStatic) {
        let first = vis_span(&item.vis).unwrap_or(item.static_token.span);
        let range = self.range(first, item.semi_token.spans[0]);
        self.lower_constant(range, &item.ident, &item.ty, Some(&item.expr));
    }

    fn visit_impl_item_const(&mut self, item: &'ast syn::ImplItemConst) {
        let first = vis_span(&item.vis)
            .or(item.defaultness.as_ref().map(|t| t.span))
            .unwrap_or(item.const_token.span);
        let range = self.range(first, item.semi_token.spans[0]);
        self.lower_constant(range, &item.ident, &item.ty, Some(&item.expr));
    }

    fn visit_trait_item_const(&mut self, item: &'ast syn::TraitItemConst) {
        let range = self.range(item.const_token.span, item.semi_token.spans[0]);
        let init = item.default.as_ref().map(|(_, expr)| expr);
        self.lower_constant(range, &item.ident, &item.ty, init);
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        let Some(bound) = pattern_binding(&local.pat) else {
            visit::visit_local(self, local);
            return;
        };
        let binding = Binding {
            name: bound.ident.unraw().to_string(),
            kind: BindingKind::Local,
            declared_type: bound.ty.and_then(type_name),
            init: Value::Other,
            name_range: self.span_range(bound.ident.span()),
        };
        let range = self.range(local.let_token.span, local.semi_token.spans[0]);
        let id = self.push(range, NodeKind::Binding(binding));
        let Some(init) = &local.init else {
            return;
        };
        let value = self.within(id, |this| {
            let value = this.lower_operand(&init.expr, false);
            if let Some((_, diverge)) = &init.diverge {
                this.framed(Frame::Branch(None), |this| this.visit_expr(diverge));
            }
            value
        });
        if bound.plain {
            let items = literal_items(&init.expr, &[]);
            self.literal_lists
                .push((bound.ident.unraw().to_string(), items));
        }
        // `let (a, b) = pair()`: the initializer is not `a`'s value.
        if bound.plain {
            if let Some(NodeKind::Binding(binding)) = self.kind_mut(id) {
                binding.init = value;
            }
        }
    }

    fn visit_expr_await(&mut self, awaiting: &'ast syn::ExprAwait) {
        let first_new = self.model.nodes.len();
        self.visit_expr(&awaiting.base);
        let range = self.expr_range(&awaiting.base);
        let every_time = exit_facts(&self.frames, range, Leaves::Function).unconditional_in;
        mark_awaited(&mut self.model, first_new, every_time);
    }

    fn visit_expr_break(&mut self, jump: &'ast syn::ExprBreak) {
        if jump.label.is_none() {
            let last = jump
                .expr
                .as_deref()
                .map_or(jump.break_token.span, last_span);
            let range = self.range(jump.break_token.span, last);
            self.push_exit(range, Leaves::Loop);
        }
        visit::visit_expr_break(self, jump);
    }

    fn visit_block(&mut self, block: &'ast Block) {
        let range = self.range(
            block.brace_token.span.open(),
            block.brace_token.span.close(),
        );
        self.framed(Frame::Block(range), |this| visit::visit_block(this, block));
    }

    fn visit_expr_if(&mut self, branch: &'ast syn::ExprIf) {
        self.visit_expr(&branch.cond);
        let decided_by = self.expr_range(&branch.cond);
        self.framed(Frame::Branch(Some(decided_by)), |this| {
            this.visit_block(&branch.then_branch);
            if let Some((_, otherwise)) = &branch.else_branch {
                this.visit_expr(otherwise);
            }
        });
    }

    fn visit_expr_match(&mut self, matching: &'ast syn::ExprMatch) {
        self.visit_expr(&matching.expr);
        let decided_by = self.expr_range(&matching.expr);
        self.framed(Frame::Branch(Some(decided_by)), |this| {
            for arm in &matching.arms {
                this.visit_arm(arm);
            }
        });
    }

    fn visit_local_init(&mut self, init: &'ast syn::LocalInit) {
        self.visit_expr(&init.expr);
        if let Some((_, diverge)) = &init.diverge {
            self.framed(Frame::Branch(None), |this| this.visit_expr(diverge));
        }
    }

    fn visit_expr_closure(&mut self, closure: &'ast ExprClosure) {
        self.lower_closure(closure, false);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let range = self.range(first_span(&call.receiver), call.paren_token.span.close());
        self.lower_call(
            range,
            call.method.unraw().to_string(),
            call.method.span(),
            chain(&call.receiver),
            Some(&call.receiver),
            &call.args,
        );
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        let range = self.range(first_span(&call.func), call.paren_token.span.close());
        match strip_parens(&call.func) {
            Expr::Path(path) => {
                let Some(last) = path.path.segments.last() else {
                    visit::visit_expr_call(self, call);
                    return;
                };
                let mut receiver = Vec::new();
                if path.qself.is_some() {
                    receiver.push(Segment::Other);
                }
                let count = path.path.segments.len();
                receiver.extend(
                    path.path
                        .segments
                        .iter()
                        .take(count - 1)
                        .map(|segment| Segment::Name(segment.ident.unraw().to_string())),
                );
                let name = last.ident.unraw().to_string();
                self.lower_call(range, name, last.ident.span(), receiver, None, &call.args);
            }
            // `(self.callback)(x)`: a call of a stored function, named after the field.
            Expr::Field(field) => {
                let (name, span) = member_name(&field.member);
                self.lower_call(
                    range,
                    name,
                    span,
                    chain(&field.base),
                    Some(&field.base),
                    &call.args,
                );
            }
            _ => visit::visit_expr_call(self, call),
        }
    }

    fn visit_expr_for_loop(&mut self, for_loop: &'ast syn::ExprForLoop) {
        let first = label_or(&for_loop.label, for_loop.for_token.span);
        let range = self.range(first, for_loop.body.brace_token.span.close());
        let kind = match literal_items(&for_loop.expr, &self.literal_lists) {
            Some(items) => LoopKind::ForLiteral { items },
            None => LoopKind::For,
        };
        let id = self.push(range, NodeKind::Loop(kind));
        self.within(id, |this| this.lower_loop_variable(&for_loop.pat));
        // The iterable is evaluated once before the first iteration, so its
        // calls are siblings of the loop, not part of its body.
        self.visit_expr(&for_loop.expr);
        self.within(id, |this| this.visit_block(&for_loop.body));
    }

    fn visit_expr_while(&mut self, while_loop: &'ast syn::ExprWhile) {
        let first = label_or(&while_loop.label, while_loop.while_token.span);
        let range = self.range(first, while_loop.body.brace_token.span.close());
        let forever = matches!(
            &*while_loop.cond,
            Expr::Lit(syn::ExprLit { lit: Lit::Bool(b), .. }) if b.value
        );
        let kind = if forever {
            LoopKind::Repeat
        } else {
            LoopKind::While
        };
        let id = self.push(range, NodeKind::Loop(kind));
        self.within(id, |this| {
            this.visit_expr(&while_loop.cond);
            this.visit_block(&while_loop.body);
        });
    }

    fn visit_expr_loop(&mut self, repeat: &'ast syn::ExprLoop) {
        let first = label_or(&repeat.label, repeat.loop_token.span);
        let range = self.range(first, repeat.body.brace_token.span.close());
        let id = self.push(range, NodeKind::Loop(LoopKind::Repeat));
        self.within(id, |this| this.visit_block(&repeat.body));
    }

    fn visit_expr_return(&mut self, ret: &'ast syn::ExprReturn) {
        let last = ret.expr.as_deref().map_or(ret.return_token.span, last_span);
        let range = self.range(ret.return_token.span, last);
        self.push_exit(range.clone(), Leaves::Function);
        let id = self.push(range, NodeKind::Return(Value::Other));
        if let Some(expr) = &ret.expr {
            let value = self.within(id, |this| this.lower_operand(expr, false));
            if let Some(NodeKind::Return(returned)) = self.kind_mut(id) {
                *returned = value;
            }
        }
    }

    fn visit_expr_assign(&mut self, assign: &'ast syn::ExprAssign) {
        let range = self.range(first_span(&assign.left), last_span(&assign.right));
        let kind = NodeKind::Assign {
            target: chain(&assign.left),
            value: Value::Other,
        };
        let id = self.push(range, kind);
        let lowered = self.within(id, |this| {
            this.visit_expr(&assign.left);
            this.lower_operand(&assign.right, false)
        });
        if let Some(NodeKind::Assign { value, .. }) = self.kind_mut(id) {
            *value = lowered;
        }
    }

    fn visit_macro(&mut self, mac: &'ast Macro) {
        if mac.path.is_ident("macro_rules") {
            return;
        }
        if let Ok(exprs) = mac.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated) {
            for expr in &exprs {
                self.visit_expr(expr);
            }
        } else if let Ok(exprs) = mac.parse_body_with(parse_repeat) {
            for expr in &exprs {
                self.visit_expr(expr);
            }
        } else if matches!(mac.delimiter, MacroDelimiter::Brace(_)) {
            // `thread_local! { static DB: ... = ...; }` and other item-like bodies.
            if let Ok(stmts) = mac.parse_body_with(Block::parse_within) {
                for stmt in &stmts {
                    self.visit_stmt(stmt);
                }
            }
        }
    }
}

/// One import per leaf of a use tree: `use a::{b, c::*, d as e}` gives
/// `a::b`, `a::c::*`, `a::d`; `a::{self}` gives `a`.
/// `[a, b]`, `&[a, b]`, `vec![a, b]`: candidates written out in the source.
/// The number of items of the list written out that `expr` iterates
/// (`[a, b]`, `&vec![a, b]`, `paths.iter()` of a local bound to one).
fn literal_items(expr: &Expr, locals: &[(String, Option<usize>)]) -> Option<usize> {
    match expr {
        Expr::Array(array) => Some(array.elems.len()),
        Expr::Reference(reference) => literal_items(&reference.expr, locals),
        Expr::Paren(inner) => literal_items(&inner.expr, locals),
        Expr::Macro(mac) if mac.mac.path.is_ident("vec") => {
            let parser = syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated;
            mac.mac
                .parse_body_with(parser)
                .ok()
                .map(|items| items.len())
        }
        Expr::MethodCall(call)
            if call.args.is_empty()
                && matches!(call.method.to_string().as_str(), "iter" | "into_iter") =>
        {
            literal_items(&call.receiver, locals)
        }
        Expr::Path(path) => {
            let name = path.path.get_ident()?.unraw().to_string();
            // The latest binding of the name is the one in scope, near enough.
            locals.iter().rev().find(|(bound, _)| *bound == name)?.1
        }
        _ => None,
    }
}

/// `use a::Connection as Db;` names the type `Connection` `Db` in this file.
fn push_use_aliases(tree: &syn::UseTree, out: &mut Vec<(String, String)>) {
    match tree {
        syn::UseTree::Path(path) => push_use_aliases(&path.tree, out),
        syn::UseTree::Rename(rename) if rename.rename != "_" && rename.ident != "self" => {
            out.push((
                rename.rename.unraw().to_string(),
                rename.ident.unraw().to_string(),
            ))
        }
        syn::UseTree::Group(group) => {
            for tree in &group.items {
                push_use_aliases(tree, out);
            }
        }
        _ => {}
    }
}

fn push_use_paths(tree: &syn::UseTree, prefix: String, out: &mut Vec<String>) {
    let joined = |name: String| {
        if prefix.is_empty() {
            name
        } else {
            format!("{prefix}::{name}")
        }
    };
    match tree {
        syn::UseTree::Path(path) => {
            push_use_paths(&path.tree, joined(path.ident.unraw().to_string()), out)
        }
        syn::UseTree::Name(name) if name.ident == "self" && !prefix.is_empty() => out.push(prefix),
        syn::UseTree::Name(name) => out.push(joined(name.ident.unraw().to_string())),
        syn::UseTree::Rename(rename) if rename.ident == "self" && !prefix.is_empty() => {
            out.push(prefix)
        }
        syn::UseTree::Rename(rename) => out.push(joined(rename.ident.unraw().to_string())),
        syn::UseTree::Glob(_) => out.push(joined("*".to_string())),
        syn::UseTree::Group(group) => {
            for tree in &group.items {
                push_use_paths(tree, prefix.clone(), out);
            }
        }
    }
}

/// `vec![value; count]`.
fn parse_repeat(input: ParseStream) -> syn::Result<[Expr; 2]> {
    let value: Expr = input.parse()?;
    input.parse::<Token![;]>()?;
    let count: Expr = input.parse()?;
    Ok([value, count])
}

/// What a pattern binds: its first identifier, and the written type when the
/// pattern is one plain identifier.
struct BoundName<'p> {
    ident: &'p Ident,
    ty: Option<&'p Type>,
    plain: bool,
}

fn pattern_binding(pat: &Pat) -> Option<BoundName<'_>> {
    match pat {
        Pat::Ident(ident) => Some(BoundName {
            ident: &ident.ident,
            ty: None,
            plain: true,
        }),
        Pat::Type(typed) => {
            let mut bound = pattern_binding(&typed.pat)?;
            if bound.plain {
                bound.ty = Some(&typed.ty);
            }
            Some(bound)
        }
        Pat::Paren(paren) => pattern_binding(&paren.pat),
        _ => first_ident(pat).map(|ident| BoundName {
            ident,
            ty: None,
            plain: false,
        }),
    }
}

fn first_ident(pat: &Pat) -> Option<&Ident> {
    match pat {
        Pat::Ident(ident) => Some(&ident.ident),
        Pat::Type(typed) => first_ident(&typed.pat),
        Pat::Paren(paren) => first_ident(&paren.pat),
        Pat::Reference(reference) => first_ident(&reference.pat),
        Pat::Tuple(tuple) => tuple.elems.iter().find_map(first_ident),
        Pat::TupleStruct(tuple) => tuple.elems.iter().find_map(first_ident),
        Pat::Slice(slice) => slice.elems.iter().find_map(first_ident),
        Pat::Struct(structure) => structure
            .fields
            .iter()
            .find_map(|field| first_ident(&field.pat)),
        Pat::Or(or) => or.cases.iter().find_map(first_ident),
        _ => None,
    }
}

/// The written type's last path segment: `&mut std::fs::File` -> `File`,
/// `Option<File>` -> `Option`, `impl Write` -> `Write`.
fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(path) => path
            .path
            .segments
            .last()
            .map(|s| s.ident.unraw().to_string()),
        Type::Reference(reference) => type_name(&reference.elem),
        Type::Ptr(pointer) => type_name(&pointer.elem),
        Type::Paren(paren) => type_name(&paren.elem),
        Type::Group(group) => type_name(&group.elem),
        Type::TraitObject(object) => first_trait(&object.bounds),
        Type::ImplTrait(implementation) => first_trait(&implementation.bounds),
        _ => None,
    }
}

/// The type a function returns, seen through the wrappers that only carry
/// it: `Result<Connection>`, `Option<Arc<Store>>` and `Box<Store>` are
/// `Connection` and `Store`.
fn returned_type_name(ty: &Type) -> Option<String> {
    const CARRIERS: &[&str] = &[
        "Result",
        "Option",
        "Box",
        "Arc",
        "Rc",
        "Mutex",
        "RwLock",
        "MutexGuard",
        "OwnedMutexGuard",
        "RwLockReadGuard",
        "RwLockWriteGuard",
        "Ref",
        "RefMut",
        "Pin",
    ];
    if let Type::Path(path) = ty {
        let last = path.path.segments.last()?;
        if CARRIERS.iter().any(|c| last.ident == c) {
            if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                return args.args.iter().find_map(|arg| match arg {
                    syn::GenericArgument::Type(inner) => returned_type_name(inner),
                    _ => None,
                });
            }
        }
    }
    match ty {
        Type::Reference(reference) => returned_type_name(&reference.elem),
        _ => type_name(ty),
    }
}

/// Each type parameter of `generics` with the first trait it is bound by,
/// in its list (`<CI: Initializer>`) or a where clause (`where CI: Initializer`).
fn generic_bounds(generics: &syn::Generics) -> Vec<(String, String)> {
    let listed = generics
        .type_params()
        .filter_map(|param| Some((param.ident.unraw().to_string(), first_trait(&param.bounds)?)));
    let in_where = (generics.where_clause.iter())
        .flat_map(|clause| &clause.predicates)
        .filter_map(|predicate| match predicate {
            syn::WherePredicate::Type(typed) => {
                Some((type_name(&typed.bounded_ty)?, first_trait(&typed.bounds)?))
            }
            _ => None,
        });
    listed.chain(in_where).collect()
}

fn first_trait(bounds: &Punctuated<TypeParamBound, Token![+]>) -> Option<String> {
    bounds.iter().find_map(|bound| match bound {
        TypeParamBound::Trait(bound) => bound
            .path
            .segments
            .last()
            .map(|s| s.ident.unraw().to_string()),
        _ => None,
    })
}

fn strip_parens(mut expr: &Expr) -> &Expr {
    loop {
        match expr {
            Expr::Paren(paren) => expr = &paren.expr,
            Expr::Group(group) => expr = &group.expr,
            _ => return expr,
        }
    }
}

fn member_name(member: &Member) -> (String, Span) {
    match member {
        Member::Named(ident) => (ident.unraw().to_string(), ident.span()),
        Member::Unnamed(index) => (index.index.to_string(), index.span),
    }
}

/// The receiver-chain view of an expression: `self.db.conn()?` ->
/// `[Name("self"), Name("db"), Call("conn")]`, at most `MAX_CHAIN_SEGMENTS`
/// long.
fn chain(expr: &Expr) -> Vec<Segment> {
    let mut segments = Vec::new();
    push_chain(expr, &mut segments, MAX_CHAIN_SEGMENTS);
    segments
}

/// Pushes the chain of `expr`, looking at most `links` links deep: what
/// lies beyond is `Other`. Every call of a long chain asks for its
/// receiver's chain, so the bound keeps the whole chain linear.
fn push_chain(expr: &Expr, out: &mut Vec<Segment>, links: usize) {
    let Some(links) = links.checked_sub(1) else {
        out.push(Segment::Other);
        return;
    };
    match expr {
        Expr::Path(path) => {
            if path.qself.is_some() {
                out.push(Segment::Other);
            }
            out.extend(
                path.path
                    .segments
                    .iter()
                    .map(|segment| Segment::Name(segment.ident.unraw().to_string())),
            );
        }
        Expr::Field(field) => {
            push_chain(&field.base, out, links);
            out.push(Segment::Name(member_name(&field.member).0));
        }
        Expr::MethodCall(call) => {
            push_chain(&call.receiver, out, links);
            out.push(Segment::Call(call.method.unraw().to_string()));
        }
        Expr::Call(call) => {
            push_chain(&call.func, out, links);
            match out.pop() {
                Some(Segment::Name(name)) => out.push(Segment::Call(name)),
                Some(other) => {
                    out.push(other);
                    out.push(Segment::Other);
                }
                None => out.push(Segment::Other),
            }
        }
        Expr::Index(index) => {
            push_chain(&index.expr, out, links);
            out.push(Segment::Other);
        }
        Expr::Try(inner) => push_chain(&inner.expr, out, links),
        Expr::Await(inner) => push_chain(&inner.base, out, links),
        Expr::Reference(inner) => push_chain(&inner.expr, out, links),
        Expr::Paren(inner) => push_chain(&inner.expr, out, links),
        Expr::Group(inner) => push_chain(&inner.expr, out, links),
        Expr::Unary(unary) if matches!(unary.op, UnOp::Deref(_)) => {
            push_chain(&unary.expr, out, links)
        }
        _ => out.push(Segment::Other),
    }
}

fn value_of(expr: &Expr) -> Value {
    let segments = chain(expr);
    if segments == [Segment::Other] {
        Value::Other
    } else {
        Value::Chain(segments)
    }
}

fn vis_span(vis: &Visibility) -> Option<Span> {
    match vis {
        Visibility::Public(token) => Some(token.span),
        Visibility::Restricted(restricted) => Some(restricted.pub_token.span),
        Visibility::Inherited => None,
    }
}

fn signature_first_span(sig: &Signature) -> Span {
    sig.constness
        .as_ref()
        .map(|t| t.span)
        .or(sig.asyncness.as_ref().map(|t| t.span))
        .or(sig.unsafety.as_ref().map(|t| t.span))
        .or(sig.abi.as_ref().map(|abi| abi.extern_token.span))
        .unwrap_or(sig.fn_token.span)
}

fn label_or(label: &Option<Label>, keyword: Span) -> Span {
    label
        .as_ref()
        .map_or(keyword, |label| label.name.apostrophe)
}

fn closure_first_span(closure: &ExprClosure) -> Span {
    closure
        .lifetimes
        .as_ref()
        .map(|lifetimes| lifetimes.for_token.span)
        .or(closure.constness.as_ref().map(|t| t.span))
        .or(closure.movability.as_ref().map(|t| t.span))
        .or(closure.asyncness.as_ref().map(|t| t.span))
        .or(closure.capture.as_ref().map(|t| t.span))
        .unwrap_or(closure.or1_token.spans[0])
}

fn path_first_span(qself: &Option<QSelf>, path: &Path) -> Span {
    if let Some(qself) = qself {
        return qself.lt_token.spans[0];
    }
    if let Some(colon) = &path.leading_colon {
        return colon.spans[0];
    }
    path.segments
        .first()
        .map_or_else(|| path.span(), |segment| segment.ident.span())
}

fn path_last_span(path: &Path) -> Span {
    let Some(segment) = path.segments.last() else {
        return path.span();
    };
    match &segment.arguments {
        PathArguments::None => segment.ident.span(),
        PathArguments::AngleBracketed(args) => args.gt_token.spans[0],
        PathArguments::Parenthesized(args) => match &args.output {
            ReturnType::Type(_, ty) => ty.span(),
            ReturnType::Default => args.paren_token.span.close(),
        },
    }
}

fn macro_last_span(mac: &Macro) -> Span {
    match &mac.delimiter {
        MacroDelimiter::Paren(paren) => paren.span.close(),
        MacroDelimiter::Brace(brace) => brace.span.close(),
        MacroDelimiter::Bracket(bracket) => bracket.span.close(),
    }
}

/// The first token of an expression, found without `Spanned::span`, which
/// would copy the whole subtree into a token stream.
fn first_span(expr: &Expr) -> Span {
    match expr {
        Expr::Array(e) => e.bracket_token.span.open(),
        Expr::Assign(e) => first_span(&e.left),
        Expr::Async(e) => e.async_token.span,
        Expr::Await(e) => first_span(&e.base),
        Expr::Binary(e) => first_span(&e.left),
        Expr::Block(e) => label_or(&e.label, e.block.brace_token.span.open()),
        Expr::Break(e) => e.break_token.span,
        Expr::Call(e) => first_span(&e.func),
        Expr::Cast(e) => first_span(&e.expr),
        Expr::Closure(e) => closure_first_span(e),
        Expr::Const(e) => e.const_token.span,
        Expr::Continue(e) => e.continue_token.span,
        Expr::Field(e) => first_span(&e.base),
        Expr::ForLoop(e) => label_or(&e.label, e.for_token.span),
        Expr::Group(e) => first_span(&e.expr),
        Expr::If(e) => e.if_token.span,
        Expr::Index(e) => first_span(&e.expr),
        Expr::Infer(e) => e.underscore_token.spans[0],
        Expr::Let(e) => e.let_token.span,
        Expr::Lit(e) => e.lit.span(),
        Expr::Loop(e) => label_or(&e.label, e.loop_token.span),
        Expr::Macro(e) => path_first_span(&None, &e.mac.path),
        Expr::Match(e) => e.match_token.span,
        Expr::MethodCall(e) => first_span(&e.receiver),
        Expr::Paren(e) => e.paren_token.span.open(),
        Expr::Path(e) => path_first_span(&e.qself, &e.path),
        Expr::Range(e) => e
            .start
            .as_deref()
            .map_or_else(|| e.limits.span(), first_span),
        Expr::RawAddr(e) => e.and_token.spans[0],
        Expr::Reference(e) => e.and_token.spans[0],
        Expr::Repeat(e) => e.bracket_token.span.open(),
        Expr::Return(e) => e.return_token.span,
        Expr::Struct(e) => path_first_span(&e.qself, &e.path),
        Expr::Try(e) => first_span(&e.expr),
        Expr::TryBlock(e) => e.try_token.span,
        Expr::Tuple(e) => e.paren_token.span.open(),
        Expr::Unary(e) => e.op.span(),
        Expr::Unsafe(e) => e.unsafe_token.span,
        Expr::While(e) => label_or(&e.label, e.while_token.span),
        Expr::Yield(e) => e.yield_token.span,
        _ => expr.span(),
    }
}

/// The last token of an expression (see `first_span`).
fn last_span(expr: &Expr) -> Span {
    match expr {
        Expr::Array(e) => e.bracket_token.span.close(),
        Expr::Assign(e) => last_span(&e.right),
        Expr::Async(e) => e.block.brace_token.span.close(),
        Expr::Await(e) => e.await_token.span,
        Expr::Binary(e) => last_span(&e.right),
        Expr::Block(e) => e.block.brace_token.span.close(),
        Expr::Break(e) => match (&e.expr, &e.label) {
            (Some(value), _) => last_span(value),
            (None, Some(label)) => label.span(),
            (None, None) => e.break_token.span,
        },
        Expr::Call(e) => e.paren_token.span.close(),
        Expr::Cast(e) => e.ty.span(),
        Expr::Closure(e) => last_span(&e.body),
        Expr::Const(e) => e.block.brace_token.span.close(),
        Expr::Continue(e) => e.label.as_ref().map_or(e.continue_token.span, |l| l.span()),
        Expr::Field(e) => member_name(&e.member).1,
        Expr::ForLoop(e) => e.body.brace_token.span.close(),
        Expr::Group(e) => last_span(&e.expr),
        Expr::If(e) => match &e.else_branch {
            Some((_, otherwise)) => last_span(otherwise),
            None => e.then_branch.brace_token.span.close(),
        },
        Expr::Index(e) => e.bracket_token.span.close(),
        Expr::Infer(e) => e.underscore_token.spans[0],
        Expr::Let(e) => last_span(&e.expr),
        Expr::Lit(e) => e.lit.span(),
        Expr::Loop(e) => e.body.brace_token.span.close(),
        Expr::Macro(e) => macro_last_span(&e.mac),
        Expr::Match(e) => e.brace_token.span.close(),
        Expr::MethodCall(e) => e.paren_token.span.close(),
        Expr::Paren(e) => e.paren_token.span.close(),
        Expr::Path(e) => path_last_span(&e.path),
        Expr::Range(e) => e.end.as_deref().map_or_else(|| e.limits.span(), last_span),
        Expr::RawAddr(e) => last_span(&e.expr),
        Expr::Reference(e) => last_span(&e.expr),
        Expr::Repeat(e) => e.bracket_token.span.close(),
        Expr::Return(e) => e.expr.as_deref().map_or(e.return_token.span, last_span),
        Expr::Struct(e) => e.brace_token.span.close(),
        Expr::Try(e) => e.question_token.spans[0],
        Expr::TryBlock(e) => e.block.brace_token.span.close(),
        Expr::Tuple(e) => e.paren_token.span.close(),
        Expr::Unary(e) => last_span(&e.expr),
        Expr::Unsafe(e) => e.block.brace_token.span.close(),
        Expr::While(e) => e.body.brace_token.span.close(),
        Expr::Yield(e) => e.expr.as_deref().map_or(e.yield_token.span, last_span),
        _ => expr.span(),
    }
}

/// Decodes a string literal's source text (`"..."`, `r#"..."#`, with an
/// optional suffix) starting at byte `offset`. Follows rustc: a CRLF inside
/// the literal reads as `\n` (rustc normalises line endings before lexing).
/// `None` when the text is not a literal this understands.
fn decode_string_literal(source: &str, offset: usize) -> Option<StrLit> {
    let mut builder = StrBuilder::new();
    if let Some(after_r) = source.strip_prefix('r') {
        let hashes = after_r.bytes().take_while(|&b| b == b'#').count();
        let body_start = 1 + hashes + 1;
        if source.as_bytes().get(1 + hashes) != Some(&b'"') {
            return None;
        }
        let closing = format!("\"{}", "#".repeat(hashes));
        let body_len = source.get(body_start..)?.find(&closing)?;
        let body = &source[body_start..body_start + body_len];
        let mut position = 0;
        while let Some(ch) = body[position..].chars().next() {
            let at = offset + body_start + position;
            if body[position..].starts_with("\r\n") {
                builder.mapped("\n", at..at + 2);
                position += 2;
            } else {
                let len = ch.len_utf8();
                builder.verbatim(&body[position..position + len], at);
                position += len;
            }
        }
        return Some(builder.finish());
    }
    if !source.starts_with('"') {
        return None;
    }
    let mut position = 1;
    while let Some(ch) = source[position..].chars().next() {
        let rest = &source[position..];
        let at = offset + position;
        match ch {
            '"' => return Some(builder.finish()),
            '\\' => {
                let (decoded, len) = decode_escape(rest)?;
                if let Some(decoded) = decoded {
                    builder.mapped(decoded.encode_utf8(&mut [0; 4]), at..at + len);
                }
                position += len;
            }
            '\r' if rest.starts_with("\r\n") => {
                builder.mapped("\n", at..at + 2);
                position += 2;
            }
            _ => {
                let len = ch.len_utf8();
                builder.verbatim(&rest[..len], at);
                position += len;
            }
        }
    }
    None
}

/// Decodes the escape at the start of `rest` (which starts with `\`): the
/// character it stands for (none for a line continuation) and its length.
fn decode_escape(rest: &str) -> Option<(Option<char>, usize)> {
    let bytes = rest.as_bytes();
    let simple = match bytes.get(1)? {
        b'n' => Some('\n'),
        b'r' => Some('\r'),
        b't' => Some('\t'),
        b'\\' => Some('\\'),
        b'0' => Some('\0'),
        b'\'' => Some('\''),
        b'"' => Some('"'),
        _ => None,
    };
    if let Some(ch) = simple {
        return Some((Some(ch), 2));
    }
    match bytes.get(1)? {
        b'x' => {
            let code = u8::from_str_radix(rest.get(2..4)?, 16).ok()?;
            Some((Some(char::from(code)), 4))
        }
        b'u' => {
            let close = rest.find('}')?;
            let digits: String = rest.get(3..close)?.chars().filter(|&c| c != '_').collect();
            let code = u32::from_str_radix(&digits, 16).ok()?;
            Some((Some(char::from_u32(code)?), close + 1))
        }
        b'\n' | b'\r' => {
            // A line continuation: the newline and the indentation after it vanish.
            let skipped = bytes[1..]
                .iter()
                .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
                .count();
            Some((None, 1 + skipped))
        }
        _ => None,
    }
}

/// Where the code first nests deeper than `MAX_NESTING` levels, counting
/// what syn and the lowering recurse on: brackets, and inside each bracket
/// the operators, `.`, `as` and `else` of the statement being written
/// (`&&&&u8`, `!!!!x`, `a.b().c()...`, `a + b + ...`, `else if` chains).
/// A statement's count ends at `;` or `,`, or after a block that nothing
/// continues. Comments and literals are skipped. Over-counting (`==` is
/// two) only matters far beyond real code; the scan keeps a file that
/// would overflow syn's stack from reaching it.
fn too_deep(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    // Per open bracket: its count, and whether it is a block.
    let mut frames: Vec<(usize, bool)> = vec![(0, true)];
    let mut counted = 0usize;
    let mut after_block = false;
    let mut i = shebang_len(text);
    while i < bytes.len() {
        let next = bytes.get(i + 1).copied();
        let byte = bytes[i];
        let mut continues = false;
        let start = i;
        match byte {
            b'/' if next == Some(b'/') => {
                i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                continue;
            }
            b'/' if next == Some(b'*') => {
                i = block_comment_end(bytes, i);
                continue;
            }
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'"' => i = quoted_end(bytes, i),
            b'\'' => i = char_or_lifetime_end(text, i),
            b if b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80 => {
                i = prefixed_literal_end(text, i).unwrap_or_else(|| identifier_end(bytes, i));
                continues = matches!(&bytes[start..i], b"as" | b"else");
            }
            b'&' | b'|' | b'!' | b'-' | b'+' | b'*' | b'/' | b'%' | b'^' | b'<' | b'>' | b'='
            | b'.' | b'?' => {
                i += 1;
                continues = true;
            }
            _ => i += 1,
        }
        if after_block && !continues {
            if let Some((count, _)) = frames.last_mut() {
                counted -= *count;
                *count = 0;
            }
        }
        after_block = false;
        if continues {
            if let Some((count, _)) = frames.last_mut() {
                *count += 1;
                counted += 1;
            }
        }
        match byte {
            b'(' | b'[' | b'{' => frames.push((0, byte == b'{')),
            b')' | b']' | b'}' if frames.len() > 1 => {
                if let Some((count, block)) = frames.pop() {
                    counted -= count;
                    after_block = block;
                }
            }
            b';' | b',' => {
                if let Some((count, _)) = frames.last_mut() {
                    counted -= *count;
                    *count = 0;
                }
            }
            _ => {}
        }
        if frames.len() + counted > MAX_NESTING + 1 {
            return Some(start);
        }
    }
    None
}

/// Finds every comment (`//...`, nested `/* ... */`, doc comments included),
/// skipping string, raw string and char literals and telling lifetimes apart
/// from char literals.
fn scan_comments(text: &str) -> Vec<Comment> {
    let bytes = text.as_bytes();
    let mut comments = Vec::new();
    let mut i = shebang_len(text);
    while i < bytes.len() {
        let next = bytes.get(i + 1).copied();
        match bytes[i] {
            b'/' if next == Some(b'/') => {
                let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
                let end = if end > i && bytes[end - 1] == b'\r' {
                    end - 1
                } else {
                    end
                };
                comments.push(comment(text, i..end));
                i = end;
            }
            b'/' if next == Some(b'*') => {
                let end = block_comment_end(bytes, i);
                comments.push(comment(text, i..end));
                i = end;
            }
            b'"' => i = quoted_end(bytes, i),
            b'\'' => i = char_or_lifetime_end(text, i),
            b if b.is_ascii_alphabetic() || b == b'_' || b >= 0x80 => {
                i = prefixed_literal_end(text, i).unwrap_or_else(|| identifier_end(bytes, i));
            }
            _ => i += 1,
        }
    }
    comments
}

fn comment(text: &str, range: ByteRange) -> Comment {
    Comment {
        text: text[range.clone()].to_string(),
        range,
    }
}

/// The first line when it is a shebang (`#!` not followed by `[`, which
/// would be an inner attribute).
fn shebang_len(text: &str) -> usize {
    match text.strip_prefix("#!") {
        Some(rest) if !rest.trim_start().starts_with('[') => text.find('\n').unwrap_or(text.len()),
        _ => 0,
    }
}

fn block_comment_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i < bytes.len() {
        if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*') {
            depth += 1;
            i += 2;
        } else if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    bytes.len()
}

/// End of a `"..."` literal starting at the quote at `start`.
fn quoted_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// End of a raw string whose `r` is at `start`, if one starts there.
fn raw_string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let hashes = bytes[start + 1..]
        .iter()
        .take_while(|&&b| b == b'#')
        .count();
    let quote = start + 1 + hashes;
    if bytes.get(quote) != Some(&b'"') {
        return None;
    }
    let mut i = quote + 1;
    while i < bytes.len() {
        if bytes[i] == b'"'
            && bytes[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&b| b == b'#')
                .count()
                == hashes
        {
            return Some(i + 1 + hashes);
        }
        i += 1;
    }
    Some(bytes.len())
}

/// End of a literal with a letter prefix (`r"`, `r#"`, `b"`, `b'`, `br"`,
/// `c"`, `cr#"`) starting at `start`, if there is one.
fn prefixed_literal_end(text: &str, start: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let after_kind = match bytes[start] {
        b'b' | b'c' => start + 1,
        b'r' => start,
        _ => return None,
    };
    match bytes.get(after_kind) {
        Some(b'r') => raw_string_end(bytes, after_kind),
        Some(b'"') if after_kind > start => Some(quoted_end(bytes, after_kind)),
        Some(b'\'') if bytes[start] == b'b' => Some(char_or_lifetime_end(text, after_kind)),
        _ => None,
    }
}

fn identifier_end(bytes: &[u8], start: usize) -> usize {
    let len = bytes[start..]
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80)
        .count();
    start + len.max(1)
}

/// At a `'`: skips a char literal (`'x'`, `'\n'`, `'\u{1F600}'`, `'é'`), or
/// only the quote of a lifetime or label (`'a`, `'outer:`).
fn char_or_lifetime_end(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    if bytes.get(start + 1) == Some(&b'\\') {
        // The longest escape is `\u{10FFFF}`; look no further than that.
        let limit = (start + 14).min(bytes.len());
        return (start + 3..limit)
            .find(|&i| bytes[i] == b'\'')
            .map_or(start + 1, |i| i + 1);
    }
    let Some(ch) = text.get(start + 1..).and_then(|rest| rest.chars().next()) else {
        return start + 1;
    };
    let after = start + 1 + ch.len_utf8();
    if bytes.get(after) == Some(&b'\'') {
        after + 1
    } else {
        start + 1
    }
}

fn item_attributes(item: &syn::Item) -> &[syn::Attribute] {
    use syn::Item;
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn impl_item_attributes(item: &syn::ImplItem) -> &[syn::Attribute] {
    use syn::ImplItem;
    match item {
        ImplItem::Const(i) => &i.attrs,
        ImplItem::Fn(i) => &i.attrs,
        ImplItem::Type(i) => &i.attrs,
        ImplItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

/// The attributes of the expression shapes a `#[cfg]` is put on in
/// statement position: a block, an `unsafe` block, a call, a `?`.
fn expr_attributes(expr: &Expr) -> &[syn::Attribute] {
    match expr {
        Expr::Block(e) => &e.attrs,
        Expr::Unsafe(e) => &e.attrs,
        Expr::Call(e) => &e.attrs,
        Expr::MethodCall(e) => &e.attrs,
        Expr::Try(e) => &e.attrs,
        Expr::Await(e) => &e.attrs,
        Expr::Macro(e) => &e.attrs,
        Expr::If(e) => &e.attrs,
        Expr::Match(e) => &e.attrs,
        Expr::Assign(e) => &e.attrs,
        _ => &[],
    }
}

/// The `target_os` values of Apple's platforms.
const APPLE_OSES: &[&str] = &["macos", "ios", "tvos", "watchos", "visionos"];

/// `#[cfg(P)]` where P holds only when building for an Apple platform.
fn builds_only_for_apple(attribute: &syn::Attribute) -> bool {
    if !attribute.path().is_ident("cfg") {
        return false;
    }
    attribute
        .parse_args::<syn::Meta>()
        .is_ok_and(|predicate| apple_only_predicate(&predicate))
}

/// Whether a cfg predicate can only hold on Apple targets:
/// `target_os = "macos"`, `target_vendor = "apple"`, an `any` whose every
/// arm is one (`any(target_os = "macos", target_os = "ios")`, not
/// `any(target_os = "macos", target_os = "linux")`), an `all` with one
/// among its conditions. A `not(..)` never is: `not(target_os = "macos")`
/// holds on Linux.
fn apple_only_predicate(predicate: &syn::Meta) -> bool {
    match predicate {
        syn::Meta::NameValue(pair) => {
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(value),
                ..
            }) = &pair.value
            else {
                return false;
            };
            let value = value.value();
            (pair.path.is_ident("target_os") && APPLE_OSES.contains(&value.as_str()))
                || (pair.path.is_ident("target_vendor") && value == "apple")
        }
        syn::Meta::List(list) => {
            let Ok(arms) =
                list.parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
            else {
                return false;
            };
            if list.path.is_ident("any") {
                !arms.is_empty() && arms.iter().all(apple_only_predicate)
            } else if list.path.is_ident("all") {
                arms.iter().any(apple_only_predicate)
            } else {
                false
            }
        }
        syn::Meta::Path(_) => false,
    }
}

/// `#[test]`, `#[tokio::test]`, `#[bench]`, or a `cfg` that only holds in
/// test builds: `#[cfg(test)]`, `#[cfg(all(test, ..))]`, `#[cfg(any(test, feature = "testing"))]`.
/// A `not(...)` anywhere makes the item production code as far as we can tell.
pub(crate) fn marks_test_code(attribute: &syn::Attribute) -> bool {
    let path = attribute.path();
    let last = path.segments.last().map(|s| s.ident.to_string());
    match last.as_deref() {
        Some("test" | "bench") => true,
        Some("cfg") if path.segments.len() == 1 => {
            let syn::Meta::List(list) = &attribute.meta else {
                return false;
            };
            let mut idents = Vec::new();
            collect_idents(list.tokens.clone(), &mut idents);
            idents.iter().any(|i| i == "test") && !idents.iter().any(|i| i == "not")
        }
        _ => false,
    }
}

fn collect_idents(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Ident(ident) => out.push(ident.to_string()),
            proc_macro2::TokenTree::Group(group) => collect_idents(group.stream(), out),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Node, SourceMap, HOLE};

    fn source(text: &str) -> SourceFile {
        SourceFile::from_text("test.rs", Language::Rust, text)
    }

    fn lowered(text: &str) -> (SourceFile, Model) {
        let file = source(text);
        let model = match lower(&file) {
            Ok(model) => model,
            Err(error) => panic!("parse failed: {error:?}"),
        };
        (file, model)
    }

    fn node(model: &Model, id: NodeId) -> &Node {
        model.node(id)
    }

    fn call_id(model: &Model, name: &str) -> NodeId {
        let found: Vec<NodeId> = model
            .calls()
            .filter(|(_, call)| call.name == name)
            .map(|(id, _)| id)
            .collect();
        assert_eq!(found.len(), 1, "calls named {name}: {found:?}");
        found[0]
    }

    fn call<'m>(model: &'m Model, name: &str) -> &'m Call {
        match &node(model, call_id(model, name)).kind {
            NodeKind::Call(call) => call,
            _ => unreachable!(),
        }
    }

    fn binding_id(model: &Model, name: &str) -> NodeId {
        model
            .ids()
            .find(|&id| matches!(&node(model, id).kind, NodeKind::Binding(b) if b.name == name))
            .unwrap_or_else(|| panic!("no binding {name}"))
    }

    fn binding<'m>(model: &'m Model, name: &str) -> &'m Binding {
        match &node(model, binding_id(model, name)).kind {
            NodeKind::Binding(binding) => binding,
            _ => unreachable!(),
        }
    }

    fn nearest(model: &Model, id: NodeId, wanted: impl Fn(&NodeKind) -> bool) -> Option<NodeId> {
        model.ancestors(id).find(|&a| wanted(&node(model, a).kind))
    }

    fn is_loop(kind: &NodeKind) -> bool {
        matches!(kind, NodeKind::Loop(_))
    }

    fn is_function(kind: &NodeKind) -> bool {
        matches!(kind, NodeKind::Function(_))
    }

    fn text<'f>(file: &'f SourceFile, range: &ByteRange) -> &'f str {
        &file.text[range.clone()]
    }

    fn str_at<'m>(model: &'m Model, value: &Value) -> (&'m StrLit, NodeId) {
        match value {
            Value::Str(id) => (model.str_lit(*id).expect("a Str node"), *id),
            other => panic!("not a string: {other:?}"),
        }
    }

    /// The source text behind the first occurrence of `needle` in the value.
    fn source_of<'f>(file: &'f SourceFile, lit: &StrLit, needle: &str) -> &'f str {
        let start = lit.value.find(needle).expect("needle in value");
        &file.text[lit.source_range(start..start + needle.len())]
    }

    fn name(s: &str) -> Segment {
        Segment::Name(s.to_string())
    }

    fn called(s: &str) -> Segment {
        Segment::Call(s.to_string())
    }

    /// Every node lies on char boundaries, parents come first, and nodes are
    /// in source order.
    fn assert_well_formed(file: &SourceFile, model: &Model) {
        let mut previous_start = 0;
        for id in model.ids() {
            let n = node(model, id);
            assert!(n.range.end <= file.text.len());
            assert!(file.text.is_char_boundary(n.range.start));
            assert!(file.text.is_char_boundary(n.range.end));
            assert!(n.range.start >= previous_start, "node {id:?} out of order");
            previous_start = n.range.start;
            if let Some(parent) = n.parent {
                assert!(parent < id);
                let outer = &node(model, parent).range;
                assert!(
                    outer.start <= n.range.start && n.range.end <= outer.end,
                    "{id:?}"
                );
            }
        }
    }

    #[test]
    fn positions_count_chars_and_keep_crlf_columns() {
        let file = source("let é = \"x\";\r\nlet 😀s = 1;\r\nfsync(fd)");
        let positions = Positions::new(&file);
        let at = |line, column| positions.offset(LineColumn { line, column });
        assert_eq!(at(1, 0), 0);
        assert_eq!(at(1, 6), file.text.find('=').unwrap());
        assert_eq!(at(1, 12), file.text.find("\r\n").unwrap());
        assert_eq!(at(2, 5), file.text.find("s =").unwrap());
        assert_eq!(at(2, 4), file.text.find('😀').unwrap());
        // Resuming from the cached cursor and going backwards agree.
        assert_eq!(at(2, 7), file.text.find("= 1").unwrap());
        assert_eq!(at(2, 5), file.text.find("s =").unwrap());
        assert_eq!(at(3, 5), file.text.find("(fd").unwrap());
        assert_eq!(at(3, 100), file.text.len());
        assert_eq!(at(9, 0), file.text.len());
        assert_eq!(at(0, 0), 0);
    }

    #[test]
    fn imports_one_entry_per_leaf_path() {
        let src = "extern crate libc;\nuse rusqlite::{Connection, params};\nuse std::io::*;\nuse std::fs::File as F;\nuse sqlx::{self, sqlite::{SqlitePool, SqliteConnectOptions as Opts}};\nfn f() { use std::os::unix::fs::OpenOptionsExt; }\n";
        let (_, model) = lowered(src);
        assert_eq!(
            model.imports,
            vec![
                "libc",
                "rusqlite::Connection",
                "rusqlite::params",
                "std::io::*",
                "std::fs::File",
                "sqlx",
                "sqlx::sqlite::SqlitePool",
                "sqlx::sqlite::SqliteConnectOptions",
                "std::os::unix::fs::OpenOptionsExt",
            ]
        );
    }

    #[test]
    fn format_and_concat_build_one_string() {
        let src = r#"use rusqlite::Connection;

const TABLE: &str = "notes";
static LIVE: &str = concat!(" WHERE archived = ", 0, " AND é = 'x'");

struct Store { conn: Connection }

impl Store {
    const ORDER: &'static str = " ORDER BY created";

    fn load(&self, id: i64, n: usize) -> rusqlite::Result<()> {
        self.conn.execute(&format!("SELECT * FROM {} {}{LIVE} AND id = {}", TABLE, "/*x*/", id), [])?;
        let sql = format!("SELECT {{json}} FROM {TABLE}{}{:?} LIMIT {n}", Self::ORDER, TABLE);
        self.conn.execute(concat!("DELETE FROM ", "notes", "\n"), [])?;
        self.conn.execute(&format!("{t}", t = crate::TABLE), [])?;
        Ok(())
    }
}
"#;
        let (file, model) = lowered(src);
        let execute_ids: Vec<NodeId> = model
            .calls()
            .filter(|(_, c)| c.name == "execute")
            .map(|(id, _)| id)
            .collect();
        let executes: Vec<&Call> = model
            .calls()
            .filter(|(_, c)| c.name == "execute")
            .map(|(_, c)| c)
            .collect();
        assert_eq!(executes.len(), 3);
        let (lit, id) = str_at(&model, &executes[0].args[0].value);
        assert_eq!(
            lit.value,
            format!("SELECT * FROM notes /*x*/ WHERE archived = 0 AND é = 'x' AND id = {HOLE}")
        );
        assert!(lit.has_holes);
        assert!(text(&file, &node(&model, id).range).starts_with("format!(\"SELECT"));
        assert_eq!(node(&model, id).parent, Some(execute_ids[0]));
        // Pieces map to where they were written: the constant's literal,
        // the template, the argument literal, the hole's placeholder.
        let notes_at = src.find("\"notes\"").unwrap() + 1;
        let start = lit.value.find("notes").unwrap();
        assert_eq!(lit.source_range(start..start + 5), notes_at..notes_at + 5);
        assert_eq!(source_of(&file, lit, "SELECT * FROM "), "SELECT * FROM ");
        assert_eq!(source_of(&file, lit, "/*x*/"), "/*x*/");
        let where_at = src.find(" WHERE archived").unwrap();
        let start = lit.value.find(" WHERE").unwrap();
        assert_eq!(lit.source_range(start..start + 6), where_at..where_at + 6);
        assert_eq!(source_of(&file, lit, "0"), "0");
        assert_eq!(source_of(&file, lit, "é = 'x'"), "é = 'x'");
        assert_eq!(source_of(&file, lit, HOLE), "{}");

        let sql = binding(&model, "sql");
        let (lit, _) = str_at(&model, &sql.init);
        assert_eq!(
            lit.value,
            format!("SELECT {{json}} FROM notes ORDER BY created{HOLE} LIMIT {HOLE}")
        );
        assert_eq!(source_of(&file, lit, "{json}"), "{{json}}");
        assert_eq!(source_of(&file, lit, " ORDER BY"), " ORDER BY");
        let holes: Vec<&str> = lit
            .value
            .match_indices(HOLE)
            .map(|(at, _)| &src[lit.source_range(at..at + HOLE.len())])
            .collect();
        assert_eq!(holes, vec!["{:?}", "{n}"]);

        let (lit, _) = str_at(&model, &executes[1].args[0].value);
        assert_eq!(lit.value, "DELETE FROM notes\n");
        assert_eq!(source_of(&file, lit, "\n"), "\\n");
        let (lit, _) = str_at(&model, &executes[2].args[0].value);
        assert_eq!(lit.value, "notes");
        assert_eq!(source_of(&file, lit, "notes"), "notes");

        let live = binding(&model, "LIVE");
        assert_eq!(live.kind, BindingKind::Constant);
        let (lit, _) = str_at(&model, &live.init);
        assert_eq!(lit.value, " WHERE archived = 0 AND é = 'x'");
    }

    #[test]
    fn unknown_macros_and_cycles_stay_unknown() {
        let src = "const A: &str = concat!(B, \"a\");\nconst B: &str = concat!(A, \"b\");\nfn f() { run(A); run(format!(\"{}\", A)); run(println!(\"x\")); run(format!(\"{\")); }\n";
        let (_, model) = lowered(src);
        let runs: Vec<&Call> = model
            .calls()
            .filter(|(_, c)| c.name == "run")
            .map(|(_, c)| c)
            .collect();
        assert_eq!(runs[0].args[0].value, Value::Chain(vec![name("A")]));
        let (lit, _) = str_at(&model, &runs[1].args[0].value);
        assert!(lit.value.ends_with("a"), "{}", lit.value);
        assert!(lit.value.starts_with(HOLE), "{}", lit.value);
        assert_eq!(runs[2].args[0].value, Value::Other);
        let (lit, _) = str_at(&model, &runs[3].args[0].value);
        assert_eq!(lit.value, HOLE);
    }

    #[test]
    fn fsync_in_a_for_loop() {
        let src = "fn save(paths: &[PathBuf]) -> io::Result<()> {\n    for p in paths.iter() {\n        let f = File::create(p)?;\n        f.sync_all()?;\n    }\n    Ok(())\n}\n";
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        let sync = call_id(&model, "sync_all");
        assert_eq!(call(&model, "sync_all").receiver, vec![name("f")]);
        assert_eq!(
            text(&file, &call(&model, "sync_all").name_range),
            "sync_all"
        );
        assert_eq!(text(&file, &node(&model, sync).range), "f.sync_all()");
        let for_loop = nearest(&model, sync, is_loop).expect("in a loop");
        assert!(matches!(
            node(&model, for_loop).kind,
            NodeKind::Loop(LoopKind::For)
        ));
        assert!(text(&file, &node(&model, for_loop).range).starts_with("for p in"));
        assert!(text(&file, &node(&model, for_loop).range).ends_with('}'));
        assert_eq!(node(&model, sync).parent, Some(for_loop));
        let function = nearest(&model, for_loop, is_function).unwrap();
        assert!(matches!(&node(&model, function).kind, NodeKind::Function(f) if f.name == "save"));

        let create = call(&model, "create");
        assert_eq!(create.receiver, vec![name("File")]);
        assert_eq!(create.args.len(), 1);
        assert_eq!(create.args[0].value, Value::Chain(vec![name("p")]));
        assert_eq!(
            text(&file, &node(&model, call_id(&model, "create")).range),
            "File::create(p)"
        );
        let f = binding(&model, "f");
        assert_eq!(f.kind, BindingKind::Local);
        assert_eq!(f.init, Value::Chain(vec![name("File"), called("create")]));
        assert_eq!(node(&model, binding_id(&model, "f")).parent, Some(for_loop));
        assert_eq!(
            nearest(&model, call_id(&model, "create"), is_loop),
            Some(for_loop)
        );

        // The iterable runs once: not in the loop.
        assert_eq!(node(&model, call_id(&model, "iter")).parent, Some(function));
        // The loop variable is a local of the loop.
        assert_eq!(node(&model, binding_id(&model, "p")).parent, Some(for_loop));

        let paths = binding(&model, "paths");
        assert_eq!(paths.kind, BindingKind::Parameter);
        assert_eq!(paths.declared_type, None);
        assert_eq!(
            node(&model, binding_id(&model, "paths")).parent,
            Some(function)
        );
        // `Ok(())` is a call too.
        assert_eq!(call(&model, "Ok").receiver, vec![]);
    }

    #[test]
    fn closure_passed_to_for_each_is_an_iteration() {
        let src = "fn f(paths: Vec<String>, fd: i32) {\n    paths.iter().for_each(|p| { unsafe { libc::fsync(fd); } });\n}";
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        let for_each = call_id(&model, "for_each");
        assert_eq!(
            call(&model, "for_each").receiver,
            vec![name("paths"), called("iter")]
        );
        assert_eq!(call(&model, "for_each").args.len(), 1);
        assert_eq!(call(&model, "for_each").args[0].value, Value::Other);
        assert_eq!(
            text(&file, &call(&model, "for_each").args[0].range),
            "|p| { unsafe { libc::fsync(fd); } }"
        );
        let fsync = call_id(&model, "fsync");
        assert_eq!(call(&model, "fsync").receiver, vec![name("libc")]);
        let closure = nearest(&model, fsync, |k| matches!(k, NodeKind::Closure { .. })).unwrap();
        assert!(matches!(
            node(&model, closure).kind,
            NodeKind::Closure { iteration: true }
        ));
        assert_eq!(node(&model, closure).parent, Some(for_each));
        assert_eq!(node(&model, call_id(&model, "iter")).parent, Some(for_each));
        // The closure's parameter belongs to it.
        assert_eq!(node(&model, binding_id(&model, "p")).parent, Some(closure));
        assert_eq!(binding(&model, "fd").declared_type.as_deref(), Some("i32"));
    }

    #[test]
    fn closure_bound_to_a_local_hangs_under_the_binding() {
        let src = "fn f(files: Vec<File>) {\n    for file in files {\n        let cb = move || file.sync_all();\n        run(cb);\n    }\n}";
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        let sync = call_id(&model, "sync_all");
        let closure = node(&model, sync).parent.unwrap();
        assert!(matches!(
            node(&model, closure).kind,
            NodeKind::Closure { iteration: false }
        ));
        assert_eq!(
            text(&file, &node(&model, closure).range),
            "move || file.sync_all()"
        );
        let cb = binding_id(&model, "cb");
        assert_eq!(node(&model, closure).parent, Some(cb));
        assert_eq!(binding(&model, "cb").init, Value::Other);
        let for_loop = node(&model, cb).parent.unwrap();
        assert!(matches!(
            node(&model, for_loop).kind,
            NodeKind::Loop(LoopKind::For)
        ));
        assert_eq!(
            call(&model, "run").args[0].value,
            Value::Chain(vec![name("cb")])
        );
    }

    #[test]
    fn sql_string_arguments_map_to_the_source() {
        let src = "fn open(conn: &Connection) -> Result<()> {\n    // é\n    conn.execute_batch(\"PRAGMA journal_mode=DELETE;\")?;\n    conn.pragma_update(None, \"journal_mode\", \"DELETE\")?;\n    self.conn.execute(\"VACUUM\", [])?;\n    Ok(())\n}";
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        let batch_id = call_id(&model, "execute_batch");
        let batch = call(&model, "execute_batch");
        assert_eq!(batch.receiver, vec![name("conn")]);
        let (lit, str_id) = str_at(&model, &batch.args[0].value);
        assert_eq!(node(&model, str_id).parent, Some(batch_id));
        assert_eq!(lit.value, "PRAGMA journal_mode=DELETE;");
        assert!(!lit.has_holes);
        assert_eq!(
            text(&file, &node(&model, str_id).range),
            "\"PRAGMA journal_mode=DELETE;\""
        );
        let start = file.text.find("journal_mode=").unwrap();
        assert_eq!(lit.source_range(7..19), start..start + 12);

        let pragma = call(&model, "pragma_update");
        assert_eq!(pragma.args.len(), 3);
        assert_eq!(pragma.args[0].value, Value::Chain(vec![name("None")]));
        assert_eq!(
            str_at(&model, &pragma.args[1].value).0.value,
            "journal_mode"
        );
        let (delete, _) = str_at(&model, &pragma.args[2].value);
        assert_eq!(delete.value, "DELETE");
        assert_eq!(source_of(&file, delete, "DEL"), "DEL");
        assert_eq!(text(&file, &pragma.args[2].range), "\"DELETE\"");

        let execute = call(&model, "execute");
        assert_eq!(execute.receiver, vec![name("self"), name("conn")]);
        assert_eq!(str_at(&model, &execute.args[0].value).0.value, "VACUUM");
        assert_eq!(execute.args[1].value, Value::Other);
        assert_eq!(
            binding(&model, "conn").declared_type.as_deref(),
            Some("Connection")
        );
    }

    #[test]
    fn raw_strings_keep_quotes_and_map_byte_for_byte() {
        let src = "fn f() { db.execute(r#\"VACUUM \"x\"\"#, []); db.execute(r\"a\\n\", []); }";
        let (file, model) = lowered(src);
        let strs: Vec<&StrLit> = model.ids().filter_map(|id| model.str_lit(id)).collect();
        assert_eq!(strs.len(), 2);
        assert_eq!(strs[0].value, "VACUUM \"x\"");
        assert_eq!(source_of(&file, strs[0], "\"x\""), "\"x\"");
        let start = file.text.find("VACUUM").unwrap();
        assert_eq!(strs[0].source_range(0..10), start..start + 10);
        assert_eq!(strs[1].value, "a\\n");
        assert_eq!(source_of(&file, strs[1], "\\n"), "\\n");
    }

    #[test]
    fn escapes_and_continuations_map_to_their_source() {
        let src = "const Q: &str = \"SELECT é,\\t\\u{1F600}\\x41 \\\n        FROM \\\"t\\\"\";";
        let (file, model) = lowered(src);
        let q = binding(&model, "Q");
        assert_eq!(q.kind, BindingKind::Constant);
        assert_eq!(q.declared_type.as_deref(), Some("str"));
        let (lit, _) = str_at(&model, &q.init);
        assert_eq!(lit.value, "SELECT é,\t😀A FROM \"t\"");
        assert_eq!(source_of(&file, lit, "é"), "é");
        assert_eq!(source_of(&file, lit, "\t"), "\\t");
        assert_eq!(source_of(&file, lit, "😀"), "\\u{1F600}");
        assert_eq!(source_of(&file, lit, "A"), "\\x41");
        assert_eq!(source_of(&file, lit, "FROM"), "FROM");
        assert_eq!(source_of(&file, lit, "\"t\""), "\\\"t\\\"");
        // A range across the continuation spans it in the source.
        assert_eq!(source_of(&file, lit, "A FROM"), "\\x41 \\\n        FROM");
    }

    #[test]
    fn crlf_files_decode_like_rustc() {
        let src = "fn f() {\r\n    let a = \"x\r\ny\";\r\n    let b = \"one \\\r\n        two\";\r\n    let c = r\"p\r\nq\";\r\n    db.execute(\"é\", []);\r\n}\r\n";
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        let (a, _) = str_at(&model, &binding(&model, "a").init);
        assert_eq!(a.value, "x\ny");
        assert_eq!(source_of(&file, a, "\n"), "\r\n");
        let (b, _) = str_at(&model, &binding(&model, "b").init);
        assert_eq!(b.value, "one two");
        assert_eq!(source_of(&file, b, "two"), "two");
        let (c, _) = str_at(&model, &binding(&model, "c").init);
        assert_eq!(c.value, "p\nq");
        assert_eq!(source_of(&file, c, "q"), "q");
        let execute = call(&model, "execute");
        let (e, id) = str_at(&model, &execute.args[0].value);
        assert_eq!(e.value, "é");
        assert_eq!(text(&file, &node(&model, id).range), "\"é\"");
        assert_eq!(text(&file, &execute.name_range), "execute");
    }

    #[test]
    fn decoded_values_agree_with_syn() {
        let literals = [
            "\"plain\"",
            "\"a\\n\\r\\t\\\\\\0\\'\\\"\"",
            "\"\\x7F\\u{e9}\\u{1_F600}\"",
            "\"cont \\\n   \\\n\tinued\"",
            "r\"raw \\n\"",
            "r##\"a \"# b\"##",
            "\"suffixed\"_s",
            "\"日本語\"",
        ];
        for literal in literals {
            let parsed: LitStr = syn::parse_str(literal).expect(literal);
            let decoded = decode_string_literal(literal, 10).expect(literal);
            assert_eq!(decoded.value, parsed.value(), "{literal}");
            let SourceMap::Spans(spans) = &decoded.map else {
                panic!("spans expected");
            };
            assert_eq!(spans.len(), decoded.value.len());
            assert!(spans
                .iter()
                .all(|&(s, e)| 10 <= s && s < e && e as usize <= 10 + literal.len()));
        }
        assert!(decode_string_literal("b\"x\"", 0).is_none());
        assert!(decode_string_literal("\"open", 0).is_none());
        assert!(decode_string_literal("\"\\q\"", 0).is_none());
    }

    #[test]
    fn apple_only_cfg_regions() {
        let src = "#[cfg(target_os = \"macos\")]\nfn mac() {}\n#[cfg(any(target_os = \"macos\", target_os = \"ios\"))]\nmod darwin { fn inner() {} }\n#[cfg(all(target_vendor = \"apple\", unix))]\nfn vendor() {}\n#[cfg(not(target_os = \"macos\"))]\nfn other() {}\n#[cfg(any(target_os = \"macos\", target_os = \"linux\"))]\nfn mixed() {}\nfn body() {\n    #[cfg(target_os = \"ios\")]\n    { stmt(); }\n    portable();\n}\n";
        let (_, model) = lowered(src);
        let inside = |needle: &str| {
            let at = src.find(needle).unwrap();
            model.is_apple_only(&(at..at + needle.len()))
        };
        assert!(inside("fn mac"));
        assert!(inside("fn inner"));
        assert!(inside("fn vendor"));
        assert!(inside("stmt()"));
        assert!(!inside("fn other"));
        assert!(!inside("fn mixed"));
        assert!(!inside("portable()"));
        assert_eq!(model.apple_only.len(), 4);
    }

    #[test]
    fn apple_only_file_attribute_covers_the_file() {
        let (_, model) = lowered(
            "#![cfg(target_os = \"macos\")]\nfn f() {}\n#[cfg(target_os = \"ios\")]\nfn g() {}\n",
        );
        assert_eq!(model.apple_only.len(), 1);
        assert!(model.is_apple_only(&(40..45)));
    }

    #[test]
    fn full_fsync_constant_is_a_path_chain() {
        let src = "fn f(fd: RawFd) { unsafe { libc::fcntl(fd, libc::F_FULLFSYNC); } }";
        let (file, model) = lowered(src);
        let fcntl = call(&model, "fcntl");
        assert_eq!(fcntl.receiver, vec![name("libc")]);
        assert_eq!(fcntl.args[0].value, Value::Chain(vec![name("fd")]));
        assert_eq!(
            fcntl.args[1].value,
            Value::Chain(vec![name("libc"), name("F_FULLFSYNC")])
        );
        assert_eq!(text(&file, &fcntl.args[1].range), "libc::F_FULLFSYNC");
        assert_eq!(text(&file, &fcntl.name_range), "fcntl");
    }

    #[test]
    fn chains_see_through_try_await_and_references() {
        let src = "async fn f(&self) {\n    let db = Db::open(&path).await?;\n    db.pool().get().await?.close(&mut *self.conn, x[0].y);\n    Vec::<u8>::with_capacity(4);\n    (self.callback)(1);\n    <File as Write>::flush(&mut f);\n    self.0.sync_data();\n}";
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        assert_eq!(
            binding(&model, "db").init,
            Value::Chain(vec![name("Db"), called("open")])
        );
        assert_eq!(
            call(&model, "open").args[0].value,
            Value::Chain(vec![name("path")])
        );
        let close = call(&model, "close");
        assert_eq!(
            close.receiver,
            vec![name("db"), called("pool"), called("get")]
        );
        assert_eq!(
            close.args[0].value,
            Value::Chain(vec![name("self"), name("conn")])
        );
        assert_eq!(
            close.args[1].value,
            Value::Chain(vec![name("x"), Segment::Other, name("y")])
        );
        // Both links of the chain have nodes; the inner one under the outer one.
        let get = call_id(&model, "get");
        assert_eq!(node(&model, get).parent, Some(call_id(&model, "close")));
        assert_eq!(node(&model, call_id(&model, "pool")).parent, Some(get));
        assert_eq!(call(&model, "with_capacity").receiver, vec![name("Vec")]);
        assert_eq!(call(&model, "callback").receiver, vec![name("self")]);
        assert_eq!(
            text(&file, &call(&model, "callback").name_range),
            "callback"
        );
        assert_eq!(
            call(&model, "flush").receiver,
            vec![Segment::Other, name("Write")]
        );
        assert_eq!(
            call(&model, "sync_data").receiver,
            vec![name("self"), name("0")]
        );
        let function = model
            .ids()
            .find(|&id| is_function(&node(&model, id).kind))
            .unwrap();
        assert!(text(&file, &node(&model, function).range).starts_with("async fn f"));
    }

    #[test]
    fn types_functions_and_bindings() {
        let src = "/// A store.\n#[derive(Debug)]\npub struct Store {\n    pub conn: Option<Connection>,\n    path: std::path::PathBuf,\n}\n\nstruct Handle(File);\n\nimpl Drop for Store {\n    fn drop(&mut self) { self.conn.take(); }\n}\n\nimpl Store {\n    pub const NAME: &'static str = \"store.db\";\n    pub fn new(f: &mut File, n: u32) -> Self {\n        let mut s: Store = make();\n        s.conn = open(\"a.db\");\n        if n == 0 { return s; }\n        return \"x\";\n    }\n}\n\ntrait Repo {\n    fn required(&self);\n    fn provided(&self) { self.required() }\n}\n\nmod inner { enum E { A = 1 } static PATH: &str = \"p\"; }\n";
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        let decls: Vec<(&str, &str)> = model
            .ids()
            .filter_map(|id| match &node(&model, id).kind {
                NodeKind::TypeDecl { name } => {
                    Some((name.as_str(), text(&file, &node(&model, id).range)))
                }
                _ => None,
            })
            .map(|(n, t)| (n, t.split('\n').next().unwrap_or("")))
            .collect();
        assert_eq!(
            decls,
            vec![
                ("Store", "pub struct Store {"),
                ("Handle", "struct Handle(File);"),
                ("Store", "impl Drop for Store {"),
                ("Store", "impl Store {"),
                ("Repo", "trait Repo {"),
                ("E", "enum E { A = 1 }"),
            ]
        );
        let conn = binding_id(&model, "conn");
        assert_eq!(binding(&model, "conn").kind, BindingKind::Property);
        assert_eq!(
            binding(&model, "conn").declared_type.as_deref(),
            Some("Option")
        );
        assert_eq!(
            text(&file, &node(&model, conn).range),
            "pub conn: Option<Connection>"
        );
        assert_eq!(model.enclosing_type(conn), Some("Store"));
        assert_eq!(
            binding(&model, "path").declared_type.as_deref(),
            Some("PathBuf")
        );
        assert_eq!(binding(&model, "0").declared_type.as_deref(), Some("File"));
        assert_eq!(
            model.enclosing_type(binding_id(&model, "0")),
            Some("Handle")
        );

        let functions: Vec<(String, FunctionKind)> = model
            .ids()
            .filter_map(|id| match &node(&model, id).kind {
                NodeKind::Function(f) => Some((f.name.clone(), f.kind)),
                _ => None,
            })
            .collect();
        assert_eq!(
            functions,
            vec![
                ("drop".to_string(), FunctionKind::Deinitializer),
                ("new".to_string(), FunctionKind::Plain),
                ("provided".to_string(), FunctionKind::Plain),
            ]
        );
        let f = binding(&model, "f");
        assert_eq!(
            (f.kind, f.declared_type.as_deref()),
            (BindingKind::Parameter, Some("File"))
        );
        assert_eq!(text(&file, &f.name_range), "f");
        let s = binding(&model, "s");
        assert_eq!(
            (s.kind, s.declared_type.as_deref()),
            (BindingKind::Local, Some("Store"))
        );
        assert_eq!(s.init, Value::Chain(vec![called("make")]));
        let name_const = binding(&model, "NAME");
        assert_eq!(name_const.kind, BindingKind::Constant);
        assert_eq!(str_at(&model, &name_const.init).0.value, "store.db");
        assert_eq!(
            model.enclosing_type(binding_id(&model, "NAME")),
            Some("Store")
        );
        assert_eq!(str_at(&model, &binding(&model, "PATH").init).0.value, "p");

        let assign = model
            .ids()
            .find(|&id| matches!(node(&model, id).kind, NodeKind::Assign { .. }))
            .unwrap();
        let NodeKind::Assign { target, value } = &node(&model, assign).kind else {
            unreachable!()
        };
        assert_eq!(target, &vec![name("s"), name("conn")]);
        assert_eq!(value, &Value::Chain(vec![called("open")]));
        assert_eq!(
            text(&file, &node(&model, assign).range),
            "s.conn = open(\"a.db\")"
        );
        assert_eq!(node(&model, call_id(&model, "open")).parent, Some(assign));

        let returns: Vec<&Value> = model
            .ids()
            .filter_map(|id| match &node(&model, id).kind {
                NodeKind::Return(value) => Some(value),
                _ => None,
            })
            .collect();
        assert_eq!(returns.len(), 2);
        assert_eq!(returns[0], &Value::Chain(vec![name("s")]));
        assert_eq!(str_at(&model, returns[1]).0.value, "x");
        // Doc comments are comments; the `#[doc]` syn makes of them is no string.
        assert_eq!(model.comments[0].text, "/// A store.");
        assert!(model
            .ids()
            .filter_map(|id| model.str_lit(id))
            .all(|s| s.value != " A store."));
    }

    #[test]
    fn while_let_and_loop_are_loops() {
        let src = "fn f() {\n    'outer: loop {\n        while let Some(row) = rows.next()? {\n            tx.commit();\n        }\n        break 'outer;\n    }\n}";
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        let next = call_id(&model, "next");
        let while_loop = node(&model, next).parent.unwrap();
        assert!(matches!(
            node(&model, while_loop).kind,
            NodeKind::Loop(LoopKind::While)
        ));
        assert_eq!(
            node(&model, call_id(&model, "commit")).parent,
            Some(while_loop)
        );
        let repeat = node(&model, while_loop).parent.unwrap();
        assert!(matches!(
            node(&model, repeat).kind,
            NodeKind::Loop(LoopKind::Repeat)
        ));
        assert!(text(&file, &node(&model, repeat).range).starts_with("'outer: loop {"));
    }

    #[test]
    fn macro_bodies_are_lowered_when_they_read_as_expressions() {
        let src = "fn f() {\n    assert!(f.sync_all().is_ok());\n    println!(\"{} // no\", conn.path());\n    let v = vec![make(); n];\n    html! { <div> </div> };\n    thread_local! { static DB: Connection = Connection::open(\"t.db\"); }\n    macro_rules! m { ($e:expr) => { $e.sync_all() }; }\n}";
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        let sync = call_id(&model, "sync_all");
        assert_eq!(call(&model, "sync_all").receiver, vec![name("f")]);
        assert_eq!(node(&model, sync).parent, Some(call_id(&model, "is_ok")));
        assert_eq!(call(&model, "path").receiver, vec![name("conn")]);
        let strs: Vec<&str> = model
            .ids()
            .filter_map(|id| model.str_lit(id))
            .map(|s| s.value.as_str())
            .collect();
        assert_eq!(strs, vec!["{} // no", "t.db"]);
        assert_eq!(
            node(&model, call_id(&model, "make")).parent,
            Some(binding_id(&model, "v"))
        );
        let db = binding(&model, "DB");
        assert_eq!(db.kind, BindingKind::Constant);
        assert_eq!(
            db.init,
            Value::Chain(vec![name("Connection"), called("open")])
        );
        assert!(model.comments.is_empty());
    }

    #[test]
    fn syntax_errors_report_their_offset() {
        let src = "// é\nfn f() {\n    let x = ;\n}\n";
        let error = lower(&source(src)).unwrap_err();
        assert_eq!(error.offset, Some(src.find(" ;").unwrap() + 1));
        assert!(!error.message.is_empty());

        let unbalanced = "fn f() {\n    g(1];\n}\n";
        let error = lower(&source(unbalanced)).unwrap_err();
        assert_eq!(
            error.offset,
            Some(unbalanced.find(']').unwrap()),
            "{error:?}"
        );

        let unclosed = "fn f() {\n    let x = 1;\n";
        let error = lower(&source(unclosed)).unwrap_err();
        assert_eq!(error.offset, Some(7));
        assert_eq!(
            error.message,
            "unbalanced delimiter or unterminated literal"
        );

        let truncated = "// é\nfn f()\n";
        let error = lower(&source(truncated)).unwrap_err();
        assert_eq!(error.offset, Some(truncated.trim_end().len()), "{error:?}");
    }

    #[test]
    fn comments_skip_literals_and_lifetimes() {
        let src = "#!/usr/bin/env run-cargo-script\n//! Crate doc.\nfn f<'a>(x: &'a str) -> char {\n    let s = \"// not a comment\"; /* nested /* inner */ still */\n    let r = r#\"/* raw \"# ;\n    let b = b\"//\"; let q = '\"'; let e = '\\''; // trailing\r\n    let u = 'é'; /** doc block */\n    br\"//\"; 'x'\n}\n";
        let (file, model) = lowered(src);
        let texts: Vec<&str> = model.comments.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            vec![
                "//! Crate doc.",
                "/* nested /* inner */ still */",
                "// trailing",
                "/** doc block */",
            ]
        );
        for comment in &model.comments {
            assert_eq!(text(&file, &comment.range), comment.text);
        }
        // The shebang does not shift offsets.
        assert_eq!(text(&file, &binding(&model, "s").name_range), "s");
        let unterminated = scan_comments("x /* open /* inner */");
        assert_eq!(unterminated.len(), 1);
        assert_eq!(unterminated[0].range, 2..21);
        assert_eq!(scan_comments("'").len(), 0);
    }

    #[test]
    fn no_prefix_of_a_file_panics() {
        let src = "//! é\nuse std::fs::File;\nstruct S { c: Connection }\nimpl S {\n    fn f(&self, p: &[&str]) -> Result<(), E> {\n        for x in p.iter() { let f = File::create(x)?; f.sync_all()?; }\n        p.iter().for_each(|q| println!(\"{q} 😀\"));\n        let s = r#\"VACUUM \"x\"\"#; let t = \"a\\\n  b\\u{e9}\";\n        'l: loop { while let Some(_) = g() { break 'l; } }\n        self.c.execute(\"PRAGMA x\", [])?; /* c /* d */ */\n        Ok(())\n    }\n}\n";
        for (end, _) in src.char_indices().chain(std::iter::once((src.len(), ' '))) {
            let file = source(&src[..end]);
            if let Ok(model) = lower(&file) {
                assert_well_formed(&file, &model);
            }
        }
        let (file, model) = lowered(src);
        assert_well_formed(&file, &model);
        assert_eq!(model.comments.len(), 2);
    }

    #[test]
    fn functions_keep_visibility_and_the_type_they_return_through_carriers() {
        let (_, model) = lowered(
            "fn helper() -> Result<Connection> { todo!() }\npub fn open() -> Option<Arc<Store>> { None }\nimpl Store { fn new() -> Self { Store } pub fn dao(&self) -> &Dao { &self.dao } }\nimpl Drop for Store { fn drop(&mut self) {} }\n",
        );
        let summary: Vec<(&str, Option<&str>, bool)> = model
            .functions()
            .map(|(_, f)| (f.name.as_str(), f.returns.as_deref(), f.file_private))
            .collect();
        assert_eq!(
            summary,
            [
                ("helper", Some("Connection"), true),
                ("open", Some("Store"), false),
                ("new", Some("Self"), true),
                ("dao", Some("Dao"), false),
                ("drop", None, false),
            ]
        );
    }
}
