//! The Kotlin frontend: tree-sitter-kotlin-ng syntax trees lowered into the model.
//!
//! The grammar has weaknesses this file works around:
//! - a class-like body whose last member is followed by `}` on the same line
//!   (`interface R { fun run() }`, `companion object { const val X = 1 }`)
//!   becomes an ERROR node that can swallow the rest of the file, and so does
//!   a block comment at the start of a line. We re-parse a copy where the
//!   blank before such a `}` is a newline and block comments are blanked (same
//!   length, so every offset still points into the original text), and if
//!   errors remain, parse each top-level declaration on its own.
//! - syntax the grammar does not know (context parameters, explicit backing
//!   fields, guards in `when`, `open()` called as a function, an annotated
//!   primary constructor on lines of its own) makes one ERROR of a whole
//!   class. `recover_members` blanks the members (and class headers) that do
//!   not parse, so the rest of the class parses in place, and parses each
//!   blanked member on its own to lower it where it stands; an ERROR that
//!   still holds a function's loose `fun name(...) {` tokens gets its
//!   Function back (`Lowerer::loose_function`).
//! - `$name` templates in ordinary strings and `\uXXXX` escapes are not
//!   recognised, so string values are decoded from the source text; only the
//!   `${...}` interpolation nodes are taken from the tree.

use std::borrow::Cow;
use std::time::Duration;

use tree_sitter::{Node as TsNode, Tree};

use crate::catalog::is_iteration_call;
use crate::lang::treesitter::{
    child_of_kind, children, collect_comments_and_errors, concatenate, named_children,
    pick_constant, text_of, BudgetedParser, ConstantDef, Constants, JumpExits, JumpSyntax,
    KindName, Piece, MAX_CONSTANT_DEPTH,
};
use crate::lang::{binding_node, call_node, set_binding_init, set_call_args, set_kind, ParseError};
use crate::model::{
    Arg, BindingKind, Function, FunctionKind, Leaves, LoopKind, Model, NodeId, NodeKind, Segment,
    StrBuilder, StrLit, Value, MAX_CHAIN_SEGMENTS,
};
use crate::source::{ByteRange, Language, SourceFile};

/// Lowers a Kotlin file whose parses may take `budget` together.
pub fn lower(file: &SourceFile, budget: Duration) -> Result<Model, ParseError> {
    // tree-sitter-kotlin's external scanner can loop forever, inside one
    // lexer call where no progress callback reaches, when the input ends
    // mid-declaration without a line break (`var db: T` then `@Before` at
    // the end of the file). Parsing the text with a final newline avoids
    // that state; every offset of the original text stays the same.
    let padded;
    let text = if file.text.ends_with('\n') {
        file.text.as_str()
    } else {
        padded = format!("{}\n", file.text);
        padded.as_str()
    };
    // The header's imports are a sixth of an Android file and a tenth of
    // its parsing: read from the lines, they are blanked for the parser.
    let header = HeaderImports::of(text);
    let parsed_text = header
        .as_ref()
        .map_or(text, |header| header.blanked.as_str());
    let blanks: Cow<[ByteRange]> = match &header {
        Some(header) => Cow::Owned(
            (header.lines.iter())
                .chain(&file.blanked)
                .cloned()
                .collect(),
        ),
        None => Cow::Borrowed(&file.blanked),
    };
    let Parsed {
        trees,
        scanned_comments,
        dropped_headers,
        member_trees,
    } = parse_best(parsed_text, &blanks, budget)?;
    let mut constants = Constants::default();
    for tree in &trees {
        collect_constants(
            text,
            tree.root_node(),
            &mut Vec::new(),
            true,
            &mut constants,
        );
    }
    // The repaired text has no block comments: the scan found them.
    let keep_tree_comments = scanned_comments.is_none();
    let mut model = Model::new(file.language);
    if let Some(header) = header {
        model.imports = header.imports;
    }
    let mut lowerer = Lowerer {
        text,
        model,
        constants,
        constant_values: Default::default(),
        members: (member_trees.iter())
            .map(|(start, tree)| (*start, tree.root_node()))
            .collect(),
        next_member: 0,
        root: None,
        exits: JumpExits::default(),
        orphans: Vec::new(),
    };
    for range in scanned_comments.unwrap_or_default() {
        let text = text.get(range.clone()).unwrap_or("").to_string();
        lowerer
            .model
            .comments
            .push(crate::model::Comment { range, text });
    }
    let ctx = Ctx {
        parent: None,
        scope: Scope::TopLevel,
    };
    for tree in &trees {
        let root = tree.root_node();
        lowerer.enter_root(root);
        collect_comments_and_errors(
            &mut lowerer.model,
            text,
            root,
            &["line_comment", "block_comment"],
            keep_tree_comments,
        );
        for child in named_children(root) {
            lowerer.lower_node(child, ctx);
        }
    }
    // Members whose class the trees do not show belong to no type.
    lowerer.lower_members_before(usize::MAX, 0, ctx);
    for orphan in std::mem::take(&mut lowerer.orphans) {
        lowerer.enter_root(orphan);
        for child in named_children(orphan) {
            lowerer.lower_node(child, ctx);
        }
    }
    for (_, member) in &member_trees {
        collect_comments_and_errors(
            &mut lowerer.model,
            text,
            member.root_node(),
            &["line_comment", "block_comment"],
            false,
        );
    }
    let mut model = lowerer.model;
    for tree in &trees {
        crate::lang::treesitter::mark_conditional_calls(&mut model, tree.root_node(), &JUMPS);
    }
    model.unparsed.extend(dropped_headers);
    model.unparsed.sort_by_key(|range| range.start);
    model.clamp_ranges(file.text.len());
    Ok(model)
}

/// The imports of a file's header, when each is written plainly on a line
/// of its own (`import a.b.C`, `import a.b.*`, `import a.b.C as D`, no
/// comment), and the text with those lines blanked (offsets kept). None
/// when the file has no import, or one written otherwise: the parser then
/// reads them all, and they keep their order.
struct HeaderImports {
    imports: Vec<String>,
    blanked: String,
    /// The import lines blanked, without their line breaks.
    lines: Vec<ByteRange>,
}

impl HeaderImports {
    fn of(text: &str) -> Option<HeaderImports> {
        let mut imports = Vec::new();
        let mut lines = Vec::new();
        let mut offset = 0;
        let mut in_comment = false;
        for line in text.split_inclusive('\n') {
            let start = offset;
            offset += line.len();
            let code = line.trim();
            // Kotlin's block comments nest: one opened inside another, or
            // code after one on its line, ends the reading.
            if in_comment {
                match code.split_once("*/") {
                    _ if code.contains("/*") => break,
                    Some((_, "")) => in_comment = false,
                    Some(_) => break,
                    None => {}
                }
                continue;
            }
            if code.is_empty() || code.starts_with("//") {
                continue;
            }
            if let Some(comment) = code.strip_prefix("/*") {
                match comment.split_once("*/") {
                    _ if comment.contains("/*") => break,
                    Some((_, "")) => {}
                    Some(_) => break,
                    None => in_comment = true,
                }
                continue;
            }
            if code.starts_with("package ") && !code.contains("/*") {
                continue;
            }
            if code.starts_with("@file:") && ends_on_its_line(code) {
                continue;
            }
            if !code.starts_with("import") {
                break;
            }
            imports.push(plain_import(code)?);
            lines.push(start..start + line.trim_end_matches(['\n', '\r']).len());
        }
        if imports.is_empty() {
            return None;
        }
        let mut blanked = text.as_bytes().to_vec();
        for line in &lines {
            blanked[line.clone()].fill(b' ');
        }
        // Whole lines of ASCII were blanked: still UTF-8.
        let blanked = String::from_utf8(blanked).ok()?;
        Some(HeaderImports {
            imports,
            blanked,
            lines,
        })
    }
}

/// The path `import a.b.C`, `import a.b.*` or `import a.b.C as D` (with an
/// optional `;`) imports, as the lowering records it (`a.b.C`, `a.b.*`):
/// None for anything else (a comment, a backquoted or non-ASCII name).
fn plain_import(code: &str) -> Option<String> {
    let rest = code.strip_prefix("import")?;
    let rest = rest.strip_suffix(';').unwrap_or(rest).trim_end();
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let mut words = rest.split_ascii_whitespace();
    let path = words.next()?;
    match (words.next(), words.next(), words.next()) {
        (None, ..) => {}
        (Some("as"), Some(alias), None) if is_plain_name(alias) => {}
        _ => return None,
    }
    let names = path.strip_suffix(".*").unwrap_or(path);
    names
        .split('.')
        .all(is_plain_name)
        .then(|| path.to_string())
}

fn is_plain_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether a file annotation ends on its line: its parentheses and quotes
/// close there, and it opens no comment or raw string.
fn ends_on_its_line(code: &str) -> bool {
    code.matches('(').count() == code.matches(')').count()
        && code.matches('"').count().is_multiple_of(2)
        && !code.contains("\"\"\"")
        && !code.contains("/*")
}

/// What `parse_best` found: one tree for the whole file when the grammar
/// copes with it; otherwise one per top-level declaration, so that an ERROR
/// cannot swallow what follows it. All trees index the original text.
struct Parsed {
    trees: Vec<Tree>,
    /// When the trees were parsed from a repaired copy of the text, which
    /// has no block comments: the comments the scan found.
    scanned_comments: Option<Vec<ByteRange>>,
    /// Class headers left out of the trees because they do not parse
    /// (`recover_members`).
    dropped_headers: Vec<ByteRange>,
    /// Members left out of the trees because they do not parse in their
    /// class, each parsed on its own, in source order, with its offset.
    member_trees: Vec<(usize, Tree)>,
}

fn parse_best(text: &str, blanks: &[ByteRange], budget: Duration) -> Result<Parsed, ParseError> {
    let mut parser = BudgetedParser::new(tree_sitter_kotlin_ng::LANGUAGE.into(), "Kotlin", budget)?;
    let tree = parser.parse_skipping(text, blanks)?;
    if !tree.root_node().has_error() {
        return Ok(Parsed {
            trees: vec![tree],
            scanned_comments: None,
            dropped_headers: Vec::new(),
            member_trees: Vec::new(),
        });
    }
    let scan = scan(text);
    let repaired_tree = parser.parse(&scan.repaired)?;
    let (mut text, mut tree, mut comments) =
        if error_bytes(repaired_tree.root_node()) < error_bytes(tree.root_node()) {
            (
                Cow::Borrowed(scan.repaired.as_str()),
                repaired_tree,
                Some(scan.comments.clone()),
            )
        } else {
            (Cow::Borrowed(text), tree, None)
        };
    let mut dropped_headers = Vec::new();
    let mut member_trees = Vec::new();
    // Recovery is a bonus: when it runs out of time, the file is lowered
    // from what the earlier parses found.
    if let Ok(Some(recovered)) = recover_parse(&mut parser, &scan, &tree) {
        text = Cow::Owned(recovered.recovery.text);
        tree = recovered.tree;
        comments = Some(scan.comments.clone());
        dropped_headers = recovered.recovery.headers;
        member_trees = recovered.member_trees;
    }
    let whole = |tree, scanned_comments, dropped_headers, member_trees| Parsed {
        trees: vec![tree],
        scanned_comments,
        dropped_headers,
        member_trees,
    };
    if !tree.root_node().has_error() || scan.chunk_starts.len() < 2 {
        return Ok(whole(tree, comments, dropped_headers, member_trees));
    }
    let mut bounds = scan.chunk_starts.clone();
    if bounds.first() != Some(&0) {
        bounds.insert(0, 0);
    }
    bounds.push(text.len());
    let mut chunk_trees = Vec::new();
    for pair in bounds.windows(2) {
        let (start, end) = (pair[0], pair[1]);
        if text[start..end].trim().is_empty() {
            continue;
        }
        match parser.parse_range(&text, start..end)? {
            Some(chunk) => chunk_trees.push(chunk),
            None => return Ok(whole(tree, comments, dropped_headers, member_trees)),
        }
    }
    let chunk_errors: usize = chunk_trees.iter().map(|t| error_bytes(t.root_node())).sum();
    if chunk_errors < error_bytes(tree.root_node()) {
        Ok(Parsed {
            trees: chunk_trees,
            scanned_comments: comments,
            dropped_headers,
            member_trees,
        })
    } else {
        Ok(whole(tree, comments, dropped_headers, member_trees))
    }
}

/// A parse with `recover_members` applied, when it leaves fewer bytes
/// unread than `tree`: the recovery, the tree of its text, and each blanked
/// member parsed on its own with its offset.
struct Recovered {
    recovery: Recovery,
    tree: Tree,
    member_trees: Vec<(usize, Tree)>,
}

fn recover_parse(
    parser: &mut BudgetedParser,
    scan: &Scan,
    tree: &Tree,
) -> Result<Option<Recovered>, ParseError> {
    if !tree.root_node().has_error() {
        return Ok(None);
    }
    let errors = error_ranges(tree.root_node());
    let Some(mut recovery) = recover_members(parser, &scan.repaired, scan, &errors)? else {
        return Ok(None);
    };
    let recovered_tree = parser.parse(&recovery.text)?;
    let lost_bytes: usize = (recovery.headers.iter())
        .chain(&recovery.members)
        .map(ExactSizeIterator::len)
        .sum();
    if error_bytes(recovered_tree.root_node()) + lost_bytes >= error_bytes(tree.root_node()) {
        return Ok(None);
    }
    let mut member_trees = Vec::new();
    for member in std::mem::take(&mut recovery.members) {
        let start = member.start;
        if let Some(member_tree) = parser.parse_range(&scan.repaired, member)? {
            member_trees.push((start, member_tree));
        }
    }
    Ok(Some(Recovered {
        recovery,
        tree: recovered_tree,
        member_trees,
    }))
}

/// A class-like body the scan found (`class`, `interface`, `object`,
/// `companion object`, `enum class`).
struct ClassBody {
    /// Where the declaration starts (its annotations and modifiers).
    start: usize,
    /// The offsets of its `{` and `}`.
    open: usize,
    close: usize,
    /// How many braces are open around the declaration.
    depth: usize,
}

/// The class-like bodies of a file, from the braces and declaration lines
/// the scan found: a brace whose declaration (the last one that starts at
/// the same depth) is a class, interface or object.
fn class_bodies(text: &str, scan: &Scan) -> Vec<ClassBody> {
    let mut bodies = Vec::new();
    for &(open, close, depth) in &scan.braces {
        let starts = scan.chunk_starts.iter().filter(|_| depth == 0).chain(
            scan.member_starts
                .iter()
                .filter(|(_, d)| *d == depth)
                .map(|(at, _)| at),
        );
        let mut starts: Vec<usize> = starts.copied().filter(|&at| at < open).collect();
        starts.sort_unstable();
        // An annotated primary constructor on a line of its own starts like
        // a declaration: the class is the start before it.
        let mut is_class = false;
        let mut start = 0;
        for &candidate in starts.iter().rev() {
            let header = &text[candidate..open];
            if header.contains(['{', '}']) {
                break;
            }
            if let Some((_, word)) = declaration_keyword(header) {
                is_class = matches!(word, "class" | "interface" | "object");
                start = candidate;
                break;
            }
        }
        if is_class {
            bodies.push(ClassBody {
                start,
                open,
                close,
                depth,
            });
        }
    }
    bodies.sort_by_key(|body| body.start);
    bodies
}

/// The words of a declaration header outside parentheses, brackets and
/// angle brackets, that are not a member reference (`X::class`) or part of
/// a dotted name or an annotation; with their offsets.
fn header_words(header: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut nesting = 0usize;
    let mut i = 0;
    let bytes = header.as_bytes();
    while i < bytes.len() {
        let byte = bytes[i];
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            let end = header[i..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(header.len(), |len| i + len);
            let qualified = i > 0 && matches!(bytes[i - 1], b':' | b'.' | b'@');
            if nesting == 0 && !qualified {
                words.push((i, &header[i..end]));
            }
            i = end;
            continue;
        }
        match byte {
            b'(' | b'[' | b'<' => nesting += 1,
            b')' | b']' | b'>' => nesting = nesting.saturating_sub(1),
            _ => {}
        }
        i += header[i..].chars().next().map_or(1, char::len_utf8);
    }
    words
}

