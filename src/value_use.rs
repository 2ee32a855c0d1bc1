//! Whether an expression's value is used or thrown away, read from the
//! model and the text around it (prefs-commit asks: a `commit()` whose
//! result is checked is not flagged).

use crate::model::{BindingKind, Model, NodeId, NodeKind};
use crate::source::ByteRange;

/// Whether the value of the call (or other expression) `node` is thrown
/// away: it stands as a statement of its own, and when it is the last
/// statement of a block, that block's value goes nowhere either. Read from
/// the model (a binding, return, assignment or argument uses the value) and
/// from the text around the node, where braces, semicolons and newlines
/// delimit statements (Kotlin, and Swift for the simple cases). When unsure
/// the answer is "used": the rules asking must not flag a checked result.
pub fn value_unused(model: &Model, text: &str, node: NodeId) -> bool {
    let current = model.node(node);
    let used_by_parent = current.parent.is_some_and(|p| {
        matches!(
            model.node(p).kind,
            NodeKind::Binding(_)
                | NodeKind::Return(_)
                | NodeKind::Assign { .. }
                | NodeKind::Call(_)
        )
    });
    if used_by_parent {
        return false;
    }
    let scan = Scanner::new(model, text);
    scan.discarded(current.range.start, current.range.end, 0)
}

/// Whether the value of the call `node` goes nowhere but into a log line:
/// it is an argument of a log call (`Timber.d("%s", editor.commit())`,
/// `Log.d(TAG, if (editor.commit()) "ok" else "failed")`), part of its
/// message (`"saved: " + editor.commit()`, `"saved ${editor.commit()}"`),
/// or of the message a log call's lambda builds (`logger.info { "saved
/// ${editor.commit()}" }`). What a log call is comes from the catalog.
/// Logging a value records it and acts on nothing.
pub fn value_only_logged(model: &Model, text: &str, node: NodeId) -> bool {
    if let Some(local) = kept_in_local(model, node) {
        return local_only_logged(model, text, local);
    }
    let range = &model.node(node).range;
    // `editor.commit().also { if (!it) retry() }`: the chain goes on into a
    // lambda that may act on the value. Chained calls share their start.
    let acted_on = model.ids().any(|id| {
        let closure = model.node(id);
        matches!(closure.kind, NodeKind::Closure { .. })
            && closure.range.start >= range.end
            && closure
                .parent
                .is_some_and(|p| model.node(p).range.start == range.start)
    });
    if acted_on {
        return false;
    }
    let mut previous = node;
    for ancestor in model.ancestors(node) {
        match &model.node(ancestor).kind {
            NodeKind::Str(_) => {}
            // Only a message string is handed on by the lambda; anything
            // else in it could be a statement acting on the value.
            NodeKind::Closure { .. } if matches!(model.node(previous).kind, NodeKind::Str(_)) => {}
            NodeKind::Call(call) => return crate::catalog::is_log_call(model.language, call),
            _ => return false,
        }
        previous = ancestor;
    }
    false
}

/// The local that `node`'s value is bound to (`val ok = editor.commit()`).
fn kept_in_local(model: &Model, node: NodeId) -> Option<NodeId> {
    let parent = model.node(node).parent?;
    match &model.node(parent).kind {
        NodeKind::Binding(binding) if binding.kind == BindingKind::Local => Some(parent),
        _ => None,
    }
}

/// Whether every read of the local `binding`, in the block that declares it,
/// lies inside a log call (`val ok = editor.commit(); Log.d(TAG, "saved $ok")`):
/// the value is recorded and nothing depends on it. The reads are the
/// name's whole-word occurrences after the declaration; a block that
/// declares the name again is left alone.
fn local_only_logged(model: &Model, text: &str, binding: NodeId) -> bool {
    let NodeKind::Binding(local) = &model.node(binding).kind else {
        return false;
    };
    let Some(scope) = model.node(binding).parent else {
        return false;
    };
    let scope_range = model.node(scope).range.clone();
    let declared_again = model
        .bindings_named(&local.name)
        .iter()
        .any(|&other| other != binding && within(&scope_range, &model.node(other).range));
    if declared_again {
        return false;
    }
    let after = model.node(binding).range.end;
    let Some(rest) = text.get(after..scope_range.end) else {
        return false;
    };
    let log_calls: Vec<&ByteRange> = model
        .descendants(scope)
        .into_iter()
        .filter(|&id| {
            matches!(&model.node(id).kind, NodeKind::Call(call)
                if crate::catalog::is_log_call(model.language, call))
        })
        .map(|id| &model.node(id).range)
        .collect();
    word_occurrences(rest, &local.name).all(|offset| {
        let read = after + offset..after + offset + local.name.len();
        log_calls.iter().any(|call| within(call, &read))
    })
}