/// The keyword that says what a declaration header declares, and its offset.
fn declaration_keyword(header: &str) -> Option<(usize, &str)> {
    header_words(header).into_iter().find(|(_, word)| {
        matches!(
            *word,
            "class" | "interface" | "object" | "fun" | "val" | "var" | "typealias"
        )
    })
}

/// Member-level recovery for the class bodies an ERROR reaches into from
/// outside one member. tree-sitter-kotlin gives up on a whole class (and
/// drops its functions) at syntax it does not know: context parameters,
/// explicit backing fields, guards in `when`, an annotated primary
/// constructor on its own line. In a same-length copy of `text`, a member
/// that does not parse on its own (inside an empty class) is blanked, so
/// that the rest of its class parses with the right offsets and parents;
/// a class header that does not parse keeps only its keywords and name.
/// None when nothing was blanked.
fn recover_members(
    parser: &mut BudgetedParser,
    text: &str,
    scan: &Scan,
    errors: &[ByteRange],
) -> Result<Option<Recovery>, ParseError> {
    // An error inside one piece is tree-sitter's own local recovery: the
    // rest of the class is already there.
    let escapes = |piece: &ByteRange| {
        errors.iter().any(|error| {
            error.start < piece.end
                && piece.start < error.end
                && !(piece.start <= error.start && error.end <= piece.end)
        })
    };
    let mut out = text.as_bytes().to_vec();
    let mut headers = Vec::new();
    let mut members_lost = Vec::new();
    let bodies = class_bodies(text, scan);
    for body in &bodies {
        let header = body.start..body.open;
        if escapes(&(body.start..body.close + 1))
            && escapes(&header)
            && has_error(parser, &format!("{}{{\n}}\n", &text[header.clone()]))?
        {
            keep_declaration_words(&mut out, text, header.clone());
            headers.push(header);
        }
        let members: Vec<usize> = scan
            .member_starts
            .iter()
            .filter(|&&(at, depth)| depth == body.depth + 1 && body.open < at && at < body.close)
            .map(|&(at, _)| at)
            .collect();
        for (index, &start) in members.iter().enumerate() {
            let end = members.get(index + 1).copied().unwrap_or(body.close);
            let piece = &text[start..end];
            let member =
                start + (piece.len() - piece.trim_start().len())..start + piece.trim_end().len();
            // A nested class is recovered member by member as a body of its own.
            let nested = bodies.iter().any(|b| b.start == start);
            if nested || !escapes(&member) {
                continue;
            }
            if has_error(
                parser,
                &format!("class C {{\n{}\n}}\n", &text[member.clone()]),
            )? {
                blank(&mut out, member.clone());
                members_lost.push(member);
            }
        }
    }
    if headers.is_empty() && members_lost.is_empty() {
        return Ok(None);
    }
    members_lost.sort_by_key(|range| range.start);
    // Only ASCII replaced whole characters' bytes, so the copy is UTF-8.
    Ok(String::from_utf8(out).ok().map(|text| Recovery {
        text,
        headers,
        members: members_lost,
    }))
}

/// What `recover_members` did.
struct Recovery {
    /// The copy of the text, same length, with what does not parse blanked.
    text: String,
    /// Class headers reduced to their keywords and name.
    headers: Vec<ByteRange>,
    /// Members blanked whole, in source order.
    members: Vec<ByteRange>,
}

fn has_error(parser: &mut BudgetedParser, text: &str) -> Result<bool, ParseError> {
    Ok(parser.parse(text)?.root_node().has_error())
}

/// Spaces over `range` of a same-length copy, keeping line breaks.
fn blank(out: &mut [u8], range: ByteRange) {
    for byte in &mut out[range] {
        if !matches!(*byte, b'\n' | b'\r') {
            *byte = b' ';
        }
    }
}

/// Blanks a class header but for what says what it declares: `companion`,
/// `enum`, `fun` (interface), the keyword and the name after it.
fn keep_declaration_words(out: &mut [u8], text: &str, header: ByteRange) {
    let words = header_words(&text[header.clone()]);
    let keyword = words
        .iter()
        .position(|(_, word)| matches!(*word, "class" | "interface" | "object"));
    blank(out, header.clone());
    let Some(keyword) = keyword else {
        return;
    };
    let mut kept: Vec<(usize, &str)> = words[..keyword]
        .iter()
        .filter(|(_, word)| matches!(*word, "companion" | "enum" | "fun"))
        .copied()
        .collect();
    kept.extend(words.get(keyword..keyword + 2).unwrap_or(&words[keyword..]));
    for (at, word) in kept {
        let start = header.start + at;
        out[start..start + word.len()].copy_from_slice(word.as_bytes());
    }
}

/// The offset of the `}` that closes the `{` at `open`, skipping strings,
/// character literals and comments.
fn matching_brace(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let at = |i: usize, s: &[u8]| bytes.get(i..i + s.len()) == Some(s);
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        if at(i, b"//") {
            i += text[i..].find('\n').unwrap_or(text.len() - i);
            continue;
        }
        if at(i, b"/*") {
            i += text[i..].find("*/").map_or(text.len() - i, |end| end + 2);
            continue;
        }
        if at(i, b"\"\"\"") {
            i += 3;
            i += text[i..]
                .find("\"\"\"")
                .map_or(text.len() - i, |end| end + 3);
            continue;
        }
        match bytes[i] {
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The outermost ERROR nodes' ranges.
fn error_ranges(node: TsNode) -> Vec<ByteRange> {
    if node.is_error() {
        return vec![node.byte_range()];
    }
    if !node.has_error() {
        return Vec::new();
    }
    named_children(node)
        .into_iter()
        .flat_map(error_ranges)
        .collect()
}

/// How many bytes ERROR nodes cover (outermost ones only).
fn error_bytes(node: TsNode) -> usize {
    error_ranges(node).iter().map(ExactSizeIterator::len).sum()
}

/// What a lexical pass over the file finds for error recovery.
struct Scan {
    /// A copy of the text, of the same length, where a space or tab right
    /// before a code `}` (not in a string, comment, character literal or
    /// template) is a newline, and block comments are blanked. Kotlin allows
    /// a newline before any closing brace, so this changes no meaning, and
    /// the grammar needs one after the last member of a class body; it also
    /// loses its way on a block comment that starts a line.
    repaired: String,
    /// Every comment, with its markers.
    comments: Vec<ByteRange>,
    /// Offsets of lines outside any bracket that start a declaration.
    chunk_starts: Vec<usize>,
    /// Lines inside braces (and outside parentheses) that start a member
    /// declaration: their offset and how many braces are open there.
    member_starts: Vec<(usize, usize)>,
    /// Matched code braces (not those of `${...}` templates): the offsets
    /// of `{` and `}`, and how many braces are open before the `{`.
    braces: Vec<(usize, usize, usize)>,
}

const DECLARATION_WORDS: &[&str] = &[
    "package",
    "import",
    "fun",
    "class",
    "interface",
    "object",
    "val",
    "var",
    "enum",
    "data",
    "sealed",
    "abstract",
    "open",
    "private",
    "internal",
    "public",
    "protected",
    "inline",
    "suspend",
    "const",
    "typealias",
    "annotation",
    "override",
    "lateinit",
    "expect",
    "actual",
    "value",
    "tailrec",
    "operator",
    "infix",
    "external",
    "final",
];

/// Words that start a member of a class body but not a top-level
/// declaration. `context(...)` is a context-parameter list the grammar does
/// not know: as a member of its own it can be dropped alone.
const MEMBER_WORDS: &[&str] = &["init", "constructor", "companion", "inner", "context"];

fn scan(text: &str) -> Scan {
    enum Mode {
        Code { open_braces: usize },
        Str,
        RawStr,
    }
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let mut comments = Vec::new();
    let mut chunk_starts = Vec::new();
    let mut previous_line_is_annotation = false;
    let mut member_starts = Vec::new();
    let mut previous_member_line_is_annotation = false;
    let mut braces = Vec::new();
    let mut open_stack = Vec::new();
    let mut top_level_parens = 0usize;
    let mut modes = vec![Mode::Code { open_braces: 0 }];
    let mut i = 0;
    let at = |i: usize, s: &[u8]| bytes.get(i..i + s.len()) == Some(s);
    while i < bytes.len() {
        let byte = bytes[i];
        let in_template = modes.len() > 1;
        let Some(mode) = modes.last_mut() else {
            break;
        };
        match mode {
            Mode::Code { open_braces } => {
                let line_start = i == 0 || bytes[i - 1] == b'\n';
                if line_start && !in_template && *open_braces == 0 && top_level_parens == 0 {
                    let line = text.get(i..).unwrap_or("");
                    let line = line[..line.find('\n').unwrap_or(line.len())].trim_start();
                    if !line.trim().is_empty() {
                        let word_end = line
                            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .unwrap_or(line.len());
                        let starts_declaration =
                            line.starts_with('@') || DECLARATION_WORDS.contains(&&line[..word_end]);
                        if starts_declaration && !previous_line_is_annotation {
                            chunk_starts.push(i);
                        }
                        previous_line_is_annotation = line.starts_with('@');
                    }
                }
                if line_start && !in_template && *open_braces > 0 && top_level_parens == 0 {
                    let line = text.get(i..).unwrap_or("");
                    let line = line[..line.find('\n').unwrap_or(line.len())].trim();
                    if !line.is_empty() && !line.starts_with("//") {
                        if starts_member(line) && !previous_member_line_is_annotation {
                            member_starts.push((i, *open_braces));
                        }
                        previous_member_line_is_annotation = line.starts_with('@');
                    }
                }
                if at(i, b"//") {
                    let start = i;
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                    let end = if bytes[i - 1] == b'\r' { i - 1 } else { i };
                    comments.push(start..end);
                    continue;
                }
                if at(i, b"/*") {
                    let start = i;
                    let mut depth = 0usize;
                    while i < bytes.len() {
                        if at(i, b"/*") {
                            depth += 1;
                            i += 2;
                        } else if at(i, b"*/") {
                            depth = depth.saturating_sub(1);
                            i += 2;
                            if depth == 0 {
                                break;
                            }
                        } else {
                            i += 1;
                        }
                    }
                    let end = i.min(bytes.len());
                    for byte in &mut out[start..end] {
                        if !matches!(*byte, b'\n' | b'\r') {
                            *byte = b' ';
                        }
                    }
                    comments.push(start..end);
                    continue;
                }
                match byte {
                    b'"' if at(i, b"\"\"\"") => {
                        modes.push(Mode::RawStr);
                        i += 3;
                        continue;
                    }
                    b'"' => modes.push(Mode::Str),
                    b'\'' | b'`' => {
                        i += 1;
                        while i < bytes.len() && bytes[i] != byte && bytes[i] != b'\n' {
                            i += if bytes[i] == b'\\' { 2 } else { 1 };
                        }
                    }
                    b'(' | b'[' if !in_template => top_level_parens += 1,
                    b')' | b']' if !in_template => {
                        top_level_parens = top_level_parens.saturating_sub(1)
                    }
                    b'{' => {
                        if !in_template {
                            open_stack.push((i, *open_braces));
                        }
                        *open_braces += 1;
                    }
                    b'}' if *open_braces == 0 && in_template => {
                        modes.pop();
                    }
                    b'}' => {
                        if !in_template {
                            if let Some((open, depth)) = open_stack.pop() {
                                braces.push((open, i, depth));
                            }
                        }
                        *open_braces = open_braces.saturating_sub(1);
                        if i > 0 && matches!(bytes[i - 1], b' ' | b'\t') {
                            out[i - 1] = b'\n';
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            Mode::Str => {
                match byte {
                    b'\\' => i += 1,
                    b'"' | b'\n' => {
                        modes.pop();
                    }
                    b'$' if at(i, b"${") => {
                        modes.push(Mode::Code { open_braces: 0 });
                        i += 1;
                    }
                    _ => {}
                }
                i += 1;
            }
            Mode::RawStr => {
                if at(i, b"\"\"\"") {
                    while i < bytes.len() && bytes[i] == b'"' {
                        i += 1;
                    }
                    modes.pop();
                    continue;
                }
                if at(i, b"${") {
                    modes.push(Mode::Code { open_braces: 0 });
                    i += 1;
                }
                i += 1;
            }
        }
    }
    // Only whole comments and ASCII blanks were replaced by ASCII, so the
    // copy is valid UTF-8.
    let repaired = String::from_utf8(out).unwrap_or_else(|_| text.to_string());
    Scan {
        repaired,
        comments,
        chunk_starts,
        member_starts,
        braces,
    }
}

/// Whether a line inside a class body starts a member declaration:
/// `private set` (an accessor of the property above) does not.
fn starts_member(line: &str) -> bool {
    let words: Vec<&str> = line
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .take(2)
        .collect();
    if let Some(annotated) = line.strip_prefix('@') {
        // `@Composable get() = ...` annotates the accessor of the property above.
        let after_name = annotated
            .trim_start_matches(|c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | ':'));
        let rest = after_name.trim_start();
        let accessor = ["get", "set"].iter().any(|word| {
            rest.strip_prefix(word)
                .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
        });
        return !accessor;
    }
    let Some(first) = words.first() else {
        return false;
    };
    let starts_word = line.starts_with(first);
    let accessor = matches!(first, &"private" | &"protected" | &"internal" | &"public")
        && matches!(words.get(1), Some(&"get" | &"set"));
    // `context(a: A)` opens a context-parameter list; `context.x` is an
    // expression continued from the line above.
    let context_list = *first != "context"
        || line
            .strip_prefix("context")
            .is_some_and(|rest| rest.starts_with('('));
    starts_word
        && !accessor
        && context_list
        && (DECLARATION_WORDS.contains(first) || MEMBER_WORDS.contains(first))
}

fn is_type_node(kind: &str) -> bool {
    matches!(
        kind,
        "user_type"
            | "nullable_type"
            | "non_nullable_type"
            | "parenthesized_type"
            | "function_type"
            | "dynamic"
    )
}

fn is_lambda(kind: &str) -> bool {
    matches!(
        kind,
        "lambda_literal" | "annotated_lambda" | "anonymous_function"
    )
}

/// What a `val`/`var` declared here is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    TopLevel,
    /// The body of a class, interface, enum or anonymous object.
    Class,
    /// The body of an `object` or `companion object`.
    Object,
    /// A function, accessor, initializer or lambda body.
    Body,
}

#[derive(Clone, Copy)]
struct Ctx {
    parent: Option<NodeId>,
    scope: Scope,
}

impl Ctx {
    fn under(self, parent: NodeId) -> Ctx {
        Ctx {
            parent: Some(parent),
            ..self
        }
    }

    fn body(self, parent: NodeId) -> Ctx {
        Ctx {
            parent: Some(parent),
            scope: Scope::Body,
        }
    }
}

/// The pieces of a call expression once a trailing lambda after an argument
/// list (`repeat(3) { }`, parsed as a call of a call) is folded back in.
struct CallParts<'t> {
    callee: TsNode<'t>,
    arguments: Option<TsNode<'t>>,
    trailing_lambda: Option<TsNode<'t>>,
}

fn call_parts(node: TsNode) -> Option<CallParts> {
    let mut callee = None;
    let mut arguments = None;
    let mut trailing_lambda = None;
    for child in named_children(node) {
        match child.kind_name() {
            "value_arguments" => arguments = Some(child),
            "annotated_lambda" => trailing_lambda = Some(child),
            "type_arguments" => {}
            _ if callee.is_none() => callee = Some(child),
            _ => {}
        }
    }
    let callee = callee?;
    if callee.kind_name() == "call_expression" && arguments.is_none() {
        if let Some(inner) = call_parts(callee) {
            if inner.trailing_lambda.is_none() {
                return Some(CallParts {
                    trailing_lambda,
                    ..inner
                });
            }
        }
    }
    Some(CallParts {
        callee,
        arguments,
        trailing_lambda,
    })
}

/// Kotlin's `trimIndent()` / `trimMargin(prefix)` applied to a literal.
enum Trim {
    Indent,
    Margin(String),
}

/// The type whose body `node` declares things in, if it is one.
fn owner_name(text: &str, node: TsNode) -> Option<String> {
    match node.kind_name() {
        "class_declaration" | "object_declaration" => node
            .child_by_field_name("name")
            .and_then(|n| text.get(n.byte_range()))
            .map(str::to_string),
        "companion_object" => Some(
            node.child_by_field_name("name")
                .and_then(|n| text.get(n.byte_range()))
                .unwrap_or("Companion")
                .to_string(),
        ),
        _ => None,
    }
}

/// Records the file's constants: `val`s at top level and in objects and
/// companions (Kotlin only allows `const val` there). Class members and
/// locals are not constants; `in_object` says which kind of body `node` is.
fn collect_constants<'tree>(
    text: &str,
    node: TsNode<'tree>,
    owners: &mut Vec<String>,
    in_object: bool,
    out: &mut Constants<'tree>,
) {
    for child in named_children(node) {
        match child.kind_name() {
            "property_declaration" if in_object => {
                let kids = children(child);
                let is_val = kids.iter().any(|c| c.kind_name() == "val");
                let name = child_of_kind(child, "variable_declaration")
                    .and_then(|v| child_of_kind(v, "identifier"))
                    .and_then(|n| text.get(n.byte_range()));
                let init = kids
                    .iter()
                    .skip_while(|c| c.kind_name() != "=")
                    .find(|c| c.is_named())
                    .copied();
                if let (true, Some(name), Some(init)) = (is_val, name, init) {
                    out.entry(name.to_string()).or_default().push(ConstantDef {
                        owners: owners.clone(),
                        init,
                    });
                }
            }
            "object_declaration" | "companion_object" | "class_declaration" => {
                owners.push(owner_name(text, child).unwrap_or_default());
                let body = child_of_kind(child, "class_body")
                    .or_else(|| child_of_kind(child, "enum_class_body"));
                if let Some(body) = body {
                    let is_object = child.kind_name() != "class_declaration";
                    collect_constants(text, body, owners, is_object, out);
                }
                owners.pop();
            }
            "ERROR" => collect_constants(text, child, owners, in_object, out),
            _ => {}
        }
    }
}

fn is_plus(node: TsNode) -> bool {
    node.kind_name() == "binary_expression"
        && node
            .child_by_field_name("operator")
            .is_some_and(|op| op.kind_name() == "+")
}

/// The operands of `a + b + c`, which the grammar nests; a parenthesised
/// sum stays one operand.
fn plus_operands<'t>(node: TsNode<'t>, out: &mut Vec<TsNode<'t>>) {
    if !is_plus(node) {
        out.push(node);
        return;
    }
    for side in ["left", "right"] {
        if let Some(operand) = node.child_by_field_name(side) {
            plus_operands(operand, out);
        }
    }
}

/// Type names without the implicit `Companion`: `Note.TABLE` names the
/// constant declared in `Note`'s companion.
fn without_companion(names: &[String]) -> Vec<&str> {
    names
        .iter()
        .map(String::as_str)
        .filter(|n| *n != "Companion")
        .collect()
}

/// A `return`, or a bare `break` (which the grammar reads as a name): the
/// nodes whose exits are read.
fn is_jump(text: &str, node: TsNode) -> bool {
    match node.kind_name() {
        "return_expression" => true,
        "identifier" => text_of(text, node) == "break",
        _ => false,
    }
}

/// The syntax around `return` and `break` (`JumpExits`).
pub(crate) const JUMPS: JumpSyntax = JumpSyntax {
    blocks: &["block", "statements"],
    decided: &[
        ("if_expression", "condition"),
        ("when_expression", "when_subject"),
    ],
    failure_only: &[
        "elvis_expression",
        "catch_block",
        "conjunction_expression",
        "disjunction_expression",
    ],
    failure_only_operators: &["?:", "&&", "||"],
    boundaries: &[
        "for_statement",
        "while_statement",
        "do_while_statement",
        "lambda_literal",
        "anonymous_function",
        "function_declaration",
        "getter",
        "setter",
        "secondary_constructor",
        "anonymous_initializer",
        "class_body",
        "source_file",
    ],
    break_targets: &[],
    jump_words: &["return", "break"],
};

struct Lowerer<'a, 'tree> {
    text: &'a str,
    model: Model,
    constants: Constants<'tree>,
    /// Values of constants already evaluated, keyed by initializer offset.
    constant_values: crate::model::ConstantValues,
    /// Members recovered on their own (`Parsed::member_trees`), in source
    /// order, and the first not yet lowered: each is lowered in the class
    /// body around it, in its place among the other members.
    members: Vec<(usize, TsNode<'tree>)>,
    next_member: usize,
    /// The root of the tree being lowered (constant lookups descend from it).
    root: Option<TsNode<'tree>>,
    /// Where each `return` and `break` under `root` leaves from.
    exits: JumpExits,
    /// Recovered members that lie in no class body of the trees.
    orphans: Vec<TsNode<'tree>>,
}

impl<'a, 'tree> Lowerer<'a, 'tree> {
    /// Lowers under `root` from now on; returns the exits of the root before.
    fn enter_root(&mut self, root: TsNode<'tree>) -> JumpExits {
        self.root = Some(root);
        let text = self.text;
        let exits = JumpExits::of(root, text, &JUMPS, |node| is_jump(text, node));
        std::mem::replace(&mut self.exits, exits)
    }

    fn text(&self, node: TsNode) -> &'a str {
        text_of(self.text, node)
    }

    fn push(&mut self, ctx: Ctx, range: ByteRange, kind: NodeKind) -> NodeId {
        self.model.push(ctx.parent, range, kind)
    }

    /// Lowers any syntax node and returns what the model knows of its value.
    fn lower_node(&mut self, node: TsNode, ctx: Ctx) -> Value {
        if node.is_missing() {
            return Value::Other;
        }
        match node.kind_name() {
            "package_header" => {
                if let Some(name) = child_of_kind(node, "qualified_identifier") {
                    let segments: Vec<&str> = named_children(name)
                        .into_iter()
                        .map(|c| self.text(c))
                        .collect();
                    self.model.package = Some(segments.join("."));
                }
                Value::Other
            }
            "line_comment" | "block_comment" | "type_alias" | "shebang" => Value::Other,
            "import" => {
                self.import(node);
                Value::Other
            }
            "annotation" | "file_annotation" => {
                self.annotation(node, ctx);
                Value::Other
            }
            "ERROR" => {
                self.error(node, ctx);
                Value::Other
            }
            "class_declaration" => {
                self.class(node, ctx);
                Value::Other
            }
            "object_declaration" | "companion_object" | "object_literal" => {
                self.object(node, ctx);
                Value::Other
            }
            "function_declaration" => {
                self.function(node, ctx);
                Value::Other
            }
            "secondary_constructor" => {
                self.secondary_constructor(node, ctx);
                Value::Other
            }
            "anonymous_initializer" => {
                let keyword =
                    child_of_kind(node, "init").map_or(node.byte_range(), |k| k.byte_range());
                let id = self.push_function(ctx, node, "init", FunctionKind::Initializer, keyword);
                self.lower_children(node, ctx.body(id));
                Value::Other
            }
            "getter" | "setter" => {
                self.accessor(node, ctx, "");
                Value::Other
            }
            "property_declaration" => {
                self.property(node, ctx);
                Value::Other
            }
            "for_statement" => {
                self.for_loop(node, ctx);
                Value::Other
            }
            "while_statement" | "do_while_statement" => {
                let forever = node
                    .child_by_field_name("condition")
                    .is_some_and(|c| self.text(c) == "true");
                let kind = if node.kind_name() == "while_statement" && !forever {
                    LoopKind::While
                } else {
                    LoopKind::Repeat
                };
                let id = self.push(ctx, node.byte_range(), NodeKind::Loop(kind));
                self.lower_children(node, ctx.under(id));
                Value::Other
            }
            "assignment" => {
                self.assignment(node, ctx);
                Value::Other
            }
            "return_expression" => {
                // `return@forEach` leaves only its lambda.
                if node.child_by_field_name("label").is_none() {
                    if let Some(exit) = self.exits.exit(node, Leaves::Function) {
                        self.push(ctx, node.byte_range(), NodeKind::Exit(exit));
                    }
                }
                let id = self.push(ctx, node.byte_range(), NodeKind::Return(Value::Other));
                let mut value = Value::Other;
                for child in named_children(node) {
                    if child.kind_name() != "label" {
                        value = self.lower_node(child, ctx.under(id));
                    }
                }
                set_kind(&mut self.model, id, NodeKind::Return(value));
                Value::Other
            }
            "string_literal" | "multiline_string_literal" => {
                Value::Str(self.string(node, ctx, None))
            }
            "binary_expression" if is_plus(node) => match self.concatenation(node, 0) {
                Some(literal) => {
                    // One Str for the whole sum; the operands' own nodes
                    // (fragment literals, calls) hang under it.
                    let id = self.push(ctx, node.byte_range(), NodeKind::Str(literal));
                    let mut operands = Vec::new();
                    plus_operands(node, &mut operands);
                    for operand in operands {
                        self.lower_node(operand, ctx.under(id));
                    }
                    Value::Str(id)
                }
                None => {
                    self.lower_sum_operands(node, ctx);
                    Value::Other
                }
            },
            "call_expression" => match call_parts(node) {
                Some(parts) => self.call(node.byte_range(), parts, ctx),
                None => {
                    self.lower_children(node, ctx);
                    Value::Other
                }
            },
            "identifier" => match self.text(node) {
                "null" | "true" | "false" => Value::Other,
                // The grammar reads a bare `break` as a name; it is a hard
                // keyword, so no variable can be called that.
                "break" => {
                    if let Some(exit) = self.exits.exit(node, Leaves::Loop) {
                        self.push(ctx, node.byte_range(), NodeKind::Exit(exit));
                    }
                    Value::Other
                }
                name => Value::Chain(vec![Segment::Name(name.to_string())]),
            },
            "this_expression" | "super_expression" => Value::Chain(self.chain(node)),
            "navigation_expression" => {
                if let Some(receiver) = node.named_child(0) {
                    self.lower_node(receiver, ctx);
                }
                Value::Chain(self.chain(node))
            }
            "index_expression" => {
                self.lower_children(node, ctx);
                Value::Chain(self.chain(node))
            }
            "unary_expression" if self.is_force_unwrap(node) => {
                match node.child_by_field_name("argument") {
                    Some(argument) => self.lower_node(argument, ctx),
                    None => Value::Other,
                }
            }
            "parenthesized_expression" => {
                let mut value = Value::Other;
                for child in named_children(node) {
                    value = self.lower_node(child, ctx);
                }
                match value {
                    Value::Chain(segments) if !segments.contains(&Segment::Other) => {
                        Value::Chain(segments)
                    }
                    Value::Str(id) => Value::Str(id),
                    _ => Value::Other,
                }
            }
            "lambda_literal" | "annotated_lambda" | "anonymous_function" => {
                self.closure(node, ctx, false);
                Value::Other
            }
            _ => {
                self.lower_children(node, ctx);
                Value::Other
            }
        }
    }

    /// Lowers the parts of a sum that builds no string. Its inner sums build
    /// none either (their operands are a part of its operands), so they are
    /// not asked again: a sum of thousands of terms stays linear.
    fn lower_sum_operands(&mut self, node: TsNode, ctx: Ctx) {
        for child in named_children(node) {
            if is_plus(child) {
                self.lower_sum_operands(child, ctx);
            } else {
                self.lower_node(child, ctx);
            }
        }
    }

    fn lower_children(&mut self, node: TsNode, ctx: Ctx) {
        let body = matches!(node.kind_name(), "class_body" | "enum_class_body");
        for child in named_children(node) {
            if body {
                self.lower_members_before(child.start_byte(), node.start_byte(), ctx);
            }
            self.lower_node(child, ctx);
        }
        if body {
            self.lower_members_before(node.end_byte(), node.start_byte(), ctx);
        }
    }

    /// Lowers the recovered members that start at or after `from` and before
    /// `until`, under `ctx`.
    fn lower_members_before(&mut self, until: usize, from: usize, ctx: Ctx) {
        while let Some(&(start, member)) = self.members.get(self.next_member) {
            if start >= until {
                break;
            }
            self.next_member += 1;
            if start < from {
                self.orphans.push(member);
                continue;
            }
            let outer_root = self.root;
            let outer_exits = self.enter_root(member);
            for child in named_children(member) {
                self.lower_node(child, ctx);
            }
            self.root = outer_root;
            self.exits = outer_exits;
        }
    }

    /// ERROR nodes often hold well-formed subtrees; lower them, rebuild
    /// calls the parser left as a callee followed by a loose argument list,
    /// and functions it left as loose `fun name(...) {` tokens followed by
    /// their statements.
    fn error(&mut self, node: TsNode, ctx: Ctx) {
        let kids = children(node);
        let outer = ctx;
        let mut ctx = ctx;
        let mut function_end = None;
        let mut i = 0;
        while i < kids.len() {
            let child = kids[i];
            if function_end.is_some_and(|end| child.start_byte() >= end) {
                ctx = outer;
                function_end = None;
            }
            if child.kind_name() == "fun" && function_end.is_none() {
                if let Some((id, body_start, end)) = self.loose_function(&kids[i..], node, ctx) {
                    ctx = ctx.body(id);
                    function_end = Some(end);
                    i += body_start;
                    continue;
                }
            }
            if !child.is_named() {
                i += 1;
                continue;
            }
            let arguments = kids.get(i + 1).filter(|next| {
                next.kind_name() == "value_arguments"
                    && matches!(child.kind_name(), "identifier" | "navigation_expression")
                    && self
                        .text
                        .get(child.end_byte()..next.start_byte())
                        .is_some_and(|gap| gap.trim().is_empty())
            });
            if let Some(&arguments) = arguments {
                let trailing_lambda = kids
                    .get(i + 2)
                    .copied()
                    .filter(|n| n.kind_name() == "annotated_lambda");
                let end = trailing_lambda.unwrap_or(arguments).end_byte();
                let parts = CallParts {
                    callee: child,
                    arguments: Some(arguments),
                    trailing_lambda,
                };
                self.call(child.start_byte()..end, parts, ctx);
                i += if trailing_lambda.is_some() { 3 } else { 2 };
                continue;
            }
            self.lower_node(child, ctx);
            i += 1;
        }
    }

    /// A function the parser left as loose tokens in an ERROR: `fun`, its
    /// name, parameters and perhaps a return type, then `{` (`tokens` starts
    /// at `fun`). Pushes the Function and its parameters; returns it, how
    /// many tokens its header takes, and where its body ends (the matching
    /// `}`, or the end of the ERROR).
    fn loose_function(
        &mut self,
        tokens: &[TsNode],
        error: TsNode,
        ctx: Ctx,
    ) -> Option<(NodeId, usize, usize)> {
        let name = tokens.get(1).filter(|n| n.kind_name() == "identifier")?;
        let open = tokens.iter().take(8).position(|t| t.kind_name() == "{")?;
        let header = &tokens[2..open];
        let is_header = |t: &TsNode| {
            matches!(
                t.kind_name(),
                "function_value_parameters" | "type_parameters" | ":"
            ) || is_type_node(t.kind_name())
        };
        if !header.iter().all(is_header) {
            return None;
        }
        let start = tokens[0].start_byte();
        let end = matching_brace(self.text, tokens[open].start_byte())
            .map_or(error.end_byte(), |close| close + 1);
        let id = self.push(
            ctx,
            start..end,
            NodeKind::Function(Function::new(
                self.text(*name),
                FunctionKind::Plain,
                name.byte_range(),
            )),
        );
        for part in header {
            if part.kind_name() == "function_value_parameters" {
                self.parameters(*part, ctx.body(id));
            }
        }
        Some((id, open + 1, end))
    }

    /// `@Query("...")`, `@Entity(indices = [...])`, `@Insert`: a call of the
    /// annotation, so that rules see Room's SQL and schema like any call.
    /// Annotations sit in the declaration's modifiers, so the call's parent
    /// is the declaration (the Function, TypeDecl or Binding).
    fn annotation(&mut self, node: TsNode, ctx: Ctx) {
        for child in named_children(node) {
            if child.kind_name() == "constructor_invocation" {
                self.constructor_invocation(child, ctx);
            } else if is_type_node(child.kind_name()) {
                let name = self.type_name(child).unwrap_or_default();
                let name_range = self.type_name_range(child);
                self.push_call(ctx, child.byte_range(), &name, Vec::new(), name_range);
            }
        }
    }

    /// `import a.b.C`, `import a.b.C as D` (the path only), `import a.b.*`.
    fn import(&mut self, node: TsNode) {
        let mut path = String::new();
        for child in children(node) {
            match child.kind_name() {
                "qualified_identifier" | "identifier" if path.is_empty() => {
                    let segments: Vec<&str> = if child.kind_name() == "identifier" {
                        vec![self.text(child)]
                    } else {
                        named_children(child)
                            .into_iter()
                            .filter(|c| c.kind_name() == "identifier")
                            .map(|c| self.text(c))
                            .collect()
                    };
                    path = segments.join(".");
                }
                "*" if !path.is_empty() => path.push_str(".*"),
                _ => {}
            }
        }
        if !path.is_empty() {
            self.model.imports.push(path);
        }
    }

    fn is_force_unwrap(&self, node: TsNode) -> bool {
        node.child_by_field_name("operator")
            .is_some_and(|op| self.text(op) == "!!")
    }

    // ---- declarations ----

    fn push_function(
        &mut self,
        ctx: Ctx,
        node: TsNode,
        name: &str,
        kind: FunctionKind,
        name_range: ByteRange,
    ) -> NodeId {
        self.push(
            ctx,
            node.byte_range(),
            NodeKind::Function(Function::new(name, kind, name_range)),
        )
    }

    fn class(&mut self, node: TsNode, ctx: Ctx) {
        let name_node = node.child_by_field_name("name");
        let name = name_node.map_or("", |n| self.text(n));
        let id = self.push(
            ctx,
            node.byte_range(),
            NodeKind::TypeDecl {
                name: name.to_string(),
            },
        );
        let type_ctx = Ctx {
            parent: Some(id),
            scope: Scope::Class,
        };
        for child in named_children(node) {
            match child.kind_name() {
                "primary_constructor" => {
                    let name_range = child_of_kind(child, "constructor")
                        .or(name_node)
                        .map_or(child.byte_range(), |n| n.byte_range());
                    self.primary_constructor(child, type_ctx, name_range);
                }
                "delegation_specifiers" => self.delegation_specifiers(child, type_ctx),
                "modifiers" | "class_body" | "enum_class_body" => {
                    self.lower_children(child, type_ctx)
                }
                _ => {}
            }
        }
    }

    fn primary_constructor(&mut self, node: TsNode, type_ctx: Ctx, name_range: ByteRange) {
        let id = self.push_function(
            type_ctx,
            node,
            "init",
            FunctionKind::Initializer,
            name_range,
        );
        let ctor_ctx = type_ctx.body(id);
        for child in named_children(node) {
            match child.kind_name() {
                "class_parameters" => {
                    for parameter in named_children(child) {
                        if parameter.kind_name() == "class_parameter" {
                            self.class_parameter(parameter, type_ctx, ctor_ctx);
                        } else {
                            self.lower_node(parameter, ctor_ctx);
                        }
                    }
                }
                _ => self.lower_children(child, ctor_ctx),
            }
        }
    }

    /// `val`/`var` parameters are properties of the class; plain ones are
    /// parameters of the constructor.
    fn class_parameter(&mut self, node: TsNode, type_ctx: Ctx, ctor_ctx: Ctx) {
        let is_property = children(node)
            .iter()
            .any(|c| matches!(c.kind_name(), "val" | "var"));
        let (ctx, kind) = if is_property {
            (type_ctx, BindingKind::Property)
        } else {
            (ctor_ctx, BindingKind::Parameter)
        };
        let Some(name) = child_of_kind(node, "identifier") else {
            self.lower_children(node, ctx);
            return;
        };
        let declared_type = self.declared_type(node);
        let id = self.push_binding(ctx, node.byte_range(), name, kind, declared_type);
        let mut after_equals = false;
        for child in children(node) {
            if child.kind_name() == "=" {
                after_equals = true;
            } else if after_equals && child.is_named() {
                let init = self.lower_node(child, ctx.under(id));
                set_binding_init(&mut self.model, id, init);
            } else if child.kind_name() == "modifiers" {
                self.lower_node(child, ctx.under(id));
            }
        }
    }

    fn delegation_specifiers(&mut self, node: TsNode, ctx: Ctx) {
        let subtype = ctx.parent.and_then(|id| match &self.model.node(id).kind {
            NodeKind::TypeDecl { name } => Some(name.clone()),
            _ => None,
        });
        for specifier in named_children(node) {
            let written =
                named_children(specifier)
                    .into_iter()
                    .find_map(|child| match child.kind_name() {
                        "constructor_invocation" | "explicit_delegation" => named_children(child)
                            .into_iter()
                            .find(|c| is_type_node(c.kind_name()))
                            .and_then(|t| self.type_name(t)),
                        kind if is_type_node(kind) => self.type_name(child),
                        _ => None,
                    });
            if let (Some(subtype), Some(supertype)) = (&subtype, written) {
                self.model.supertypes.push((subtype.clone(), supertype));
            }
            for child in named_children(specifier) {
                if child.kind_name() == "constructor_invocation" {
                    self.constructor_invocation(child, ctx);
                } else {
                    self.lower_node(child, ctx);
                }
            }
        }
    }

    /// `Base(args)` in a supertype list or `Query(args)` in an annotation: a
    /// call of the constructor.
    fn constructor_invocation(&mut self, node: TsNode, ctx: Ctx) {
        let type_node = named_children(node)
            .into_iter()
            .find(|c| is_type_node(c.kind_name()));
        let name = type_node
            .and_then(|t| self.type_name(t))
            .unwrap_or_default();
        let name_range = type_node.map_or(node.byte_range(), |t| self.type_name_range(t));
        let id = self.push_call(
            ctx,
            node.byte_range(),
            &name,
            Vec::new(),
            name_range.clone(),
        );
        let args = match child_of_kind(node, "value_arguments") {
            Some(arguments) => self.arguments(arguments, ctx.under(id), &name),
            None => Vec::new(),
        };
        set_call_args(&mut self.model, id, args);
    }

    fn object(&mut self, node: TsNode, ctx: Ctx) {
        let name = match node.child_by_field_name("name") {
            Some(name) => self.text(name).to_string(),
            None if node.kind_name() == "companion_object" => "Companion".to_string(),
            None => "object".to_string(),
        };
        let id = self.push(ctx, node.byte_range(), NodeKind::TypeDecl { name });
        if node.kind_name() == "object_declaration" {
            self.model.objects.insert(id);
        }
        let scope = if node.kind_name() == "object_literal" {
            Scope::Class
        } else {
            Scope::Object
        };
        let type_ctx = Ctx {
            parent: Some(id),
            scope,
        };
        for child in named_children(node) {
            match child.kind_name() {
                "delegation_specifiers" => self.delegation_specifiers(child, type_ctx),
                "modifiers" | "class_body" => self.lower_children(child, type_ctx),
                _ => {}
            }
        }
    }

    fn function(&mut self, node: TsNode, ctx: Ctx) {
        let name_node = node.child_by_field_name("name");
        let name = name_node.map_or("", |n| self.text(n));
        let name_range = name_node.map_or(node.byte_range(), |n| n.byte_range());
        let id = self.push_function(ctx, node, name, FunctionKind::Plain, name_range);
        // A type before the parameters is an extension's receiver, one
        // after them the return type.
        let mut before_parameters = true;
        let (mut extends, mut returns) = (None, None);
        for child in named_children(node) {
            match child.kind_name() {
                "function_value_parameters" => before_parameters = false,
                kind if is_type_node(kind) && before_parameters => extends = self.type_name(child),
                kind if is_type_node(kind) => returns = self.type_name(child),
                _ => {}
            }
        }
        let file_private = self.has_modifier(node, "private");
        let has_body = child_of_kind(node, "function_body").is_some();
        let asynchronous = self.has_modifier(node, "suspend");
        let overrides = self.has_modifier(node, "override");
        if let NodeKind::Function(function) = &mut self.model.nodes[id.index()].kind {
            function.returns = returns;
            function.extends = extends;
            function.file_private = file_private;
            function.has_body = has_body;
            function.asynchronous = asynchronous;
            function.overrides = overrides;
        }
        self.function_parts(node, ctx.body(id));
    }

    /// Whether the declaration carries the modifier `word` (`private`, `const`).
    fn has_modifier(&self, node: TsNode, word: &str) -> bool {
        children(node)
            .into_iter()
            .filter(|c| c.kind_name() == "modifiers")
            .flat_map(named_children)
            .any(|m| self.text(m) == word)
    }

    /// Parameters, annotations and body of a function-like node.
    fn function_parts(&mut self, node: TsNode, ctx: Ctx) {
        for child in named_children(node) {
            match child.kind_name() {
                "function_value_parameters" => self.parameters(child, ctx),
                "function_body" => self.function_body(child, ctx),
                "constructor_delegation_call" => self.delegation_call(child, ctx),
                "block" | "modifiers" => self.lower_children(child, ctx),
                _ => {}
            }
        }
    }

    fn secondary_constructor(&mut self, node: TsNode, ctx: Ctx) {
        let keyword =
            child_of_kind(node, "constructor").map_or(node.byte_range(), |k| k.byte_range());
        let id = self.push_function(ctx, node, "init", FunctionKind::Initializer, keyword);
        self.function_parts(node, ctx.body(id));
    }

    /// `: this(...)` / `: super(...)` after a secondary constructor.
    fn delegation_call(&mut self, node: TsNode, ctx: Ctx) {
        let keyword = children(node).into_iter().find(|c| !c.is_named());
        let name = keyword.map_or("this", |k| self.text(k)).to_string();
        let name_range = keyword.map_or(node.byte_range(), |k| k.byte_range());
        let id = self.push_call(ctx, node.byte_range(), &name, Vec::new(), name_range);
        let args = match child_of_kind(node, "value_arguments") {
            Some(arguments) => self.arguments(arguments, ctx.under(id), &name),
            None => Vec::new(),
        };
        set_call_args(&mut self.model, id, args);
    }

    fn parameters(&mut self, node: TsNode, ctx: Ctx) {
        let mut last_parameter = None;
        let mut after_equals = false;
        for child in children(node) {
            match child.kind_name() {
                "parameter" => {
                    after_equals = false;
                    last_parameter = child_of_kind(child, "identifier").map(|name| {
                        let declared_type = self.declared_type(child);
                        self.push_binding(
                            ctx,
                            child.byte_range(),
                            name,
                            BindingKind::Parameter,
                            declared_type,
                        )
                    });
                }
                "=" => after_equals = true,
                _ if child.is_named() => {
                    let parent = match last_parameter {
                        Some(id) if after_equals => ctx.under(id),
                        _ => ctx,
                    };
                    let value = self.lower_node(child, parent);
                    if let (Some(id), true) = (last_parameter, after_equals) {
                        set_binding_init(&mut self.model, id, value);
                    }
                    after_equals = false;
                }
                _ => {}
            }
        }
    }

    /// A block body, or `= expr`, which is what the function returns.
    fn function_body(&mut self, node: TsNode, ctx: Ctx) {
        for child in named_children(node) {
            if child.kind_name() == "block" {
                self.lower_children(child, ctx);
            } else if !matches!(child.kind_name(), "line_comment" | "block_comment") {
                let id = self.push(ctx, child.byte_range(), NodeKind::Return(Value::Other));
                let value = self.lower_node(child, ctx.under(id));
                set_kind(&mut self.model, id, NodeKind::Return(value));
            }
        }
    }

    fn accessor(&mut self, node: TsNode, ctx: Ctx, property: &str) {
        let keyword = children(node)
            .into_iter()
            .find(|c| matches!(c.kind_name(), "get" | "set"))
            .map_or(node.byte_range(), |k| k.byte_range());
        let kind = if node.kind_name() == "setter" {
            FunctionKind::Setter
        } else {
            FunctionKind::Getter
        };
        let id = self.push_function(ctx, node, property, kind, keyword);
        let body_ctx = ctx.body(id);
        let declared_type = named_children(node)
            .into_iter()
            .find(|c| is_type_node(c.kind_name()))
            .and_then(|t| self.type_name(t));
        for child in named_children(node) {
            match child.kind_name() {
                "identifier" => {
                    let declared_type = declared_type.clone();
                    self.push_binding(
                        body_ctx,
                        child.byte_range(),
                        child,
                        BindingKind::Parameter,
                        declared_type,
                    );
                }
                "function_body" => self.function_body(child, body_ctx),
                "modifiers" | "parameter_modifiers" => self.lower_children(child, body_ctx),
                _ => {}
            }
        }
    }

    fn property(&mut self, node: TsNode, ctx: Ctx) {
        let all = children(node);
        let is_const = all.iter().any(|c| {
            c.kind_name() == "modifiers"
                && named_children(*c)
                    .iter()
                    .any(|m| m.kind_name() == "property_modifier" && self.text(*m) == "const")
        });
        let is_val = all.iter().any(|c| c.kind_name() == "val");
        let kind = match (is_const, ctx.scope, is_val) {
            (true, _, _) => BindingKind::Constant,
            (false, Scope::Body, _) => BindingKind::Local,
            (false, Scope::Class, _) => BindingKind::Property,
            (false, Scope::Object | Scope::TopLevel, true) => BindingKind::Constant,
            (false, Scope::Object | Scope::TopLevel, false) => BindingKind::Property,
        };
        let mut binding = None;
        let mut property_name = "";
        let mut outer_bindings = false;
        let mut after_equals = false;
        // Annotations come before the name; they belong to the binding.
        let mut modifiers = Vec::new();
        for child in all {
            match child.kind_name() {
                "variable_declaration" => {
                    if let Some(name) = child_of_kind(child, "identifier") {
                        property_name = self.text(name);
                        let declared_type = self.declared_type(child);
                        let id =
                            self.push_binding(ctx, node.byte_range(), name, kind, declared_type);
                        binding = Some(id);
                        for modifier in modifiers.drain(..) {
                            self.lower_node(modifier, ctx.under(id));
                        }
                    }
                }
                "multi_variable_declaration" => {
                    outer_bindings = true;
                    for variable in named_children(child) {
                        if let Some(name) = child_of_kind(variable, "identifier") {
                            let declared_type = self.declared_type(variable);
                            self.push_binding(
                                ctx,
                                variable.byte_range(),
                                name,
                                kind,
                                declared_type,
                            );
                        }
                    }
                }
                "=" => after_equals = true,
                "getter" | "setter" => {
                    let parent = binding.map_or(ctx, |id| ctx.under(id));
                    self.accessor(child, parent, property_name);
                }
                _ if child.is_named()
                    && (after_equals || child.kind_name() == "property_delegate") =>
                {
                    after_equals = false;
                    let parent = match binding {
                        Some(id) if !outer_bindings => ctx.under(id),
                        _ => ctx,
                    };
                    let value = self.lower_node(child, parent);
                    match binding {
                        Some(id) if !outer_bindings && child.kind_name() != "property_delegate" => {
                            set_binding_init(&mut self.model, id, value)
                        }
                        _ => {}
                    }
                }
                "modifiers" => match binding {
                    Some(id) => {
                        self.lower_node(child, ctx.under(id));
                    }
                    None => modifiers.push(child),
                },
                _ => {}
            }
        }
        for modifier in modifiers {
            self.lower_node(modifier, ctx);
        }
    }

    fn push_binding(
        &mut self,
        ctx: Ctx,
        range: ByteRange,
        name: TsNode,
        kind: BindingKind,
        declared_type: Option<String>,
    ) -> NodeId {
        self.push(
            ctx,
            range,
            binding_node(self.text(name), name.byte_range(), kind, declared_type),
        )
    }

    /// The type written after `name:` in a declaration node.
    fn declared_type(&self, node: TsNode) -> Option<String> {
        named_children(node)
            .into_iter()
            .find(|c| is_type_node(c.kind_name()))
            .and_then(|t| self.type_name(t))
    }

    /// The last name of a written type (`Query` in `androidx.room.Query`).
    fn type_name_range(&self, node: TsNode) -> ByteRange {
        match node.kind_name() {
            "user_type" => named_children(node)
                .into_iter()
                .rev()
                .find(|c| c.kind_name() == "identifier")
                .map_or(node.byte_range(), |n| n.byte_range()),
            _ => node.byte_range(),
        }
    }

    /// Last segment of a written type, without generics or nullability.
    fn type_name(&self, node: TsNode) -> Option<String> {
        match node.kind_name() {
            "user_type" => named_children(node)
                .into_iter()
                .rev()
                .find(|c| c.kind_name() == "identifier")
                .map(|n| self.text(n).to_string()),
            "nullable_type" | "non_nullable_type" | "parenthesized_type" => named_children(node)
                .into_iter()
                .find(|c| is_type_node(c.kind_name()))
                .and_then(|t| self.type_name(t)),
            _ => None,
        }
    }

    // ---- statements ----

    /// `listOf(a, b)`, `arrayOf(a, b)`, `setOf(a, b)`: Kotlin has no list
    /// literal, these builders are how candidates are written out.
    /// The number of items of the list written out that `iterable` is
    /// (`listOf(a, b)`, `[a, b]`).
    fn literal_items(&self, iterable: TsNode) -> Option<usize> {
        if iterable.kind_name() == "collection_literal" {
            return Some(iterable.named_child_count());
        }
        if iterable.kind_name() != "call_expression" {
            return None;
        }
        let parts = call_parts(iterable)?;
        let builds_list = parts.callee.kind_name() == "identifier"
            && matches!(
                self.text(parts.callee),
                "listOf" | "arrayOf" | "setOf" | "sequenceOf" | "listOfNotNull"
            );
        if !builds_list || parts.trailing_lambda.is_some() {
            return None;
        }
        let arguments = parts.arguments?;
        Some(
            children(arguments)
                .into_iter()
                .filter(|c| c.kind_name() == "value_argument")
                .count(),
        )
    }

    fn for_loop(&mut self, node: TsNode, ctx: Ctx) {
        let iterable = children(node)
            .into_iter()
            .skip_while(|c| c.kind_name() != "in")
            .find(|c| c.is_named());
        let kind = match iterable.and_then(|i| self.literal_items(i)) {
            Some(items) => LoopKind::ForLiteral { items },
            None => LoopKind::For,
        };
        let id = self.push(ctx, node.byte_range(), NodeKind::Loop(kind));
        let loop_ctx = ctx.under(id);
        let mut after_in = false;
        let mut in_body = false;
        for child in children(node) {
            match child.kind_name() {
                "in" => after_in = true,
                ")" if after_in => in_body = true,
                "variable_declaration" | "multi_variable_declaration" if !after_in => {
                    let variables = if child.kind_name() == "variable_declaration" {
                        vec![child]
                    } else {
                        named_children(child)
                    };
                    for variable in variables {
                        if let Some(name) = child_of_kind(variable, "identifier") {
                            let declared_type = self.declared_type(variable);
                            self.push_binding(
                                loop_ctx,
                                variable.byte_range(),
                                name,
                                BindingKind::Local,
                                declared_type,
                            );
                        }
                    }
                }
                // The iterable is evaluated once, before the first iteration.
                _ if child.is_named() && after_in && !in_body => {
                    self.lower_node(child, ctx);
                }
                "block" if in_body => self.lower_children(child, loop_ctx),
                _ if child.is_named() && in_body => {
                    self.lower_node(child, loop_ctx);
                }
                _ => {}
            }
        }
    }

    fn assignment(&mut self, node: TsNode, ctx: Ctx) {
        let left = node.child_by_field_name("left");
        let right = node.child_by_field_name("right");
        let plain = node
            .child_by_field_name("operator")
            .is_none_or(|op| self.text(op) == "=");
        let target = left.map_or_else(|| vec![Segment::Other], |l| self.chain(l));
        let id = self.push(
            ctx,
            node.byte_range(),
            NodeKind::Assign {
                target: target.clone(),
                value: Value::Other,
            },
        );
        if let Some(left) = left {
            match left.kind_name() {
                "navigation_expression" => {
                    if let Some(receiver) = left.named_child(0) {
                        self.lower_node(receiver, ctx.under(id));
                    }
                }
                _ => {
                    self.lower_node(left, ctx.under(id));
                }
            }
        }
        let value = right.map_or(Value::Other, |r| self.lower_node(r, ctx.under(id)));
        let value = if plain { value } else { Value::Other };
        set_kind(&mut self.model, id, NodeKind::Assign { target, value });
    }

    // ---- expressions ----

    fn push_call(
        &mut self,
        ctx: Ctx,
        range: ByteRange,
        name: &str,
        receiver: Vec<Segment>,
        name_range: ByteRange,
    ) -> NodeId {
        self.push(
            ctx,
            range,
            call_node(name.to_string(), receiver, Vec::new(), name_range),
        )
    }

    /// Name, name token and receiver expression of a callee.
    fn callee_name<'t>(&self, callee: TsNode<'t>) -> (String, ByteRange, Option<TsNode<'t>>) {
        match callee.kind_name() {
            "identifier" => (self.text(callee).to_string(), callee.byte_range(), None),
            "navigation_expression" => {
                let kids = named_children(callee);
                match (kids.first(), kids.last()) {
                    (Some(&receiver), Some(&name))
                        if kids.len() >= 2 && name.kind_name() == "identifier" =>
                    {
                        (
                            self.text(name).to_string(),
                            name.byte_range(),
                            Some(receiver),
                        )
                    }
                    // `f.(g)()` and the like: calling a function value.
                    _ => ("invoke".to_string(), callee.byte_range(), Some(callee)),
                }
            }
            // `!isSaved(x)` reaches us as `(!isSaved)(x)`: the grammar binds
            // the prefix operator tighter than Kotlin does.
            "unary_expression" => match callee.child_by_field_name("argument") {
                Some(argument) => self.callee_name(argument),
                None => ("invoke".to_string(), callee.byte_range(), Some(callee)),
            },
            _ => ("invoke".to_string(), callee.byte_range(), Some(callee)),
        }
    }

    fn call(&mut self, range: ByteRange, parts: CallParts, ctx: Ctx) -> Value {
        let (name, name_range, receiver_node) = self.callee_name(parts.callee);
        if let Some(receiver) = receiver_node {
            if let Some(trim) = self.trim_of(&name, receiver, &parts) {
                // The call is pushed before its receiver literal so that the
                // trimmed Str is the call's child, the only Str for that literal.
                let id = self.push_call(ctx, range, &name, vec![Segment::Other], name_range);
                let str_id = self.string(receiver, ctx.under(id), Some(trim));
                let args = match parts.arguments {
                    Some(arguments) => self.arguments(arguments, ctx.under(id), &name),
                    None => Vec::new(),
                };
                set_call_args(&mut self.model, id, args);
                return Value::Str(str_id);
            }
        }
        let receiver = match receiver_node {
            Some(receiver) => {
                self.lower_node(receiver, ctx);
                self.chain(receiver)
            }
            None => Vec::new(),
        };
        let mut chain = receiver.clone();
        chain.push(Segment::Call(name.clone()));
        let id = self.push_call(ctx, range, &name, receiver, name_range);
        let args = match parts.arguments {
            Some(arguments) => self.arguments(arguments, ctx.under(id), &name),
            None => Vec::new(),
        };
        set_call_args(&mut self.model, id, args);
        if let Some(lambda) = parts.trailing_lambda {
            let iteration = is_iteration_call(Language::Kotlin, &name);
            self.closure(lambda, ctx.under(id), iteration);
        }
        Value::Chain(chain)
    }

    /// Whether this call is `trimIndent()`/`trimMargin(..)` on a string
    /// literal whose result we can compute.
    fn trim_of(&self, name: &str, receiver: TsNode, parts: &CallParts) -> Option<Trim> {
        if !matches!(
            receiver.kind_name(),
            "string_literal" | "multiline_string_literal"
        ) || parts.trailing_lambda.is_some()
        {
            return None;
        }
        let arguments: Vec<TsNode> = parts
            .arguments
            .map(|a| {
                named_children(a)
                    .into_iter()
                    .filter(|c| c.kind_name() == "value_argument")
                    .collect()
            })
            .unwrap_or_default();
        match (name, arguments.as_slice()) {
            ("trimIndent", []) => Some(Trim::Indent),
            ("trimMargin", []) => Some(Trim::Margin("|".to_string())),
            ("trimMargin", [argument]) => {
                let literal = named_children(*argument).into_iter().last().filter(|e| {
                    matches!(e.kind_name(), "string_literal" | "multiline_string_literal")
                })?;
                let (prefix, _) = self.decode_string(literal);
                // Kotlin throws on a blank prefix; leave such calls alone.
                if prefix.has_holes || prefix.value.trim().is_empty() {
                    return None;
                }
                Some(Trim::Margin(prefix.value))
            }
            _ => None,
        }
    }

    fn arguments(&mut self, node: TsNode, ctx: Ctx, call_name: &str) -> Vec<Arg> {
        let mut args = Vec::new();
        for argument in named_children(node) {
            if argument.kind_name() != "value_argument" {
                self.lower_node(argument, ctx);
                continue;
            }
            let kids = children(argument);
            let named = kids.iter().any(|c| c.kind_name() == "=");
            let label_node = kids
                .iter()
                .find(|c| c.kind_name() == "identifier")
                .filter(|_| named);
            let label = label_node.map(|l| self.text(*l).to_string());
            let mut value = Value::Other;
            let expression = kids
                .iter()
                .rev()
                .find(|c| c.is_named() && Some(*c) != label_node);
            if let Some(expression) = expression {
                if is_lambda(expression.kind_name()) {
                    let iteration = is_iteration_call(Language::Kotlin, call_name);
                    self.closure(*expression, ctx, iteration);
                } else {
                    value = self.lower_node(*expression, ctx);
                }
            }
            args.push(Arg {
                label,
                value,
                range: argument.byte_range(),
            });
        }
        args
    }

    fn closure(&mut self, node: TsNode, ctx: Ctx, iteration: bool) {
        let id = self.push(ctx, node.byte_range(), NodeKind::Closure { iteration });
        let body = ctx.body(id);
        let literal = if node.kind_name() == "annotated_lambda" {
            named_children(node)
                .into_iter()
                .find(|c| c.kind_name() == "lambda_literal")
        } else {
            Some(node)
        };
        let Some(literal) = literal else {
            return;
        };
        if literal.kind_name() == "anonymous_function" {
            self.function_parts(literal, body);
            return;
        }
        for child in named_children(literal) {
            if child.kind_name() == "lambda_parameters" {
                for parameter in named_children(child) {
                    let variables = if parameter.kind_name() == "multi_variable_declaration" {
                        named_children(parameter)
                    } else {
                        vec![parameter]
                    };
                    for variable in variables {
                        if let Some(name) = child_of_kind(variable, "identifier") {
                            let declared_type = self.declared_type(variable);
                            self.push_binding(
                                body,
                                variable.byte_range(),
                                name,
                                BindingKind::Parameter,
                                declared_type,
                            );
                        }
                    }
                }
            } else {
                self.lower_node(child, body);
            }
        }
    }

    /// The receiver-chain view of an expression (see `Segment`), at most
    /// `MAX_CHAIN_SEGMENTS` long.
    fn chain(&self, node: TsNode) -> Vec<Segment> {
        self.chain_within(node, MAX_CHAIN_SEGMENTS)
    }

    /// The chain of `node`, looking at most `links` links deep: what lies
    /// beyond is `Other`. Every call of a long chain asks for its receiver's
    /// chain, so the bound keeps the whole chain linear.
    fn chain_within(&self, node: TsNode, links: usize) -> Vec<Segment> {
        let Some(links) = links.checked_sub(1) else {
            return vec![Segment::Other];
        };
        match node.kind_name() {
            "identifier" => vec![Segment::Name(self.text(node).to_string())],
            "this_expression" => vec![Segment::Name("this".to_string())],
            "super_expression" => vec![Segment::Name("super".to_string())],
            "navigation_expression" => {
                let kids = named_children(node);
                match (kids.first(), kids.last()) {
                    (Some(&receiver), Some(&name))
                        if kids.len() >= 2 && name.kind_name() == "identifier" =>
                    {
                        let mut segments = self.chain_within(receiver, links);
                        segments.push(Segment::Name(self.text(name).to_string()));
                        segments
                    }
                    _ => vec![Segment::Other],
                }
            }
            "call_expression" => match call_parts(node) {
                Some(parts) => {
                    let (name, _, receiver) = self.callee_name(parts.callee);
                    let mut segments =
                        receiver.map_or_else(Vec::new, |r| self.chain_within(r, links));
                    segments.push(Segment::Call(name));
                    segments
                }
                None => vec![Segment::Other],
            },
            // `x!!` does not change what `x` is. A prefix `!x.f()` reaches us
            // as `(!x).f()`: the grammar binds prefix operators tighter than
            // Kotlin does, where they apply to the whole chain.
            "unary_expression" => node
                .child_by_field_name("argument")
                .map_or_else(|| vec![Segment::Other], |a| self.chain_within(a, links)),
            "parenthesized_expression" => {
                let inner = named_children(node)
                    .into_iter()
                    .find(|c| !matches!(c.kind_name(), "line_comment" | "block_comment"));
                match inner.map(|i| self.chain_within(i, links)) {
                    Some(segments) if !segments.contains(&Segment::Other) => segments,
                    _ => vec![Segment::Other],
                }
            }
            "index_expression" => {
                let mut segments = node
                    .named_child(0)
                    .map_or_else(Vec::new, |target| self.chain_within(target, links));
                segments.push(Segment::Other);
                segments
            }
            _ => vec![Segment::Other],
        }
    }

    // ---- strings ----

    /// The value of `a + b + ...` when it builds a string, that is when an
    /// operand is a literal or a string constant; other operands are holes.
    fn concatenation(&self, node: TsNode, depth: usize) -> Option<StrLit> {
        let mut operands = Vec::new();
        plus_operands(node, &mut operands);
        let mut after_string = false;
        let pieces = operands.iter().map(|operand| {
            let digits = self.text(*operand);
            match self.string_value(*operand, depth) {
                Some(literal) => {
                    after_string = true;
                    Piece::Str(literal)
                }
                // `"LIMIT " + 10`; before any string, `1 + 2` would be a sum.
                None if after_string
                    && operand.kind_name() == "number_literal"
                    && digits.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    Piece::Verbatim(digits, operand.start_byte())
                }
                None => Piece::Hole(operand.byte_range()),
            }
        });
        concatenate(pieces)
    }

    /// The string an expression evaluates to, when it is a literal, a
    /// trimmed literal, a concatenation or a string constant of this file.
    fn string_value(&self, node: TsNode, depth: usize) -> Option<StrLit> {
        if depth > MAX_CONSTANT_DEPTH {
            return None;
        }
        match node.kind_name() {
            "string_literal" | "multiline_string_literal" => Some(self.decode_string(node).0),
            "parenthesized_expression" => {
                let inner: Vec<TsNode> = named_children(node)
                    .into_iter()
                    .filter(|c| !matches!(c.kind_name(), "line_comment" | "block_comment"))
                    .collect();
                match inner.as_slice() {
                    [only] => self.string_value(*only, depth),
                    _ => None,
                }
            }
            "binary_expression" if is_plus(node) => self.concatenation(node, depth),
            "call_expression" => {
                let parts = call_parts(node)?;
                let (name, _, receiver) = self.callee_name(parts.callee);
                let receiver = receiver?;
                let trim = self.trim_of(&name, receiver, &parts)?;
                Some(apply_trim(&self.decode_string(receiver).0, trim))
            }
            "identifier" => self.constant_value(node, self.text(node), &[], depth),
            "navigation_expression" => {
                let names = self
                    .chain(node)
                    .into_iter()
                    .map(|segment| match segment {
                        Segment::Name(name) => Some(name),
                        _ => None,
                    })
                    .collect::<Option<Vec<String>>>()?;
                let (name, qualifier) = names.split_last()?;
                self.constant_value(node, name, qualifier, depth)
            }
            _ => None,
        }
    }

    /// The string value of the constant `qualifier.name` seen from `use_site`:
    /// the one declared in the qualifying type, or else in the innermost
    /// type around the use, or else the only one of that name.
    fn constant_value(
        &self,
        use_site: TsNode,
        name: &str,
        qualifier: &[String],
        depth: usize,
    ) -> Option<StrLit> {
        let chosen = pick_constant(
            &self.constants,
            self.root,
            use_site,
            name,
            qualifier,
            |node| owner_name(self.text, node),
            without_companion,
        )?;
        let key = chosen.init.start_byte();
        self.constant_values
            .get_or_evaluate(key, || self.string_value(chosen.init, depth + 1))
    }

    /// Pushes the Str node of a literal, then whatever its `${...}` hold.
    fn string(&mut self, node: TsNode, ctx: Ctx, trim: Option<Trim>) -> NodeId {
        let (literal, interpolations) = self.decode_string(node);
        let literal = match trim {
            Some(trim) => apply_trim(&literal, trim),
            None => literal,
        };
        let id = self.push(ctx, node.byte_range(), NodeKind::Str(literal));
        for interpolation in interpolations {
            self.lower_children(interpolation, ctx.under(id));
        }
        id
    }

    fn decode_string<'t>(&self, node: TsNode<'t>) -> (StrLit, Vec<TsNode<'t>>) {
        let raw = node.kind_name() == "multiline_string_literal";
        let kids = children(node);
        let quote = if raw { "\"\"\"" } else { "\"" };
        let start = kids
            .first()
            .filter(|q| q.kind_name() == quote)
            .map_or(node.start_byte(), |q| q.end_byte());
        let end = kids
            .last()
            .filter(|q| q.kind_name() == quote && kids.len() > 1)
            .map_or(node.end_byte(), |q| q.start_byte());
        let interpolations: Vec<TsNode> = kids
            .into_iter()
            .filter(|c| c.kind_name() == "interpolation")
            .collect();
        let mut builder = StrBuilder::new();
        let mut pos = start;
        for interpolation in &interpolations {
            let range = interpolation.byte_range();
            if range.start < pos || range.end > end {
                continue;
            }
            self.decode_segment(&mut builder, pos..range.start, raw);
            builder.hole(range.clone());
            pos = range.end;
        }
        if pos < end {
            self.decode_segment(&mut builder, pos..end, raw);
        }
        (builder.finish(), interpolations)
    }

    /// Decodes literal text between interpolations: escapes (not in raw
    /// strings), `$name` templates, and line breaks of raw strings, which
    /// the compiler reads as `\n` whatever the file uses.
    fn decode_segment(&self, builder: &mut StrBuilder, range: ByteRange, raw: bool) {
        let Some(segment) = self.text.get(range.clone()) else {
            return;
        };
        let base = range.start;
        let mut i = 0;
        while let Some(c) = segment[i..].chars().next() {
            let rest = &segment[i..];
            if c == '\\' && !raw {
                if let Some((value, len)) = decode_escape(rest) {
                    builder.mapped(&value, base + i..base + i + len);
                    i += len;
                    continue;
                }
            }
            if c == '$' {
                if let Some(len) = identifier_len(&rest[1..]) {
                    builder.hole(base + i..base + i + 1 + len);
                    i += 1 + len;
                    continue;
                }
            }
            if c == '\r' && raw {
                let len = if rest.as_bytes().get(1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                builder.mapped("\n", base + i..base + i + len);
                i += len;
                continue;
            }
            builder.verbatim(&rest[..c.len_utf8()], base + i);
            i += c.len_utf8();
        }
    }
}