fn within(outer: &ByteRange, inner: &ByteRange) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// The offsets in `text` where `word` stands as a whole identifier.
fn word_occurrences<'t>(text: &'t str, word: &'t str) -> impl Iterator<Item = usize> + 't {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).filter_map(move |(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        (!before.is_some_and(is_ident) && !after.is_some_and(is_ident)).then_some(at)
    })
}

/// How deep `value_unused` follows a value out through enclosing blocks.
const MAX_BLOCK_HOPS: usize = 8;

/// What stands before an expression.
enum Before {
    /// Nothing, `;`, `}`, or the end of a complete previous line.
    Statement,
    /// The `{` at this offset opens the block the expression starts.
    Open(usize),
    /// The `->` at this offset: a lambda's parameters or a `when` branch.
    Arrow(usize),
    /// `if (...)`, `while (...)` or `for (...)` without braces: the
    /// expression is the whole body.
    Header,
    /// An operator, a keyword or an opening parenthesis: the value is used.
    Used,
}

/// What follows an expression.
enum After {
    /// The end of the statement; more statements follow in the block.
    Statement,
    /// The `}` at this offset: the expression is the block's last.
    Close,
    /// The expression goes on (`.`, an operator, `else`, an argument list).
    Continues,
}

/// The file's text with its comments and string literals stepped over, so
/// that braces inside them do not count.
struct Scanner<'a> {
    model: &'a Model,
    text: &'a [u8],
    /// Sorted, non-overlapping: string literals (false) and comments (true).
    opaque: Vec<(ByteRange, bool)>,
}

/// Words after which a new line still continues the expression.
const CONTINUING_WORDS: &[&str] = &[
    "else", "return", "throw", "in", "is", "as", "to", "and", "or", "try", "await", "if", "when",
    "while", "do",
];