fn apply_trim(literal: &StrLit, trim: Trim) -> StrLit {
    match trim {
        Trim::Indent => trim_indent(literal),
        Trim::Margin(prefix) => trim_margin(literal, &prefix),
    }
}

/// The value and source length of the escape sequence `text` starts with.
fn decode_escape(text: &str) -> Option<(String, usize)> {
    let mut chars = text.chars();
    if chars.next() != Some('\\') {
        return None;
    }
    let value = match chars.next()? {
        't' => '\t',
        'b' => '\u{8}',
        'n' => '\n',
        'r' => '\r',
        '\'' => '\'',
        '"' => '"',
        '\\' => '\\',
        '$' => '$',
        'u' => {
            let hex = text.get(2..6)?;
            if !hex.chars().all(|h| h.is_ascii_hexdigit()) {
                return None;
            }
            let code = u32::from_str_radix(hex, 16).ok()?;
            // A lone UTF-16 surrogate has no place in a Rust string.
            let value = char::from_u32(code).unwrap_or('\u{fffd}');
            return Some((value.to_string(), 6));
        }
        _ => return None,
    };
    Some((value.to_string(), 2))
}

/// Length of the identifier a `$` template names, if `text` starts with one.
fn identifier_len(text: &str) -> Option<usize> {
    let mut chars = text.char_indices();
    let (_, first) = chars.next()?;
    if !(first.is_alphabetic() || first == '_') {
        return None;
    }
    let end = chars
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
        .map_or(text.len(), |(i, _)| i);
    Some(end)
}

/// A literal's value split into lines as Kotlin's `lines()` does (`\r\n`,
/// `\n` or `\r`). Lone `\r` separators are turned into `\n` (same length, same
/// map) because the trimmed string joins lines with `\n`; a `\r` before `\n`
/// is reported as part of its separator so that it is dropped.
struct Lines {
    literal: StrLit,
    /// (content start, content end, separator end) per line.
    lines: Vec<(usize, usize, usize)>,
}

fn split_lines(literal: &StrLit) -> Lines {
    let mut bytes = literal.value.clone().into_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                lines.push((start, i, i + 2));
                i += 2;
                start = i;
            }
            b'\r' | b'\n' => {
                bytes[i] = b'\n';
                lines.push((start, i, i + 1));
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    lines.push((start, bytes.len(), bytes.len()));
    let value = String::from_utf8(bytes).unwrap_or_else(|_| literal.value.clone());
    Lines {
        literal: StrLit {
            value,
            ..literal.clone()
        },
        lines,
    }
}

fn is_blank(text: &str) -> bool {
    text.chars().all(char::is_whitespace)
}

/// Keeps, per line, the byte range `cut` returns (None keeps the whole line),
/// drops a blank first and last line, and joins the rest with `\n`: Kotlin's
/// `reindent`, shared by `trimIndent` and `trimMargin`.
fn reindent(literal: &StrLit, cut: impl Fn(&str) -> Option<usize>) -> StrLit {
    let Lines { literal, lines } = split_lines(literal);
    let value = literal.value.as_str();
    let last = lines.len() - 1;
    let dropped = |index: usize| {
        let (start, end, _) = lines[index];
        (index == 0 || index == last) && is_blank(&value[start..end])
    };
    let mut keep = vec![false; value.len()];
    for (index, &(start, end, separator_end)) in lines.iter().enumerate() {
        if dropped(index) {
            continue;
        }
        let line = &value[start..end];
        let from = start + cut(line).unwrap_or(0).min(line.len());
        keep[from..end].iter_mut().for_each(|k| *k = true);
        if index < last && !dropped(index + 1) {
            // Of a `\r\n` separator only the `\n` stays.
            keep[separator_end - 1] = true;
        }
    }
    literal.filter_bytes(|i| keep.get(i).copied().unwrap_or(false))
}