impl<'a> Scanner<'a> {
    fn new(model: &'a Model, text: &'a str) -> Scanner<'a> {
        let mut opaque: Vec<(ByteRange, bool)> = model
            .comments
            .iter()
            .map(|c| (c.range.clone(), true))
            .collect();
        opaque.extend(model.ids().filter_map(|id| match model.node(id).kind {
            NodeKind::Str(_) => Some((model.node(id).range.clone(), false)),
            _ => None,
        }));
        opaque.sort_by_key(|(r, _)| (r.start, std::cmp::Reverse(r.end)));
        // Keep outermost ranges only (a string inside an interpolation).
        let mut merged: Vec<(ByteRange, bool)> = Vec::with_capacity(opaque.len());
        for (range, comment) in opaque {
            match merged.last_mut() {
                Some((last, _)) if range.start < last.end => last.end = last.end.max(range.end),
                _ => merged.push((range, comment)),
            }
        }
        Scanner {
            model,
            text: text.as_bytes(),
            opaque: merged,
        }
    }

    /// The string or comment holding byte `at`, if any.
    fn opaque_at(&self, at: usize) -> Option<&ByteRange> {
        self.opaque_entry(at).map(|(range, _)| range)
    }

    fn opaque_entry(&self, at: usize) -> Option<&(ByteRange, bool)> {
        let index = self.opaque.partition_point(|(r, _)| r.end <= at);
        self.opaque.get(index).filter(|(r, _)| r.start <= at)
    }

    /// The last byte of the token before `at`, and whether a line break
    /// separates them. A string literal is a token (its closing quote).
    fn prev_token(&self, at: usize) -> Option<(usize, bool)> {
        let mut i = at.min(self.text.len());
        let mut newline = false;
        while i > 0 {
            i -= 1;
            if let Some((range, comment)) = self.opaque_entry(i) {
                if *comment {
                    newline |= self.text[range.clone()].contains(&b'\n');
                    i = range.start;
                    continue;
                }
                return Some((i, newline));
            }
            match self.text[i] {
                b'\n' => newline = true,
                b' ' | b'\t' | b'\r' => {}
                _ => return Some((i, newline)),
            }
        }
        None
    }

    /// The first byte of the token at or after `at`, and whether a line
    /// break comes first.
    fn next_token(&self, at: usize) -> Option<(usize, bool)> {
        let mut i = at;
        let mut newline = false;
        while i < self.text.len() {
            if let Some((range, comment)) = self.opaque_entry(i) {
                if *comment {
                    newline |= self.text[range.clone()].contains(&b'\n');
                    i = range.end;
                    continue;
                }
                return Some((i, newline));
            }
            match self.text[i] {
                b'\n' => newline = true,
                b' ' | b'\t' | b'\r' => {}
                _ => return Some((i, newline)),
            }
            i += 1;
        }
        None
    }

    /// The identifier or keyword ending at byte `last`, with its start.
    fn word_ending_at(&self, last: usize) -> Option<(usize, &'a str)> {
        let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        if !is_word(self.text[last]) || self.opaque_at(last).is_some() {
            return None;
        }
        let mut start = last;
        while start > 0 && is_word(self.text[start - 1]) {
            start -= 1;
        }
        let word = std::str::from_utf8(&self.text[start..=last]).ok()?;
        Some((start, word))
    }

    fn word_starting_at(&self, first: usize) -> &'a str {
        let end = self.text[first..]
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
            .map_or(self.text.len(), |n| first + n);
        std::str::from_utf8(&self.text[first..end]).unwrap_or("")
    }

    /// The unmatched opening bracket `open` before `at` (the one whose
    /// block or list holds `at`).
    fn enclosing_open(&self, at: usize, open: u8, close: u8) -> Option<usize> {
        let mut depth = 0usize;
        let mut i = at;
        while i > 0 {
            i -= 1;
            if let Some(range) = self.opaque_at(i) {
                i = range.start;
                continue;
            }
            let b = self.text[i];
            if b == close {
                depth += 1;
            } else if b == open {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
            }
        }
        None
    }

    fn before(&self, start: usize) -> Before {
        let Some((last, newline)) = self.prev_token(start) else {
            return Before::Statement;
        };
        if self.opaque_at(last).is_some() {
            return if newline {
                Before::Statement
            } else {
                Before::Used
            };
        }
        match self.text[last] {
            b'{' => Before::Open(last),
            b';' | b'}' => Before::Statement,
            b'>' if last > 0 && self.text[last - 1] == b'-' => Before::Arrow(last - 1),
            b')' if !newline => {
                // `if (cond) expr`: the expression is the whole branch.
                let header = self
                    .enclosing_open(last, b'(', b')')
                    .and_then(|open| self.prev_token(open))
                    .and_then(|(word_end, _)| self.word_ending_at(word_end));
                match header {
                    Some((_, "if" | "while" | "for")) => Before::Header,
                    _ => Before::Used,
                }
            }
            b'=' | b'(' | b',' | b'.' | b'&' | b'|' | b'+' | b'-' | b'*' | b'/' | b'%' | b'<'
            | b'>' | b'!' | b'?' | b':' | b'[' => Before::Used,
            _ if newline => match self.word_ending_at(last) {
                Some((_, word)) if CONTINUING_WORDS.contains(&word) => Before::Used,
                _ => Before::Statement,
            },
            _ => Before::Used,
        }
    }

    fn after(&self, end: usize) -> After {
        let Some((first, newline)) = self.next_token(end) else {
            return After::Statement;
        };
        if self.opaque_at(first).is_some() {
            return if newline {
                After::Statement
            } else {
                After::Continues
            };
        }
        match self.text[first] {
            b'}' => After::Close,
            b';' => After::Statement,
            // A chain or an operator may go on after a line break.
            b'.' | b'?' | b'&' | b'|' => After::Continues,
            _ if newline => match self.word_starting_at(first) {
                "else" | "catch" | "finally" | "as" => After::Continues,
                _ => After::Statement,
            },
            _ => After::Continues,
        }
    }

    /// Whether the expression at `start..end` is a statement whose value
    /// goes nowhere.
    fn discarded(&self, start: usize, end: usize, hops: usize) -> bool {
        if hops > MAX_BLOCK_HOPS {
            return false;
        }
        let before = self.before(start);
        let open = match before {
            Before::Used => return false,
            Before::Arrow(arrow) => return self.arrow_discards(arrow, hops),
            Before::Open(open) => Some(open),
            Before::Statement | Before::Header => None,
        };
        match self.after(end) {
            After::Continues => false,
            // An `if` without `else` is no expression: its branch's value
            // goes nowhere; neither does a loop body's.
            After::Statement => true,
            After::Close if matches!(before, Before::Header) => true,
            // Swift gives a block a value only when it is one expression (an
            // implicit return, a branch of an `if` or `switch` expression):
            // after another statement, an expression is a statement of its own.
            After::Close
                if self.model.language == crate::source::Language::Swift
                    && matches!(before, Before::Statement) =>
            {
                true
            }
            After::Close => match open.or_else(|| self.enclosing_open(start, b'{', b'}')) {
                Some(open) => self.block_discards(open, hops + 1),
                None => false,
            },
        }
    }

    /// Whether the value of the block opened at `open` (its last
    /// statement's) goes nowhere.
    fn block_discards(&self, open: usize, hops: usize) -> bool {
        if hops > MAX_BLOCK_HOPS {
            return false;
        }
        for id in self.model.ids() {
            let node = self.model.node(id);
            match &node.kind {
                NodeKind::Closure { .. } if node.range.start == open => {
                    return self.closure_discards(id);
                }
                // A Kotlin block body returns nothing without `return`;
                // Swift returns a lone expression, from a function that
                // declares a return type; Rust a last one.
                NodeKind::Function(function)
                    if self.first_brace(function.name_range.end, node.range.end) == Some(open) =>
                {
                    return match self.model.language {
                        crate::source::Language::Kotlin => true,
                        crate::source::Language::Swift => function.returns.is_none(),
                        _ => false,
                    };
                }
                NodeKind::Loop(_)
                    if self.first_brace(node.range.start, node.range.end) == Some(open) =>
                {
                    return true;
                }
                _ => {}
            }
        }
        // A branch of `if`/`else`, `try`/`catch` or `when`: the value is
        // the whole construct's.
        let Some((last, _)) = self.prev_token(open) else {
            return false;
        };
        if self.text[last] == b'>' && last > 0 && self.text[last - 1] == b'-' {
            return self.arrow_discards(last - 1, hops);
        }
        if self.text[last] == b')' {
            let keyword = self
                .enclosing_open(last, b'(', b')')
                .and_then(|paren| self.prev_token(paren))
                .and_then(|(word_end, _)| self.word_ending_at(word_end));
            return match keyword {
                Some((at, "if" | "catch")) => self.construct_discards(at, hops),
                _ => false,
            };
        }
        match self.word_ending_at(last) {
            Some((at, "else" | "try")) => self.construct_discards(at, hops),
            // `finally`'s value is never the construct's.
            Some((_, "finally")) => true,
            _ => false,
        }
    }

    /// Whether the value of the `if`/`try`/`when` construct whose keyword
    /// (or one of whose `else`/`catch` keywords) starts at `keyword` goes
    /// nowhere. Its end is not looked for: it counts as its block's last
    /// statement, which can only make the answer "used" more often.
    fn construct_discards(&self, keyword: usize, hops: usize) -> bool {
        let mut at = keyword;
        // Walk back `} else`, `} catch (..)` and `else if` to the head.
        for _ in 0..MAX_BLOCK_HOPS * 4 {
            let word = self.word_starting_at(at);
            if word == "else" || word == "catch" {
                let Some((last, _)) = self.prev_token(at) else {
                    return false;
                };
                if self.text[last] != b'}' {
                    return false;
                }
                let Some(open) = self.enclosing_open(last, b'{', b'}') else {
                    return false;
                };
                let Some((before_open, _)) = self.prev_token(open) else {
                    return false;
                };
                let head = if self.text[before_open] == b')' {
                    self.enclosing_open(before_open, b'(', b')')
                        .and_then(|paren| self.prev_token(paren))
                        .and_then(|(word_end, _)| self.word_ending_at(word_end))
                } else {
                    self.word_ending_at(before_open)
                };
                match head {
                    Some((start, "if" | "catch" | "try" | "else")) => at = start,
                    _ => return false,
                }
                continue;
            }
            if word == "if" {
                // `else if`: the head is further back.
                if let Some((last, _)) = self.prev_token(at) {
                    if let Some((start, "else")) = self.word_ending_at(last) {
                        at = start;
                        continue;
                    }
                }
            }
            break;
        }
        match self.before(at) {
            Before::Used | Before::Header => false,
            Before::Arrow(arrow) => self.arrow_discards(arrow, hops + 1),
            Before::Open(open) => self.block_discards(open, hops + 1),
            Before::Statement => match self.enclosing_open(at, b'{', b'}') {
                Some(open) => self.block_discards(open, hops + 1),
                None => false,
            },
        }
    }

    /// After `->`: a lambda's parameter list, or a `when` branch.
    fn arrow_discards(&self, arrow: usize, hops: usize) -> bool {
        let Some(open) = self.enclosing_open(arrow, b'{', b'}') else {
            return false;
        };
        let params = &self.text[open + 1..arrow];
        let is_param = |b: &u8| b.is_ascii_alphanumeric() || b" \t\r\n_,:()<>?.".contains(b);
        let lambda = self.model.ids().any(|id| {
            let node = self.model.node(id);
            matches!(node.kind, NodeKind::Closure { .. }) && node.range.start == open
        });
        if lambda && params.iter().all(is_param) {
            return self.block_discards(open, hops + 1);
        }
        // `when (x) { a -> expr }` or `when { cond -> expr }`.
        let Some((last, _)) = self.prev_token(open) else {
            return false;
        };
        let head = if self.text[last] == b')' {
            self.enclosing_open(last, b'(', b')')
                .and_then(|paren| self.prev_token(paren))
                .and_then(|(word_end, _)| self.word_ending_at(word_end))
        } else {
            self.word_ending_at(last)
        };
        match head {
            Some((start, "when")) => self.construct_discards(start, hops + 1),
            _ => false,
        }
    }

    /// A closure's value goes nowhere when the call it is handed to is
    /// known to drop it (`forEach`, `setOnClickListener`, `launch`).
    fn closure_discards(&self, closure: NodeId) -> bool {
        match self
            .model
            .node(closure)
            .parent
            .map(|p| &self.model.node(p).kind)
        {
            Some(NodeKind::Call(call)) => {
                crate::catalog::discards_closure_result(self.model.language, &call.name)
            }
            _ => false,
        }
    }

    /// The first `{` in `from..to` outside parentheses, strings and comments.
    fn first_brace(&self, from: usize, to: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut i = from;
        while i < to.min(self.text.len()) {
            if let Some(range) = self.opaque_at(i) {
                i = range.end;
                continue;
            }
            match self.text[i] {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth = depth.saturating_sub(1),
                b'{' if depth == 0 => return Some(i),
                b'=' if depth == 0 => return None,
                _ => {}
            }
            i += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{value_only_logged, value_unused};
    use crate::source::{Language, SourceFile};

    /// For each `commit` call in the Kotlin snippet (wrapped in a class and
    /// a function unless it declares its own), whether its value is unused.
    fn unused_commits(body: &str) -> Vec<bool> {
        let src = if body.contains("fun ") {
            body.to_string()
        } else {
            format!("class C {{\n    fun f() {{\n{body}\n    }}\n}}\n")
        };
        unused_values("t.kt", Language::Kotlin, &src, "commit")
    }

    /// For each call of `name` in `src`, whether its value is unused.
    fn unused_values(path: &str, language: Language, src: &str, name: &str) -> Vec<bool> {
        let file = SourceFile::from_text(path, language, src);
        let model = crate::lang::lower(&file).expect("parses");
        model
            .calls()
            .filter(|(_, call)| call.name == name)
            .map(|(id, _)| value_unused(&model, &file.text, id))
            .collect()
    }

    #[test]
    fn statements_discard_their_value() {
        assert_eq!(
            unused_commits("prefs.edit().putInt(\"a\", 1).commit()"),
            [true]
        );
        assert_eq!(
            unused_commits("log()\nprefs.edit().commit()\nlog()"),
            [true]
        );
        assert_eq!(unused_commits("a = 1; editor.commit(); b()"), [true]);
        assert_eq!(
            unused_commits("prefs.edit()\n    .putInt(\"a\", 1)\n    .commit() // saved\nlog()"),
            [true]
        );
        assert_eq!(unused_commits("// before\neditor.commit()"), [true]);
        assert_eq!(unused_commits("val s = \"{\"\neditor.commit()"), [true]);
    }

    #[test]
    fn used_values() {
        assert_eq!(unused_commits("val ok = editor.commit()"), [false]);
        assert_eq!(unused_commits("val ok =\n    editor.commit()"), [false]);
        assert_eq!(unused_commits("ok = editor.commit()"), [false]);
        assert_eq!(unused_commits("if (!editor.commit()) log()"), [false]);
        assert_eq!(unused_commits("if (editor.commit()) log()"), [false]);
        assert_eq!(unused_commits("check(editor.commit())"), [false]);
        assert_eq!(unused_commits("editor.commit() || fail()"), [false]);
        assert_eq!(unused_commits("editor.commit()\n    || fail()"), [false]);
        assert_eq!(unused_commits("editor.commit().also { log(it) }"), [false]);
        assert_eq!(unused_commits("ok = ok && editor.commit()"), [false]);
        assert_eq!(
            unused_commits("val ok = if (a) editor.commit() else false"),
            [false]
        );
        assert_eq!(
            unused_commits("val ok = if (a) {\n    editor.commit()\n} else false"),
            [false]
        );
        assert_eq!(unused_commits("val ok = run { editor.commit() }"), [false]);
        assert_eq!(
            unused_commits("val ok = when (a) {\n    1 -> editor.commit()\n    else -> false\n}"),
            [false]
        );
        assert_eq!(
            unused_commits("val ok = try {\n    editor.commit()\n} catch (e: Exception) { false }"),
            [false]
        );
    }

    #[test]
    fn returned_values() {
        assert_eq!(
            unused_commits("class C {\n    fun save() = prefs.edit().commit()\n}"),
            [false]
        );
        assert_eq!(
            unused_commits("fun save(): Boolean {\n    return prefs.edit().commit()\n}"),
            [false]
        );
        assert_eq!(
            unused_commits("fun save() = run {\n    prefs.edit().commit()\n}"),
            [false]
        );
        assert_eq!(
            unused_commits("fun save(): Boolean = retry { editor.commit() }"),
            [false]
        );
    }

    #[test]
    fn last_statements_of_blocks_whose_value_goes_nowhere() {
        assert_eq!(unused_commits("if (a) {\n    editor.commit()\n}"), [true]);
        assert_eq!(unused_commits("if (a) editor.commit()"), [true]);
        assert_eq!(unused_commits("if (a) editor.commit() else log()"), [false]);
        assert_eq!(
            unused_commits("if (a) {\n    log()\n} else if (b) {\n    editor.commit()\n} else {\n    other.commit()\n}"),
            [true, true]
        );
        assert_eq!(
            unused_commits("for (x in xs) {\n    editor.commit()\n}"),
            [true]
        );
        assert_eq!(unused_commits("while (a) editor.commit()"), [true]);
        assert_eq!(
            unused_commits(
                "when (a) {\n    1 -> editor.commit()\n    else -> { other.commit() }\n}"
            ),
            [true, true]
        );
        assert_eq!(
            unused_commits("try {\n    editor.commit()\n} finally {\n    other.commit()\n}"),
            [true, true]
        );
        assert_eq!(
            unused_commits("button.setOnClickListener { editor.commit() }"),
            [true]
        );
        assert_eq!(
            unused_commits("items.forEach { item ->\n    editor.commit()\n}"),
            [true]
        );
        // The callee may read a lambda's value: unknown calls count as using it.
        assert_eq!(unused_commits("retry { editor.commit() }"), [false]);
        assert_eq!(unused_commits("items.map { editor.commit() }"), [false]);
    }

    /// For each `commit` call in the Kotlin snippet, whether its value only
    /// goes into a log line.
    fn logged_commits(body: &str) -> Vec<bool> {
        let src = format!("class C {{\n    fun f() {{\n{body}\n    }}\n}}\n");
        let file = SourceFile::from_text("t.kt", Language::Kotlin, &src);
        let model = crate::lang::lower(&file).expect("parses");
        model
            .calls()
            .filter(|(_, call)| call.name == "commit")
            .map(|(id, _)| value_only_logged(&model, &src, id))
            .collect()
    }

    /// For each `synchronize` call in the Swift snippet, whether its value is unused.
    fn unused_synchronizes(src: &str) -> Vec<bool> {
        unused_values("t.swift", Language::Swift, src, "synchronize")
    }

    #[test]
    fn swift_blocks_of_several_statements_have_no_value() {
        let branch = "func f() {\n    if d.object(forKey: \"k\") == nil {\n        d.set(1, forKey: \"k\")\n        d.synchronize()\n    }\n}\n";
        assert_eq!(unused_synchronizes(branch), [true]);
        let closure = "let save = {\n    d.set(1, forKey: \"k\")\n    d.synchronize()\n}\n";
        assert_eq!(unused_synchronizes(closure), [true]);
        // Alone in its block, the expression may be the block's value.
        let implicit_return = "let ok = flag ? true : {\n    d.synchronize()\n}()\n";
        assert_eq!(unused_synchronizes(implicit_return), [false]);
        let returned = "func f() -> Bool {\n    d.synchronize()\n}\n";
        assert_eq!(unused_synchronizes(returned), [false]);
    }

    #[test]
    fn logged_values() {
        assert_eq!(logged_commits("Log.d(TAG, \"ok \" + e.commit())"), [true]);
        assert_eq!(logged_commits("Timber.d(\"%s\", e.commit())"), [true]);
        assert_eq!(logged_commits("println(e.commit())"), [true]);
        assert_eq!(logged_commits("LOG.warn(\"ok={}\", e.commit())"), [true]);
        assert_eq!(
            logged_commits("logger.info { \"ok ${e.commit()}\" }"),
            [true]
        );
        assert_eq!(
            logged_commits("android.util.Log.w(TAG, \"ok=${e.commit()}\")"),
            [true]
        );
    }

    #[test]
    fn locals_only_logged() {
        assert_eq!(
            logged_commits("val ok = e.commit()\nTimber.d(\"saved $ok\")"),
            [true]
        );
        assert_eq!(
            logged_commits("val ok = e.commit()\nLog.d(TAG, \"a\" + ok)\nLog.i(TAG, \"b ${ok}\")"),
            [true]
        );
        // Read once outside a log call: something may depend on it.
        assert_eq!(
            logged_commits("val ok = e.commit()\nLog.d(TAG, \"saved $ok\")\nif (!ok) retry()"),
            [false]
        );
        assert_eq!(logged_commits("val ok = e.commit()\nreturn ok"), [false]);
        // A longer name that starts with the local's is another name.
        assert_eq!(
            logged_commits("val ok = e.commit()\nLog.d(TAG, \"$ok\")\nokay(1)"),
            [true]
        );
    }

    #[test]
    fn values_acted_on_besides_a_log() {
        assert_eq!(
            logged_commits("if (!e.commit()) Log.e(TAG, \"failed\")"),
            [false]
        );
        assert_eq!(logged_commits("check(e.commit())"), [false]);
        assert_eq!(logged_commits("report(TAG, \"ok ${e.commit()}\")"), [false]);
        assert_eq!(
            logged_commits("Log.d(TAG, \"ok \" + e.commit().also { if (!it) retry() })"),
            [false]
        );
        // The lambda's value is the commit's, not a message.
        assert_eq!(logged_commits("logger.debug { e.commit() }"), [false]);
        // A method named like a log level on something that is no logger.
        assert_eq!(logged_commits("player.info(e.commit())"), [false]);
    }
}