/// Byte length of the first `count` characters of `line` (all of it if shorter).
fn char_prefix_len(line: &str, count: usize) -> usize {
    line.char_indices()
        .nth(count)
        .map_or(line.len(), |(i, _)| i)
}

fn indent_width(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count()
}

/// Kotlin's `String.trimIndent()`.
fn trim_indent(literal: &StrLit) -> StrLit {
    let Lines {
        literal: split,
        lines,
    } = split_lines(literal);
    let min_indent = lines
        .iter()
        .map(|&(start, end, _)| &split.value[start..end])
        .filter(|line| !is_blank(line))
        .map(indent_width)
        .min()
        .unwrap_or(0);
    reindent(literal, |line| Some(char_prefix_len(line, min_indent)))
}

/// Kotlin's `String.trimMargin(prefix)`: lines whose first non-blank text is
/// the prefix lose everything up to its end; other lines are kept whole.
fn trim_margin(literal: &StrLit, prefix: &str) -> StrLit {
    reindent(literal, |line| {
        let first = line.find(|c: char| !c.is_whitespace())?;
        line[first..]
            .starts_with(prefix)
            .then_some(first + prefix.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Binding, Call, SourceMap, HOLE};

    fn lower_text(text: &str) -> Model {
        let file = SourceFile::from_text("Test.kt", Language::Kotlin, text);
        match crate::lang::lower(&file) {
            Ok(model) => model,
            Err(e) => panic!("lowering failed: {e:?}"),
        }
    }

    fn calls_named<'m>(model: &'m Model, name: &str) -> Vec<(NodeId, &'m Call)> {
        model.calls().filter(|(_, c)| c.name == name).collect()
    }

    fn only_call<'m>(model: &'m Model, name: &str) -> (NodeId, &'m Call) {
        let calls = calls_named(model, name);
        assert_eq!(calls.len(), 1, "calls named {name}: {calls:?}");
        calls[0]
    }

    fn nearest_loop(model: &Model, id: NodeId) -> Option<(NodeId, LoopKind)> {
        model.ancestors(id).find_map(|a| match model.node(a).kind {
            NodeKind::Loop(kind) => Some((a, kind)),
            _ => None,
        })
    }

    fn str_of(model: &Model, value: &Value) -> StrLit {
        match value {
            Value::Str(id) => model.str_lit(*id).cloned().expect("a Str node"),
            other => panic!("expected a string value, got {other:?}"),
        }
    }

    fn source_of<'t>(text: &'t str, lit: &StrLit, value_part: &str) -> &'t str {
        let start = lit.value.find(value_part).expect("part of the value");
        &text[lit.source_range(start..start + value_part.len())]
    }

    fn binding<'m>(model: &'m Model, name: &str) -> (NodeId, &'m Binding) {
        model
            .ids()
            .find_map(|id| match &model.node(id).kind {
                NodeKind::Binding(b) if b.name == name => Some((id, b)),
                _ => None,
            })
            .expect("binding")
    }

    #[test]
    fn a_negated_call_keeps_its_name_and_arguments() {
        let text = "fun f(s: State) {\n    if (!s.markSynced(folder, 1)) return\n    if (!isEmpty()) return\n}\n";
        let model = lower_text(text);
        let (_, marked) = only_call(&model, "markSynced");
        assert_eq!(marked.receiver, vec![Segment::Name("s".to_string())]);
        assert_eq!(marked.args.len(), 2);
        assert_eq!(&text[marked.name_range.clone()], "markSynced");
        only_call(&model, "isEmpty");
    }

    #[test]
    fn imports_are_recorded_as_written() {
        let text = "package app.data\n\nimport android.database.sqlite.SQLiteDatabase\nimport androidx.room.*\nimport java.io.File as JFile\nimport kotlin.math.max // why\n\nfun f() = max(1, 2)\n";
        let model = lower_text(text);
        assert_eq!(
            model.imports,
            vec![
                "android.database.sqlite.SQLiteDatabase",
                "androidx.room.*",
                "java.io.File",
                "kotlin.math.max",
            ]
        );
        only_call(&model, "max");
    }

    #[test]
    fn plain_header_imports_are_read_from_their_lines_and_blanked() {
        let text = "// Licence\n/*\nimport commented.Out\n*/\n@file:JvmName(\"Db\")\npackage app.data\n\nimport android.database.sqlite.SQLiteDatabase\r\nimport androidx.room.*\nimport java.io.File as JFile;\n\nclass A { fun f(db: SQLiteDatabase) = db.execSQL(\"VACUUM\") }\n";
        let header = HeaderImports::of(text).expect("plain imports");
        assert_eq!(
            header.imports,
            vec![
                "android.database.sqlite.SQLiteDatabase",
                "androidx.room.*",
                "java.io.File"
            ]
        );
        assert_eq!(header.blanked.len(), text.len());
        assert!(!header.blanked.contains("import android"));
        assert!(header.blanked.contains("import commented.Out"));
        assert!(header.blanked.contains("\r\n"));
        // The lowering reads them so, and the rest of the file as before.
        let model = lower_text(text);
        assert_eq!(model.imports, header.imports);
        only_call(&model, "execSQL");
    }

    #[test]
    fn header_imports_written_otherwise_are_left_to_the_parser() {
        for text in [
            "import a.b.C // why\n",
            "import a.`fun`.C\n",
            "import a.b.Café\n",
            "import a . b\n",
            "import a.b.C as D as E\n",
            "/* one /* nested */\nimport a.b.C\n*/\n",
            "/* a */ import a.b.C\n",
            "package a /*\nimport a.b.C\n*/\n",
            "@file:Suppress(\n    \"x\"\n)\nimport a.b.C\n",
            "class A\n",
        ] {
            assert!(HeaderImports::of(text).is_none(), "{text:?}");
        }
        // One import the lines cannot read leaves all of them to the
        // parser, in their order.
        let model = lower_text("import a.b.C\nimport d.`e`.F\nimport g.H\n");
        assert_eq!(model.imports, vec!["a.b.C", "d.`e`.F", "g.H"]);
    }

    #[test]
    fn concatenation_with_constants_is_one_string() {
        let text = r#"object Tables {
    const val NOTES = "notes"
    const val SELECT_ALL = "SELECT * FROM " + NOTES
}
class NoteStore(private val db: SQLiteDatabase) {
    companion object {
        private const val WHERE = " WHERE archived = 0"
        val LIMIT = "LIMIT " + 10
    }
    fun load(id: Long) {
        db.rawQuery(Tables.SELECT_ALL + WHERE + " AND id = " + id, null)
        db.execSQL("""
            DELETE FROM notes
            """.trimIndent() + Companion.WHERE)
        val q = "SELECT 1 FROM " + Tables.NOTES + " " + LIMIT
        db.rawQuery("SELECT * FROM ${Tables.NOTES}" + x(), null)
        val n = 1 + 2
    }
}
"#;
        let model = lower_text(text);
        let raw_queries = calls_named(&model, "rawQuery");
        let (first_id, first) = raw_queries[0];
        let lit = str_of(&model, &first.args[0].value);
        assert_eq!(
            lit.value,
            format!("SELECT * FROM notes WHERE archived = 0 AND id = {HOLE}")
        );
        assert!(lit.has_holes);
        let Value::Str(str_id) = first.args[0].value else {
            unreachable!()
        };
        assert_eq!(model.node(str_id).parent, Some(first_id));
        assert_eq!(
            &text[model.node(str_id).range.clone()],
            "Tables.SELECT_ALL + WHERE + \" AND id = \" + id"
        );
        // Each piece maps to where it was written, however far away.
        let notes_at = text.find("\"notes\"").unwrap() + 1;
        let start = lit.value.find("notes").unwrap();
        assert_eq!(lit.source_range(start..start + 5), notes_at..notes_at + 5);
        let select_at = text.find("\"SELECT * FROM \"").unwrap() + 1;
        assert_eq!(lit.source_range(0..6), select_at..select_at + 6);
        assert_eq!(source_of(text, &lit, " WHERE"), " WHERE");
        let where_at = text.find(" WHERE archived").unwrap();
        let start = lit.value.find(" WHERE").unwrap();
        assert_eq!(lit.source_range(start..start + 6), where_at..where_at + 6);
        assert_eq!(source_of(text, &lit, HOLE), "id");

        let (_, exec) = only_call(&model, "execSQL");
        let lit = str_of(&model, &exec.args[0].value);
        assert_eq!(lit.value, "DELETE FROM notes WHERE archived = 0");
        let start = lit.value.find("archived").unwrap();
        let archived_at = text.find("archived").unwrap();
        assert_eq!(
            lit.source_range(start..start + 8),
            archived_at..archived_at + 8
        );
        assert_eq!(source_of(text, &lit, "DELETE"), "DELETE");

        let (_, q) = binding(&model, "q");
        assert_eq!(
            str_of(&model, &q.init).value,
            "SELECT 1 FROM notes LIMIT 10"
        );
        let (_, select_all) = binding(&model, "SELECT_ALL");
        assert_eq!(select_all.kind, BindingKind::Constant);
        assert_eq!(
            str_of(&model, &select_all.init).value,
            "SELECT * FROM notes"
        );

        let (_, last) = raw_queries[1];
        let lit = str_of(&model, &last.args[0].value);
        assert_eq!(lit.value, format!("SELECT * FROM {HOLE}{HOLE}"));
        let (x, _) = only_call(&model, "x");
        let Value::Str(last_str) = last.args[0].value else {
            unreachable!()
        };
        assert!(model.ancestors(x).any(|a| a == last_str));

        let (_, n) = binding(&model, "n");
        assert_eq!(n.init, Value::Other);
    }

    #[test]
    fn constant_cycles_and_unknown_names_are_holes() {
        let text = "const val A = B + \"a\"\nconst val B = A + \"b\"\nfun f() { db.execSQL(A + other + Missing.X) }\n";
        let model = lower_text(text);
        let (_, exec) = only_call(&model, "execSQL");
        let lit = str_of(&model, &exec.args[0].value);
        // The cycle is cut where it closes: A = (A's hole) + "a".
        assert_eq!(lit.value, format!("{HOLE}a{HOLE}{HOLE}"));
        let a_at = text.find("\"a\"").unwrap() + 1;
        assert_eq!(lit.source_range(HOLE.len()..HOLE.len() + 1), a_at..a_at + 1);
        assert_eq!(
            source_of(text, &lit, &format!("{HOLE}{HOLE}")),
            "other + Missing.X"
        );
    }

    #[test]
    fn room_annotations_are_calls_on_their_declarations() {
        let text = r#"package app.data

import androidx.room.*

@Entity(tableName = "notes", indices = [Index(value = ["archived"]), Index("owner", "created")])
data class Note(
    @PrimaryKey val id: Long,
    @ColumnInfo(name = "archived", defaultValue = "0") val archived: Boolean,
) {
    @Ignore var draft: String = ""

    companion object {
        const val TABLE = "notes"
    }
}

@Dao
interface NoteDao {
    @Query("SELECT * FROM " + Note.TABLE + " WHERE archived = 0")
    fun live(): List<Note>

    @Insert(onConflict = OnConflictStrategy.REPLACE)
    suspend fun insert(note: Note)

    @Transaction
    @Query("DELETE FROM notes WHERE id = :id")
    suspend fun delete(id: Long)
}

@Database(entities = [Note::class], version = 1)
abstract class AppDatabase : RoomDatabase()
"#;
        let model = lower_text(text);
        let parent_kind = |id: NodeId| &model.node(model.node(id).parent.expect("parent")).kind;

        let (entity_id, entity) = only_call(&model, "Entity");
        assert!(entity.receiver.is_empty());
        assert_eq!(&text[entity.name_range.clone()], "Entity");
        assert!(matches!(parent_kind(entity_id), NodeKind::TypeDecl { name } if name == "Note"));
        let labels: Vec<Option<&str>> = entity.args.iter().map(|a| a.label.as_deref()).collect();
        assert_eq!(labels, vec![Some("tableName"), Some("indices")]);
        assert_eq!(str_of(&model, &entity.args[0].value).value, "notes");
        assert_eq!(entity.args[1].value, Value::Other);
        let indices = calls_named(&model, "Index");
        assert_eq!(indices.len(), 2);
        for (index_id, _) in &indices {
            assert_eq!(model.node(*index_id).parent, Some(entity_id));
        }
        let (first_index_id, first_index) = indices[0];
        assert_eq!(first_index.args[0].label.as_deref(), Some("value"));
        assert_eq!(first_index.args[0].value, Value::Other);
        let archived: Vec<NodeId> = model
            .children(first_index_id)
            .filter(|c| model.str_lit(*c).is_some_and(|s| s.value == "archived"))
            .collect();
        assert_eq!(archived.len(), 1);
        let columns: Vec<String> = indices[1]
            .1
            .args
            .iter()
            .map(|a| str_of(&model, &a.value).value)
            .collect();
        assert_eq!(columns, vec!["owner", "created"]);

        let (primary_key, primary) = only_call(&model, "PrimaryKey");
        assert!(primary.args.is_empty());
        assert!(matches!(parent_kind(primary_key), NodeKind::Binding(b) if b.name == "id"));
        let (column_id, column) = only_call(&model, "ColumnInfo");
        assert!(matches!(parent_kind(column_id), NodeKind::Binding(b) if b.name == "archived"));
        assert_eq!(str_of(&model, &column.args[1].value).value, "0");

        let (ignore_id, _) = only_call(&model, "Ignore");
        assert!(matches!(parent_kind(ignore_id), NodeKind::Binding(b) if b.name == "draft"));

        let (dao_id, dao) = only_call(&model, "Dao");
        assert!(dao.args.is_empty());
        assert_eq!(&text[model.node(dao_id).range.clone()], "Dao");
        assert!(matches!(parent_kind(dao_id), NodeKind::TypeDecl { name } if name == "NoteDao"));

        let queries = calls_named(&model, "Query");
        assert_eq!(queries.len(), 2);
        let (live_query_id, live_query) = queries[0];
        assert!(matches!(parent_kind(live_query_id), NodeKind::Function(f) if f.name == "live"));
        let lit = str_of(&model, &live_query.args[0].value);
        assert_eq!(lit.value, "SELECT * FROM notes WHERE archived = 0");
        // `notes` comes from the companion's constant, further down the file.
        let table_at = text.find("TABLE = \"notes\"").unwrap() + "TABLE = \"".len();
        let start = lit.value.find("notes").unwrap();
        assert_eq!(lit.source_range(start..start + 5), table_at..table_at + 5);
        assert_eq!(
            source_of(text, &lit, " WHERE archived = 0"),
            " WHERE archived = 0"
        );

        let (insert_id, insert) = only_call(&model, "Insert");
        assert!(matches!(parent_kind(insert_id), NodeKind::Function(f) if f.name == "insert"));
        assert_eq!(insert.args[0].label.as_deref(), Some("onConflict"));
        assert_eq!(
            insert.args[0].value,
            Value::Chain(vec![
                Segment::Name("OnConflictStrategy".into()),
                Segment::Name("REPLACE".into())
            ])
        );
        let (transaction_id, transaction) = only_call(&model, "Transaction");
        assert!(transaction.args.is_empty());
        assert!(matches!(parent_kind(transaction_id), NodeKind::Function(f) if f.name == "delete"));
        assert_eq!(
            model.node(queries[1].0).parent,
            model.node(transaction_id).parent
        );
        assert_eq!(
            str_of(&model, &queries[1].1.args[0].value).value,
            "DELETE FROM notes WHERE id = :id"
        );

        let (database_id, database) = only_call(&model, "Database");
        assert!(
            matches!(parent_kind(database_id), NodeKind::TypeDecl { name } if name == "AppDatabase")
        );
        let labels: Vec<Option<&str>> = database.args.iter().map(|a| a.label.as_deref()).collect();
        assert_eq!(labels, vec![Some("entities"), Some("version")]);
        assert_eq!(database.args[0].value, Value::Other);
        // The supertype's constructor is still a call of its own.
        only_call(&model, "RoomDatabase");
    }

    #[test]
    fn sync_in_use_closure_inside_for_loop() {
        let text = "fun flush(files: List<File>, b: ByteArray) {\n    for (f in files) { FileOutputStream(f).use { out -> out.write(b); out.fd.sync() } }\n}\n";
        let model = lower_text(text);
        let (sync, call) = only_call(&model, "sync");
        assert_eq!(
            call.receiver,
            vec![Segment::Name("out".into()), Segment::Name("fd".into())]
        );
        assert_eq!(&text[call.name_range.clone()], "sync");
        let ancestors: Vec<&NodeKind> =
            model.ancestors(sync).map(|a| &model.node(a).kind).collect();
        assert!(matches!(
            ancestors[0],
            NodeKind::Closure { iteration: false }
        ));
        assert!(matches!(ancestors[1], NodeKind::Call(c) if c.name == "use"));
        assert!(matches!(ancestors[2], NodeKind::Loop(LoopKind::For)));
        assert!(matches!(ancestors[3], NodeKind::Function(f) if f.name == "flush"));
        let (_, use_call) = only_call(&model, "use");
        assert_eq!(
            use_call.receiver,
            vec![Segment::Call("FileOutputStream".into())]
        );
        assert!(use_call.args.is_empty());
        let (ctor, ctor_call) = only_call(&model, "FileOutputStream");
        assert_eq!(
            ctor_call.args[0].value,
            Value::Chain(vec![Segment::Name("f".into())])
        );
        assert!(nearest_loop(&model, ctor).is_some());
        let (out, out_binding) = binding(&model, "out");
        assert_eq!(out_binding.kind, BindingKind::Parameter);
        assert_eq!(out_binding.declared_type, None);
        let parent = model.node(out).parent.expect("parent");
        assert!(matches!(model.node(parent).kind, NodeKind::Closure { .. }));
        let (f, f_binding) = binding(&model, "f");
        assert_eq!(f_binding.kind, BindingKind::Local);
        assert!(nearest_loop(&model, f).is_some());
    }

    #[test]
    fn constructor_chain_with_property_access() {
        let model = lower_text("fun g(f: File) { FileOutputStream(f).fd.sync() }");
        let (_, call) = only_call(&model, "sync");
        assert_eq!(
            call.receiver,
            vec![
                Segment::Call("FileOutputStream".into()),
                Segment::Name("fd".into())
            ]
        );
        only_call(&model, "FileOutputStream");
    }

    #[test]
    fn iteration_closures() {
        let text = "fun g() {\n    files.forEach { it.sync() }\n    repeat(3) { a?.b!!.c() }\n    list.forEachIndexed { i, x -> put(key = i, x) }\n    db.transaction { insert() }\n}\n";
        let model = lower_text(text);
        for (inner, outer, iteration) in [
            ("sync", "forEach", true),
            ("c", "repeat", true),
            ("put", "forEachIndexed", true),
            ("insert", "transaction", false),
        ] {
            let (id, _) = only_call(&model, inner);
            let closure = model.node(id).parent.expect("closure");
            assert!(
                matches!(model.node(closure).kind, NodeKind::Closure { iteration: it } if it == iteration),
                "{inner}"
            );
            let call = model.node(closure).parent.expect("call");
            assert!(matches!(&model.node(call).kind, NodeKind::Call(c) if c.name == outer));
        }
        let (_, c) = only_call(&model, "c");
        assert_eq!(
            c.receiver,
            vec![Segment::Name("a".into()), Segment::Name("b".into())]
        );
        let (_, repeat) = only_call(&model, "repeat");
        assert_eq!(repeat.args.len(), 1);
        assert_eq!(repeat.args[0].value, Value::Other);
        let (_, put) = only_call(&model, "put");
        assert_eq!(put.args[0].label.as_deref(), Some("key"));
        assert_eq!(
            put.args[0].value,
            Value::Chain(vec![Segment::Name("i".into())])
        );
        assert_eq!(put.args[1].label, None);
        let (i, _) = binding(&model, "i");
        let parent = model.node(i).parent.expect("parent");
        assert!(matches!(
            model.node(parent).kind,
            NodeKind::Closure { iteration: true }
        ));
    }

    #[test]
    fn string_argument_and_loops() {
        let text = "fun g() {\n    while (running) { db.execSQL(\"PRAGMA journal_mode=DELETE\") }\n    do { step() } while (more())\n}\n";
        let model = lower_text(text);
        let (id, call) = only_call(&model, "execSQL");
        let lit = str_of(&model, &call.args[0].value);
        assert_eq!(lit.value, "PRAGMA journal_mode=DELETE");
        assert_eq!(source_of(text, &lit, "DELETE"), "DELETE");
        assert_eq!(nearest_loop(&model, id).map(|l| l.1), Some(LoopKind::While));
        let Value::Str(str_id) = call.args[0].value else {
            unreachable!()
        };
        assert_eq!(model.node(str_id).parent, Some(id));
        let (step, _) = only_call(&model, "step");
        let (more, _) = only_call(&model, "more");
        assert_eq!(
            nearest_loop(&model, step).map(|l| l.1),
            Some(LoopKind::Repeat)
        );
        assert_eq!(
            nearest_loop(&model, more).map(|l| l.1),
            Some(LoopKind::Repeat)
        );
    }

    #[test]
    fn interpolation_holes_and_escapes() {
        let text = "fun g() { db.execSQL(\"DELETE FROM $table WHERE id = ${row.id()} -- \\u00e9\\t\\$x \\\"q\\\"\") }";
        let model = lower_text(text);
        let (exec, call) = only_call(&model, "execSQL");
        let lit = str_of(&model, &call.args[0].value);
        assert_eq!(
            lit.value,
            format!("DELETE FROM {HOLE} WHERE id = {HOLE} -- \u{e9}\t$x \"q\"")
        );
        assert!(lit.has_holes);
        let first = lit.value.find(HOLE).expect("hole");
        assert_eq!(&text[lit.source_range(first..first + HOLE.len())], "$table");
        let second = lit.value.rfind(HOLE).expect("hole");
        assert_eq!(
            &text[lit.source_range(second..second + HOLE.len())],
            "${row.id()}"
        );
        assert_eq!(source_of(text, &lit, "\u{e9}"), "\\u00e9");
        assert_eq!(source_of(text, &lit, "\t"), "\\t");
        assert_eq!(source_of(text, &lit, "$x"), "\\$x");
        assert_eq!(source_of(text, &lit, "\"q\""), "\\\"q\\\"");
        assert_eq!(source_of(text, &lit, "WHERE id"), "WHERE id");
        // The call inside the template still gets a node, under the string.
        let (id_call, _) = only_call(&model, "id");
        assert!(model.ancestors(id_call).any(|a| a == exec));
    }

    #[test]
    fn trim_indent_value_and_map() {
        let text = "fun g() {\n    db.execSQL(\"\"\"\n        CREATE TABLE t (\n          id INTEGER\n        )\n    \"\"\".trimIndent())\n}\n";
        let model = lower_text(text);
        let (exec, call) = only_call(&model, "execSQL");
        let lit = str_of(&model, &call.args[0].value);
        assert_eq!(lit.value, "CREATE TABLE t (\n  id INTEGER\n)");
        assert_eq!(source_of(text, &lit, "id INTEGER"), "id INTEGER");
        let at = lit.value.find("  id").expect("indent");
        let source = lit.source_range(at..at + 4);
        assert_eq!(&text[source.clone()], "  id");
        assert_eq!(source.start, text.find("  id INTEGER").expect("in text"));
        let newline = lit.value.find('\n').expect("newline");
        assert_eq!(
            lit.source_range(newline..newline + 1).start,
            text.find("(\n").expect("paren") + 1
        );
        // Only one Str node for the literal: the trimmed one.
        let strs = model
            .ids()
            .filter(|&id| model.str_lit(id).is_some())
            .count();
        assert_eq!(strs, 1);
        let (trim, trim_call) = only_call(&model, "trimIndent");
        assert_eq!(model.node(trim).parent, Some(exec));
        assert_eq!(trim_call.receiver, vec![Segment::Other]);
    }

    #[test]
    fn trim_margin_with_default_and_custom_prefix() {
        let text = "val a = \"\"\"\n    |SELECT *\n    |  FROM t\n  no margin\n\"\"\".trimMargin()\nval b = \"\"\"  >x\n  >y\"\"\".trimMargin(\">\")\n";
        let model = lower_text(text);
        let a = str_of(&model, &binding(&model, "a").1.init);
        assert_eq!(a.value, "SELECT *\n  FROM t\n  no margin");
        assert_eq!(source_of(text, &a, "  FROM"), "  FROM");
        assert_eq!(source_of(text, &a, "  no margin"), "  no margin");
        let b = str_of(&model, &binding(&model, "b").1.init);
        assert_eq!(b.value, "x\ny");
        assert_eq!(source_of(text, &b, "y"), "y");
        assert_eq!(binding(&model, "a").1.kind, BindingKind::Constant);
    }

    #[test]
    fn trim_helpers_follow_kotlin() {
        let plain = |s: &str| {
            let mut builder = StrBuilder::new();
            builder.verbatim(s, 0);
            builder.finish()
        };
        assert_eq!(trim_indent(&plain("   ")).value, "");
        assert_eq!(trim_indent(&plain("\n  a\n\n    b\n  ")).value, "a\n\n  b");
        assert_eq!(trim_indent(&plain("  a\r\n   b")).value, "a\n b");
        assert_eq!(trim_indent(&plain("x\n  \n")).value, "x\n  ");
        assert_eq!(
            trim_margin(&plain("a\n  |b\n   \n|c"), "|").value,
            "a\nb\n   \nc"
        );
        assert_eq!(trim_margin(&plain("  #x"), "#").value, "x");
    }

    #[test]
    fn bindings_types_and_initializers() {
        let text = "class Store(val db: SQLiteDatabase, name: String) {\n    val channel: FileChannel = raf.channel\n    var fd: java.io.FileDescriptor? = null\n    companion object {\n        const val TABLE = \"items\"\n        val DEFAULT = 1\n    }\n    fun open(path: String, flags: Int = 0): List<String> {\n        val handle: Map<String, Int>? = open(path)\n        return handle\n    }\n}\nval TOP = \"x\"\n";
        let model = lower_text(text);
        let (_, channel) = binding(&model, "channel");
        assert_eq!(channel.kind, BindingKind::Property);
        assert_eq!(channel.declared_type.as_deref(), Some("FileChannel"));
        assert_eq!(
            channel.init,
            Value::Chain(vec![
                Segment::Name("raf".into()),
                Segment::Name("channel".into())
            ])
        );
        assert_eq!(
            binding(&model, "fd").1.declared_type.as_deref(),
            Some("FileDescriptor")
        );
        let (db, db_binding) = binding(&model, "db");
        assert_eq!(db_binding.kind, BindingKind::Property);
        assert!(
            matches!(&model.node(model.node(db).parent.expect("p")).kind, NodeKind::TypeDecl { name } if name == "Store")
        );
        let (name, name_binding) = binding(&model, "name");
        assert_eq!(name_binding.kind, BindingKind::Parameter);
        assert!(
            matches!(&model.node(model.node(name).parent.expect("p")).kind, NodeKind::Function(f) if f.kind == FunctionKind::Initializer)
        );
        let (table, table_binding) = binding(&model, "TABLE");
        assert_eq!(table_binding.kind, BindingKind::Constant);
        assert_eq!(model.enclosing_type(table), Some("Companion"));
        assert_eq!(str_of(&model, &table_binding.init).value, "items");
        assert_eq!(binding(&model, "DEFAULT").1.kind, BindingKind::Constant);
        assert_eq!(binding(&model, "TOP").1.kind, BindingKind::Constant);
        assert_eq!(binding(&model, "flags").1.kind, BindingKind::Parameter);
        let (_, handle) = binding(&model, "handle");
        assert_eq!(handle.kind, BindingKind::Local);
        assert_eq!(handle.declared_type.as_deref(), Some("Map"));
        assert_eq!(
            handle.init,
            Value::Chain(vec![Segment::Call("open".into())])
        );
        assert!(model.ids().any(|id| matches!(&model.node(id).kind,
            NodeKind::Return(Value::Chain(c)) if c == &vec![Segment::Name("handle".into())])));
    }

    #[test]
    fn setter_getter_init_and_constructors() {
        let text = "class Prefs {\n    var value: String = \"\"\n        set(value) { field = value; save() }\n        get() = field\n    init { load() }\n    constructor(x: Int) : this() { setup(x) }\n}\n";
        let model = lower_text(text);
        let functions: Vec<&Function> = model
            .ids()
            .filter_map(|id| match &model.node(id).kind {
                NodeKind::Function(f) => Some(f),
                _ => None,
            })
            .collect();
        let summary: Vec<(&str, FunctionKind, &str)> = functions
            .iter()
            .map(|f| (f.name.as_str(), f.kind, &text[f.name_range.clone()]))
            .collect();
        assert_eq!(
            summary,
            vec![
                ("value", FunctionKind::Setter, "set"),
                ("value", FunctionKind::Getter, "get"),
                ("init", FunctionKind::Initializer, "init"),
                ("init", FunctionKind::Initializer, "constructor"),
            ]
        );
        let (save, _) = only_call(&model, "save");
        let setter = model.enclosing_function(save).expect("setter");
        assert!(
            matches!(&model.node(setter).kind, NodeKind::Function(f) if f.kind == FunctionKind::Setter)
        );
        assert!(model.ids().any(|id| matches!(&model.node(id).kind,
            NodeKind::Assign { target, value: Value::Chain(v) }
                if target == &vec![Segment::Name("field".into())] && v == &vec![Segment::Name("value".into())])));
        let (load, _) = only_call(&model, "load");
        assert_eq!(model.enclosing_type(load), Some("Prefs"));
        only_call(&model, "setup");
        only_call(&model, "this");
    }

    #[test]
    fn single_line_interface_does_not_hide_following_code() {
        let text = "interface R { fun run() }\nfun flush(fd: FileDescriptor) {\n    for (i in 0 until 3) { fd.sync() }\n}\n";
        let model = lower_text(text);
        let (sync, _) = only_call(&model, "sync");
        assert_eq!(nearest_loop(&model, sync).map(|l| l.1), Some(LoopKind::For));
        assert!(model
            .ids()
            .any(|id| matches!(&model.node(id).kind, NodeKind::Function(f) if f.name == "run")));
        assert!(model
            .ids()
            .any(|id| matches!(&model.node(id).kind, NodeKind::TypeDecl { name } if name == "R")));
    }

    #[test]
    fn single_line_companion_does_not_hide_following_code() {
        for text in [
            "class A { companion object { const val X = 1 } }\nfun g(fd: FD) {\n    while (true) { fd.sync() }\n}\n",
            "class A {companion object {const val X = 1}}\nfun g(fd: FD) {\n    while (true) { fd.sync() }\n}\n",
        ] {
            let model = lower_text(text);
            let (sync, _) = only_call(&model, "sync");
            // `while (true)` runs until something leaves it: a Repeat.
            assert_eq!(nearest_loop(&model, sync).map(|l| l.1), Some(LoopKind::Repeat));
            assert_eq!(binding(&model, "X").1.kind, BindingKind::Constant);
        }
    }

    #[test]
    fn unrepairable_errors_are_recorded_and_the_rest_lowered() {
        let text = "class A {companion object {const val X = 1}}\n\nfun g() { h(\"s\") }\n";
        let model = lower_text(text);
        assert!(!model.unparsed.is_empty());
        assert!(model
            .unparsed
            .iter()
            .all(|r| r.end <= text.find("fun g").expect("fun")));
        only_call(&model, "h");
    }

    /// The names of the functions and types around a node, innermost first.
    fn owner_names(model: &Model, id: NodeId) -> Vec<String> {
        model
            .ancestors(id)
            .filter_map(|a| match &model.node(a).kind {
                NodeKind::Function(function) => Some(function.name.clone()),
                NodeKind::TypeDecl { name } => Some(name.clone()),
                _ => None,
            })
            .collect()
    }

    /// A class `Store` with `construct` among its members and a loop of
    /// inserts in `save`: the insert is lowered in `save` in `Store`, with
    /// its text where it is, and `construct`'s unreadable part, if any, is
    /// recorded.
    fn assert_recovered(construct: &str, unreadable: Option<&str>) -> Model {
        let text = format!(
            "package app\n\nclass Store(private val db: SQLiteDatabase) {{\n{construct}\n\n    fun save(items: List<String>) {{\n        for (item in items) {{\n            db.execSQL(\"INSERT INTO t VALUES (?)\", arrayOf(item))\n        }}\n    }}\n}}\n\nfun after() {{ tail() }}\n"
        );
        let model = lower_text(&text);
        let (id, call) = only_call(&model, "execSQL");
        assert_eq!(owner_names(&model, id), ["save", "Store"]);
        assert_eq!(&text[call.name_range.clone()], "execSQL");
        assert!(nearest_loop(&model, id).is_some());
        if let Some(unreadable) = unreadable {
            let unreadable_at = text.find(unreadable).expect("the construct");
            assert!(
                model
                    .unparsed
                    .iter()
                    .any(|r| r.start <= unreadable_at && unreadable_at < r.end),
                "{unreadable:?} is not in {:?}",
                model.unparsed
            );
        }
        let save_at = text.find("fun save").expect("save");
        assert!(
            model.unparsed.iter().all(|r| r.end <= save_at),
            "{:?} reaches `save`",
            model.unparsed
        );
        let (tail, _) = only_call(&model, "tail");
        assert_eq!(owner_names(&model, tail), ["after"]);
        model
    }

    #[test]
    fn a_soft_keyword_called_as_a_function_hides_only_its_member() {
        let model = assert_recovered(
            "    fun show(file: File) {\n        open()\n        log(\"shown\")\n    }",
            Some("open()"),
        );
        // The member that did not parse is lowered on its own, in its class.
        let (log, _) = only_call(&model, "log");
        assert_eq!(owner_names(&model, log), ["show", "Store"]);
    }

    #[test]
    fn context_parameters_hide_only_their_list() {
        let model = assert_recovered(
            "    context(logger: Logger)\n    fun trace(message: String) {\n        logger.info(message)\n    }",
            Some("context("),
        );
        let (info, _) = only_call(&model, "info");
        assert_eq!(owner_names(&model, info), ["trace", "Store"]);
    }

    #[test]
    fn an_explicit_backing_field_hides_only_its_property() {
        // On its own the property parses (the field's initializer as an
        // assignment after it), so nothing stays unread.
        let model = assert_recovered(
            "    val names: List<String>\n        field = mutableListOf()",
            None,
        );
        let (names, _) = binding(&model, "names");
        assert_eq!(owner_names(&model, names), ["Store"]);
    }

    #[test]
    fn a_multi_dollar_string_stays_a_local_error() {
        let model = assert_recovered(
            "    fun template(): String = $$\"\"\"{\"name\": \"$${name}\"}\"\"\"",
            Some("$$"),
        );
        assert!(model.functions().any(|(_, f)| f.name == "template"));
    }

    #[test]
    fn a_when_guard_hides_only_its_function() {
        assert_recovered(
            "    fun kind(x: Any, y: Any) = when (x) {\n        is String if y is String -> 1\n        else -> 2\n    }",
            Some("if y is"),
        );
    }

    #[test]
    fn a_function_left_as_loose_tokens_keeps_its_statements() {
        // Alone, the function with a `when` guard is still an ERROR of loose
        // `fun kind(...) {` tokens and statements: they are rebuilt into it.
        let model = assert_recovered(
            "    fun kind(x: Any, y: Any): Int {\n        db.delete(\"t\", null, null)\n        return when (x) {\n            is String if y is String -> 1\n            else -> 2\n        }\n    }\n\n    fun next() = 1",
            Some("if y is"),
        );
        let (delete, _) = only_call(&model, "delete");
        assert_eq!(owner_names(&model, delete), ["kind", "Store"]);
        let (y, _) = binding(&model, "y");
        assert_eq!(owner_names(&model, y), ["kind", "Store"]);
        let (next, _) = model
            .functions()
            .find(|(_, f)| f.name == "next")
            .expect("the member after it");
        assert_eq!(owner_names(&model, next), ["Store"]);
    }

    #[test]
    fn an_annotated_constructor_line_keeps_the_class_and_its_members() {
        let text = "@Singleton\nclass Sync\n@OptIn(Experimental::class)\n@Inject\nconstructor(\n    private val db: SQLiteDatabase,\n) : Base() {\n    fun save(items: List<String>) {\n        for (item in items) {\n            db.execSQL(\"INSERT INTO t VALUES (?)\", arrayOf(item))\n        }\n    }\n}\n";
        let model = lower_text(text);
        let (id, call) = only_call(&model, "execSQL");
        assert_eq!(owner_names(&model, id), ["save", "Sync"]);
        assert_eq!(&text[call.name_range.clone()], "execSQL");
        let header_end = text.find("{\n    fun").expect("body");
        assert!(model.unparsed.iter().all(|r| r.end <= header_end));
        assert!(!model.unparsed.is_empty());
    }

    #[test]
    fn accessors_and_annotated_accessors_stay_with_their_property() {
        let text = "class Store {\n    var count: Int = 0\n        private set\n    val label: String\n        @Composable get() = stringResource(1)\n    context(a: A)\n    fun f() { g() }\n}\n";
        let model = lower_text(text);
        let (g, _) = only_call(&model, "g");
        assert_eq!(owner_names(&model, g), ["f", "Store"]);
        let (resource, _) = only_call(&model, "stringResource");
        assert!(owner_names(&model, resource).ends_with(&["Store".to_string()]));
        let unparsed: Vec<&str> = model.unparsed.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(unparsed, ["context(a: A)"]);
    }

    #[test]
    fn crlf_and_multibyte_text() {
        let text = "// héllo wörld\r\nfun g() {\r\n    val q = \"\"\"\r\n        SELECT 1\r\n        FROM \u{1F600}\r\n    \"\"\".trimIndent()\r\n    /* é */ db.execSQL(\"VACUUM\")\r\n}\r\n";
        let model = lower_text(text);
        let (_, call) = only_call(&model, "execSQL");
        let lit = str_of(&model, &call.args[0].value);
        assert_eq!(source_of(text, &lit, "VACUUM"), "VACUUM");
        let q = str_of(&model, &binding(&model, "q").1.init);
        assert_eq!(q.value, "SELECT 1\nFROM \u{1F600}");
        let newline = q.value.find('\n').expect("newline");
        assert_eq!(&text[q.source_range(newline..newline + 1)], "\r\n");
        assert_eq!(source_of(text, &q, "FROM \u{1F600}"), "FROM \u{1F600}");
        let texts: Vec<&str> = model.comments.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, vec!["// héllo wörld", "/* é */"]);
        for comment in &model.comments {
            assert_eq!(&text[comment.range.clone()], comment.text);
        }
    }

    #[test]
    fn raw_string_map_is_identity_like() {
        let text = "val s = \"\"\"a $x b\"\"\"";
        let model = lower_text(text);
        let lit = str_of(&model, &binding(&model, "s").1.init);
        assert_eq!(lit.value, format!("a {HOLE} b"));
        assert!(matches!(lit.map, SourceMap::Spans(_)));
        assert_eq!(source_of(text, &lit, HOLE), "$x");
        assert_eq!(source_of(text, &lit, " b"), " b");
    }

    #[test]
    fn no_panic_on_garbage() {
        for text in [
            "",
            "\"",
            "\"\"\"",
            "fun (",
            "class {{{ }",
            "val x = \"${",
            "'",
            "`",
            "\"\\u12\"",
            "/* ",
            "}}}}",
        ] {
            lower_text(text);
        }
    }

    #[test]
    fn a_negated_chain_keeps_its_receiver() {
        let model = lower_text(
            "fun f(prefs: SharedPreferences) {\n    if (!prefs.edit().commit()) { log() }\n}\n",
        );
        let commit = model
            .calls()
            .find(|(_, c)| c.name == "commit")
            .map(|(_, c)| c.receiver.clone());
        assert_eq!(
            commit,
            Some(vec![
                Segment::Name("prefs".to_string()),
                Segment::Call("edit".to_string())
            ])
        );
    }

    #[test]
    fn declarations_keep_package_visibility_return_and_extended_types() {
        let model = lower_text(
            "package app.data\n\nclass Store : Base() {\n    private fun helper(): Int = 1\n    fun dao(): NoteDao? = null\n    protected override fun onClear() {}\n}\nfun Store.extra(sql: String): List<Int> = listOf()\n",
        );
        assert_eq!(model.package.as_deref(), Some("app.data"));
        let summary: Vec<(&str, Option<&str>, bool, Option<&str>)> = model
            .functions()
            .map(|(_, f)| f)
            .map(|f| {
                (
                    f.name.as_str(),
                    f.returns.as_deref(),
                    f.file_private,
                    f.extends.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("helper", Some("Int"), true, None),
                ("dao", Some("NoteDao"), false, None),
                ("onClear", None, false, None),
                ("extra", Some("List"), false, Some("Store")),
            ]
        );
        let overrides: Vec<&str> = (model.functions())
            .filter(|(_, f)| f.overrides)
            .map(|(_, f)| f.name.as_str())
            .collect();
        assert_eq!(overrides, ["onClear"]);
    }

    /// The one-walk exits agree with the descent from the root for every
    /// `return` and bare `break`: in blocks, `if`/`when` branches and
    /// conditions, `?:`, `&&`, lambdas and loops.
    #[test]
    fn exits_read_in_one_walk_match_the_descent_from_the_root() {
        let src = "fun f(xs: List<Int>): Int {\n  for (x in xs) {\n    if (x > 0) { g(x); break }\n    when (x) { 1 -> break\n      else -> return 2 }\n    val y = h() ?: return 3\n    while (true) { val z = a && (return 4); if (ok(z)) { break } else { continue } }\n    xs.forEach { return@forEach }\n  }\n  return if (c) return 5 else 6\n}\n";
        let mut parser = BudgetedParser::new(
            tree_sitter_kotlin_ng::LANGUAGE.into(),
            "Kotlin",
            crate::lang::PARSE_BUDGET,
        )
        .unwrap();
        let tree = parser.parse(src).unwrap();
        let root = tree.root_node();
        let jumps = crate::lang::treesitter::assert_exits_match_the_ancestor_walk(
            root,
            src,
            &JUMPS,
            |node| is_jump(src, node),
        );
        assert_eq!(jumps, 9);
    }
}
