//! Function bodies blanked out before parsing, for a file the project stage
//! needs only for its declarations (it declares a project function of a
//! name that matters and calls none): the resolver sees the declaration and
//! its types, and the parser spends nothing on the bodies. A file that
//! declares a function a loop waits on keeps that function's body, and the
//! bodies of the file's functions it calls: what they touch decides whether
//! the loop waits on storage or on something else. A file that calls a
//! project function that matters keeps the bodies naming it, those of the
//! functions calling them, and what they call: its other bodies can
//! neither reach the function nor decide a finding of it. Rust's test
//! items (`#[cfg(test)] mod tests`, `#[test] fn`) are blanked in a file
//! about to be parsed: they are never reported and no evidence.
//!
//! A small lexer finds each `fn`/`fun`/`func` body's braces past comments,
//! strings, string templates and character literals; every byte inside is
//! turned into a space (line breaks kept), so offsets, lines and columns of
//! what remains are those of the file. Anything it is unsure of (a literal
//! or comment left open, nesting past a bound) gives up, and the file is
//! parsed whole.

use foldhash::{HashMap, HashMapExt, HashSet};
use std::ops::Range;

use crate::source::Language;

/// Template and bracket nesting the lexer follows before giving up.
const MAX_DEPTH: usize = 200;

/// A function with a body, as the lexer found it.
struct Function {
    /// Its name; empty for an operator or a name the lexer cannot read.
    name: Range<usize>,
    /// The bytes inside its body's braces.
    body: Range<usize>,
}

/// A text with function bodies blanked: offsets, lines and columns are
/// those of the file.
#[derive(Debug, PartialEq, Eq)]
pub struct Blanked {
    pub text: String,
    /// The bodies blanked, as byte ranges of the text.
    pub bodies: Vec<Range<usize>>,
}

impl Blanked {
    /// How many bytes were blanked.
    pub fn bytes(&self) -> usize {
        self.bodies.iter().map(ExactSizeIterator::len).sum()
    }
}

/// The text with every function body blanked, or None when the lexer
/// cannot be sure of the file's shape or the file holds nothing to blank.
pub fn blank_function_bodies(text: &str, language: Language) -> Option<Blanked> {
    blank_bodies_apart_from(text, language, &[], &[])
}

/// The text with every function body blanked but those of the functions
/// named `kept` and of the file's functions they call (matched by name,
/// as far as a lexer sees calls); None when the lexer cannot be sure of
/// the file's shape or nothing is left to blank.
pub fn blank_bodies_except(text: &str, language: Language, kept: &[&str]) -> Option<Blanked> {
    blank_bodies_apart_from(text, language, &[], kept)
}

/// The text with the bodies blanked that cannot reach a use of `used`
/// (names of project functions or their types): a body naming one is kept,
/// so is a body naming a kept one (its callers in the file, up to the
/// top); so are the bodies of the functions named `kept` and of every
/// function they name (down: what a loop waits on). None when the lexer
/// cannot be sure of the file's shape or nothing is left to blank.
pub fn blank_bodies_apart_from(
    text: &str,
    language: Language,
    used: &[&str],
    kept: &[&str],
) -> Option<Blanked> {
    if language == Language::Sql {
        return None;
    }
    let lexer = Lexer {
        bytes: text.as_bytes(),
        language,
    };
    let functions = lexer.functions()?;
    let keep = kept_bodies(text.as_bytes(), &functions, used, kept);
    if keep.iter().all(|&keep| keep) {
        return None;
    }
    let bodies = (functions.iter().zip(&keep))
        .filter(|(_, &keep)| !keep)
        .map(|(function, _)| function.body.clone())
        .collect();
    blanked(text, bodies)
}

/// The text with the bodies of Rust's test items blanked (`#[cfg(test)]
/// mod tests { .. }`, `#[test] fn ..`, `#[tokio::test]`, `#[bench]`), or
/// None when there are none or the lexer cannot be sure of the file's
/// shape. Code under such an attribute is built for tests only: it is
/// never reported and is no evidence (`context::TestCode`), so neither the
/// word scans nor the parser need to read it; in the ecosystem's Rust
/// repositories it is up to four fifths of a large file.
pub fn blank_test_items(text: &str, language: Language) -> Option<Blanked> {
    if language != Language::Rust {
        return None;
    }
    let lexer = Lexer {
        bytes: text.as_bytes(),
        language,
    };
    let bodies = lexer.test_item_bodies()?;
    if bodies.is_empty() {
        return None;
    }
    blanked(text, bodies)
}

/// `text` with `bodies` turned into spaces, line breaks kept.
fn blanked(text: &str, bodies: Vec<Range<usize>>) -> Option<Blanked> {
    let mut bytes = text.as_bytes().to_vec();
    for body in &bodies {
        for byte in &mut bytes[body.clone()] {
            if *byte != b'\n' && *byte != b'\r' {
                *byte = b' ';
            }
        }
    }
    // Whole UTF-8 sequences were replaced by ASCII spaces: still valid.
    let text = String::from_utf8(bytes).ok()?;
    Some(Blanked { text, bodies })
}

/// Which of `functions` to keep: those whose bodies name a word of `used`
/// and the functions calling them, up; those named in `kept` and every
/// function their bodies name, down. Without a use to reach, the code
/// outside the bodies stays (an expression body, `fun f() = when (x) { ..
/// -> g() }`, a property's initializer) and the functions it names are
/// kept too. What the callers of a use call is not kept: what a loop
/// there waits on is looked for in a later pass, the file read whole.
fn kept_bodies(bytes: &[u8], functions: &[Function], used: &[&str], kept: &[&str]) -> Vec<bool> {
    let name = |function: &Function| &bytes[function.name.clone()];
    let mut keep: Vec<bool> = (functions.iter())
        .map(|function| kept.iter().any(|kept| kept.as_bytes() == name(function)))
        .collect();
    // Declarations alone: no body matters, whatever the code outside names.
    if kept.is_empty() && used.is_empty() {
        return keep;
    }
    let mut by_name: HashMap<&[u8], Vec<usize>> = HashMap::new();
    for (index, function) in functions.iter().enumerate() {
        if !function.name.is_empty() {
            by_name.entry(name(function)).or_default().push(index);
        }
    }
    let used: HashSet<&[u8]> = used.iter().map(|word| word.as_bytes()).collect();
    // The file's functions each body names, and whether it names a use.
    let mut callees: Vec<Vec<usize>> = vec![Vec::new(); functions.len()];
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); functions.len()];
    let mut reaches: Vec<bool> = vec![false; functions.len()];
    for (index, function) in functions.iter().enumerate() {
        for word in words(&bytes[function.body.clone()]) {
            reaches[index] |= used.contains(word);
            for &callee in by_name.get(word).into_iter().flatten() {
                callees[index].push(callee);
                callers[callee].push(index);
            }
        }
    }
    if used.is_empty() {
        let mut outside = Vec::new();
        let mut from = 0;
        // A function's own name in its declaration calls nothing.
        for function in functions {
            outside.extend(words(&bytes[from..function.name.start]));
            outside.extend(words(&bytes[function.name.end..function.body.start]));
            from = function.body.end;
        }
        outside.extend(words(&bytes[from..]));
        for &callee in outside
            .into_iter()
            .filter_map(|word| by_name.get(word))
            .flatten()
        {
            keep[callee] = true;
        }
    }
    let down = closure(keep, &callees);
    let up = closure(reaches, &callers);
    down.into_iter()
        .zip(up)
        .map(|(down, up)| down || up)
        .collect()
}

/// `reached` with every function reached from it along `edges`.
fn closure(mut reached: Vec<bool>, edges: &[Vec<usize>]) -> Vec<bool> {
    let mut work: Vec<usize> = (0..reached.len()).filter(|&i| reached[i]).collect();
    while let Some(index) = work.pop() {
        for &next in &edges[index] {
            if !reached[next] {
                reached[next] = true;
                work.push(next);
            }
        }
    }
    reached
}

/// The identifiers in `code`, strings and comments included: a name there
/// only keeps one more body.
fn words(code: &[u8]) -> Vec<&[u8]> {
    code.split(|&byte| !is_identifier_byte(byte))
        .filter(|word| !word.is_empty())
        .collect()
}

struct Lexer<'a> {
    bytes: &'a [u8],
    language: Language,
}

/// Where a function's body may begin: the brace depth of its
/// `fn`/`fun`/`func` keyword, and where the keyword ends.
#[derive(Clone, Copy)]
struct Pending {
    braces: usize,
    keyword_end: usize,
}

fn is_identifier_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte >= 0x80
}

impl Lexer<'_> {
    /// The functions with a body, in order; those nested in a body are
    /// part of it.
    fn functions(&self) -> Option<Vec<Function>> {
        let bytes = self.bytes;
        let mut functions = Vec::new();
        let mut braces = 0usize;
        let mut brackets = 0usize;
        let mut pending: Option<Pending> = None;
        let mut i = 0;
        while i < bytes.len() {
            let byte = bytes[i];
            if let Some(next) = self.skip_trivia_or_literal(i, 0)? {
                i = next;
                continue;
            }
            if is_identifier_byte(byte) {
                let start = i;
                while i < bytes.len() && is_identifier_byte(bytes[i]) {
                    i += 1;
                }
                let word = &bytes[start..i];
                if brackets == 0 {
                    if self.declares_function(word, i) {
                        pending = Some(Pending {
                            braces,
                            keyword_end: i,
                        });
                    } else if self.ends_header(word) {
                        pending = None;
                    }
                }
                continue;
            }
            match byte {
                b'(' | b'[' => brackets += 1,
                b')' | b']' => brackets = brackets.saturating_sub(1),
                // A body-less declaration (`fn f();`, `fun f() = x`) ends here.
                b';' | b'=' if brackets == 0 => pending = None,
                b'{' => {
                    if let Some(function) = pending.filter(|p| brackets == 0 && p.braces == braces)
                    {
                        let close = self.skip_code_until(i + 1, b'}', 1)?;
                        functions.push(Function {
                            name: self.name_between(function.keyword_end, i),
                            body: i + 1..close,
                        });
                        pending = None;
                        i = close + 1;
                        continue;
                    }
                    braces += 1;
                }
                b'}' => {
                    braces = braces.checked_sub(1)?;
                    if pending.is_some_and(|p| p.braces > braces) {
                        pending = None;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Some(functions)
    }

    /// The bodies of the items under a test attribute (`marks_test`), as
    /// far as a lexer tells an item: from the attribute to the first `{`
    /// at its bracket depth, unless a `;` or `,` ends the item first (a
    /// `mod tests;`, a field) or a bracket closes around it (a parameter).
    /// Generic arguments are followed in the item's header, whose commas
    /// (`-> Result<(), E>`) end nothing.
    fn test_item_bodies(&self) -> Option<Vec<Range<usize>>> {
        let bytes = self.bytes;
        let mut bodies = Vec::new();
        let mut brackets = 0usize;
        // The bracket depth of the test attribute whose item is being read.
        let mut marked: Option<usize> = None;
        let mut angles = 0usize;
        let mut i = 0;
        while i < bytes.len() {
            if let Some(next) = self.skip_word_or_trivia(i, 0)? {
                i = next;
                continue;
            }
            let byte = bytes[i];
            let at_mark = marked == Some(brackets) && angles == 0;
            match byte {
                b'#' => {
                    let open = i + 1 + count_blanks(&bytes[i + 1..]);
                    if bytes.get(open) == Some(&b'[') {
                        let close = self.skip_code_until(open + 1, b']', 1)?;
                        if marked.is_none() && self.marks_test(i..close + 1) {
                            marked = Some(brackets);
                            angles = 0;
                        }
                        i = close + 1;
                        continue;
                    }
                }
                b'<' if marked.is_some() => angles += 1,
                // Not the arrows `->` and `=>`.
                b'>' if marked.is_some() && !matches!(bytes[i - 1], b'-' | b'=') => {
                    angles = angles.saturating_sub(1);
                }
                b'(' | b'[' => brackets += 1,
                b')' | b']' => {
                    brackets = brackets.saturating_sub(1);
                    marked = marked.filter(|&depth| depth <= brackets);
                }
                b';' | b',' | b'}' if at_mark => marked = None,
                b'{' if at_mark => {
                    let close = self.skip_code_until(i + 1, b'}', 1)?;
                    bodies.push(i + 1..close);
                    marked = None;
                    i = close + 1;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        Some(bodies)
    }

    /// The name of a function whose keyword ends at `start` and whose body
    /// opens at `end`: the identifier before its parameter list and any
    /// generic parameters (`fun <T> List<T>.save(`, `fn load<'a>(`).
    fn name_between(&self, start: usize, end: usize) -> Range<usize> {
        let bytes = self.bytes;
        let Some(paren) = bytes[start..end].iter().position(|&b| b == b'(') else {
            return start..start;
        };
        let skip_blanks = |mut at: usize| {
            while at > start && bytes[at - 1].is_ascii_whitespace() {
                at -= 1;
            }
            at
        };
        let mut at = skip_blanks(start + paren);
        if at > start && bytes[at - 1] == b'>' {
            let mut depth = 0usize;
            while at > start {
                at -= 1;
                match bytes[at] {
                    b'>' => depth += 1,
                    b'<' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            at = skip_blanks(at);
        }
        let name_end = at;
        while at > start && is_identifier_byte(bytes[at - 1]) {
            at -= 1;
        }
        at..name_end
    }

    /// Whether `word`, ending at `end`, introduces a function with a body
    /// to come (Kotlin's `fun interface` introduces a type).
    fn declares_function(&self, word: &[u8], end: usize) -> bool {
        let keyword: &[u8] = match self.language {
            Language::Rust => b"fn",
            Language::Swift => b"func",
            Language::Kotlin => b"fun",
            Language::Sql => return false,
        };
        if word != keyword {
            return false;
        }
        let rest = &self.bytes[end..];
        let next = count_blanks(rest);
        !(self.language == Language::Kotlin && rest[next..].starts_with(b"interface"))
    }

    /// Whether `word` starts a declaration of another kind, so a function
    /// declared before it had no body (a protocol's or interface's
    /// requirement followed by a property).
    fn ends_header(&self, word: &[u8]) -> bool {
        let words: &[&[u8]] = match self.language {
            Language::Swift => &[
                b"var",
                b"let",
                b"class",
                b"struct",
                b"enum",
                b"protocol",
                b"extension",
                b"typealias",
                b"subscript",
                b"case",
                b"init",
                b"deinit",
                b"actor",
                b"import",
            ],
            Language::Kotlin => &[
                b"val",
                b"var",
                b"class",
                b"interface",
                b"object",
                b"typealias",
                b"constructor",
            ],
            Language::Rust | Language::Sql => &[],
        };
        words.contains(&word)
    }

    /// When a comment, string or character literal starts at `i`, the index
    /// just past it; None (the outer Option) when one is left open.
    fn skip_trivia_or_literal(&self, i: usize, depth: usize) -> Option<Option<usize>> {
        let bytes = self.bytes;
        let rest = &bytes[i..];
        if rest.starts_with(b"//") {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |p| i + p);
            return Some(Some(end));
        }
        if rest.starts_with(b"/*") {
            return self.skip_block_comment(i).map(Some);
        }
        match self.language {
            Language::Rust => self.rust_literal(i, depth),
            Language::Kotlin => self.kotlin_literal(i, depth),
            Language::Swift => self.swift_literal(i, depth),
            Language::Sql => Some(None),
        }
    }

    /// Past a block comment starting at `i`; they nest in all three languages.
    fn skip_block_comment(&self, mut i: usize) -> Option<usize> {
        let bytes = self.bytes;
        let mut level = 0usize;
        while i < bytes.len() {
            if bytes[i..].starts_with(b"/*") {
                level += 1;
                i += 2;
            } else if bytes[i..].starts_with(b"*/") {
                level -= 1;
                i += 2;
                if level == 0 {
                    return Some(i);
                }
            } else {
                i += 1;
            }
        }
        None
    }

    /// Whether the attribute at `attribute` (`#[..]`) marks test code:
    /// asked of `lang::rust::marks_test_code`, which decides what the
    /// model counts as test code, for the few attributes naming `test` or
    /// `bench` at all.
    fn marks_test(&self, attribute: Range<usize>) -> bool {
        use syn::parse::Parser;
        let written = &self.bytes[attribute];
        let names = |word: &[u8]| written.windows(word.len()).any(|window| window == word);
        if !(names(b"test") || names(b"bench")) {
            return false;
        }
        (std::str::from_utf8(written).ok())
            .and_then(|written| syn::Attribute::parse_outer.parse_str(written).ok())
            .is_some_and(|attributes| attributes.iter().any(crate::lang::rust::marks_test_code))
    }

    /// When a comment, string, character literal or identifier starts at
    /// `i`, the index just past it; None (the outer Option) when a literal
    /// or comment is left open.
    fn skip_word_or_trivia(&self, i: usize, depth: usize) -> Option<Option<usize>> {
        if let Some(next) = self.skip_trivia_or_literal(i, depth)? {
            return Some(Some(next));
        }
        let bytes = self.bytes;
        // A whole identifier: Rust's `r#"`/`b'` prefixes were read as
        // literals at its start.
        let word = bytes[i..]
            .iter()
            .take_while(|&&b| is_identifier_byte(b))
            .count();
        Some((word > 0).then_some(i + word))
    }

    /// Code from `i` up to the `close` byte that leaves it (`}` of a body or
    /// template, `)` of an interpolation): its index.
    fn skip_code_until(&self, mut i: usize, close: u8, depth: usize) -> Option<usize> {
        if depth > MAX_DEPTH {
            return None;
        }
        let open = match close {
            b'}' => b'{',
            b']' => b'[',
            _ => b'(',
        };
        let bytes = self.bytes;
        let mut level = 0usize;
        while i < bytes.len() {
            if let Some(next) = self.skip_word_or_trivia(i, depth)? {
                i = next;
                continue;
            }
            let byte = bytes[i];
            if byte == open {
                level += 1;
            } else if byte == close {
                if level == 0 {
                    return Some(i);
                }
                level -= 1;
            }
            i += 1;
        }
        None
    }

    /// A character literal at `i` (`'a'`, `'\n'`, `'{'`): past it. A quote
    /// not closed right after one character or escape is a Rust lifetime.
    fn char_literal(&self, i: usize) -> Option<Option<usize>> {
        let bytes = self.bytes;
        if bytes.get(i + 1) == Some(&b'\\') {
            let mut j = i + 2;
            // The escaped character, then up to the closing quote (`'\u{41}'`).
            j += 1;
            while j < bytes.len() && bytes[j] != b'\'' && bytes[j] != b'\n' {
                j += 1;
            }
            return if bytes.get(j) == Some(&b'\'') {
                Some(Some(j + 1))
            } else {
                None
            };
        }
        // The width of the UTF-8 sequence the quote is followed by: the
        // text is valid UTF-8, so its first byte says.
        let width = match bytes.get(i + 1) {
            Some(0xF0..) => 4,
            Some(0xE0..) => 3,
            Some(0xC0..) => 2,
            _ => 1,
        };
        if bytes.get(i + 1 + width) == Some(&b'\'') {
            return Some(Some(i + 2 + width));
        }
        if self.language == Language::Rust {
            // A lifetime or label: `'a`, `'static`.
            Some(None)
        } else {
            None
        }
    }

    fn rust_literal(&self, i: usize, _depth: usize) -> Option<Option<usize>> {
        let bytes = self.bytes;
        let at_word_start = i == 0 || !is_identifier_byte(bytes[i - 1]);
        let mut j = i;
        if at_word_start && bytes[j] == b'b' {
            j += 1;
        }
        if at_word_start && bytes.get(j) == Some(&b'r') {
            let hashes = bytes[j + 1..].iter().take_while(|&&b| b == b'#').count();
            if bytes.get(j + 1 + hashes) == Some(&b'"') {
                let mut closing = vec![b'"'];
                closing.extend(std::iter::repeat_n(b'#', hashes));
                let body = j + 2 + hashes;
                let end = find(&bytes[body..], &closing)?;
                return Some(Some(body + end + closing.len()));
            }
        }
        match bytes.get(j) {
            Some(b'"') if j == i || at_word_start => self.escaped_string(j + 1).map(Some),
            Some(b'\'') if j == i || at_word_start => {
                // `b'x'` must be a byte literal; a bare quote may be a lifetime.
                self.char_literal(j)
            }
            _ => Some(None),
        }
    }

    /// Past a `"`-string whose body starts at `i`, with `\` escapes and no
    /// templates (Rust).
    fn escaped_string(&self, mut i: usize) -> Option<usize> {
        let bytes = self.bytes;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' => i += 2,
                b'"' => return Some(i + 1),
                _ => i += 1,
            }
        }
        None
    }

    fn kotlin_literal(&self, i: usize, depth: usize) -> Option<Option<usize>> {
        let bytes = self.bytes;
        match bytes[i] {
            b'\'' => self.char_literal(i),
            b'"' if bytes[i..].starts_with(b"\"\"\"") => {
                let mut j = i + 3;
                while j < bytes.len() {
                    if bytes[j..].starts_with(b"\"\"\"") {
                        j += 3;
                        // `""""` ends the string with a quote in it.
                        while bytes.get(j) == Some(&b'"') {
                            j += 1;
                        }
                        return Some(Some(j));
                    }
                    if bytes[j..].starts_with(b"${") {
                        j = self.skip_code_until(j + 2, b'}', depth + 1)? + 1;
                    } else {
                        j += 1;
                    }
                }
                None
            }
            b'"' => {
                let mut j = i + 1;
                while j < bytes.len() {
                    match bytes[j] {
                        b'\\' => j += 2,
                        b'"' => return Some(Some(j + 1)),
                        b'\n' => return None,
                        b'$' if bytes.get(j + 1) == Some(&b'{') => {
                            j = self.skip_code_until(j + 2, b'}', depth + 1)? + 1;
                        }
                        _ => j += 1,
                    }
                }
                None
            }
            _ => Some(None),
        }
    }

    fn swift_literal(&self, i: usize, depth: usize) -> Option<Option<usize>> {
        let bytes = self.bytes;
        let hashes = bytes[i..].iter().take_while(|&&b| b == b'#').count();
        let quote = i + hashes;
        if bytes.get(quote) != Some(&b'"') {
            return Some(None);
        }
        let multiline = bytes[quote..].starts_with(b"\"\"\"");
        let mut closing = if multiline {
            b"\"\"\"".to_vec()
        } else {
            b"\"".to_vec()
        };
        closing.extend(std::iter::repeat_n(b'#', hashes));
        let mut escape = vec![b'\\'];
        escape.extend(std::iter::repeat_n(b'#', hashes));
        let mut j = quote + if multiline { 3 } else { 1 };
        while j < bytes.len() {
            if bytes[j..].starts_with(&escape) {
                let after = j + escape.len();
                if bytes.get(after) == Some(&b'(') {
                    j = self.skip_code_until(after + 1, b')', depth + 1)? + 1;
                } else {
                    j = after + 1;
                }
                continue;
            }
            if bytes[j..].starts_with(&closing) {
                return Some(Some(j + closing.len()));
            }
            if bytes[j] == b'\n' && !multiline {
                return None;
            }
            j += 1;
        }
        None
    }
}

/// How many blanks `bytes` starts with.
fn count_blanks(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|b| b.is_ascii_whitespace()).count()
}

/// The offset of `needle` in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blanked(text: &str, language: Language) -> String {
        blank_function_bodies(text, language)
            .map_or_else(|| text.to_string(), |blanked| blanked.text)
    }

    #[test]
    fn rust_bodies_are_blanked_and_declarations_kept() {
        let text = "impl Command for Save {\n    fn run(&self) -> Result<(), E> {\n        let s = \"}\";\n        let c = '}';\n        x.sync_all()\n    }\n    fn name(&self) -> &'static str { r#\"}\"# }\n}\ntrait T { fn f(&self); }\n";
        let out = blanked(text, Language::Rust);
        assert_eq!(out.len(), text.len());
        assert!(out.contains("fn run(&self) -> Result<(), E> {"));
        assert!(!out.contains("sync_all"));
        assert!(out.contains("fn name(&self) -> &'static str {"));
        assert!(out.contains("trait T { fn f(&self); }"));
        assert_eq!(out.lines().count(), text.lines().count());
    }

    #[test]
    fn kotlin_templates_and_interfaces() {
        let text = "fun interface Saver { fun save(x: Int) }\nclass A : Saver {\n    override fun save(x: Int) {\n        log(\"${ if (x > 0) \"}\" else \"{\" }\")\n        db.insert(x)\n    }\n    fun size() = items.size\n    val y = 1\n}\n";
        let out = blanked(text, Language::Kotlin);
        assert!(out.contains("fun interface Saver { fun save(x: Int) }"));
        assert!(out.contains("override fun save(x: Int) {"));
        assert!(!out.contains("db.insert"));
        assert!(out.contains("fun size() = items.size"));
        assert!(out.contains("val y = 1\n}"));
    }

    #[test]
    fn swift_interpolation_raw_strings_and_protocol_requirements() {
        let text = "protocol P {\n    func load()\n    var count: Int { get }\n}\nfinal class S: P {\n    func load() {\n        print(\"\\(items.map { \"}\\($0)\" })\")\n        let r = #\"}\"#\n        defaults.synchronize()\n    }\n    var count: Int { 0 }\n}\n";
        let out = blanked(text, Language::Swift);
        assert!(out.contains("var count: Int { get }"));
        assert!(out.contains("func load() {"));
        assert!(!out.contains("synchronize"));
        assert!(out.contains("var count: Int { 0 }\n}"));
    }

    #[test]
    fn a_kept_function_keeps_the_functions_it_calls() {
        let text = "class Sync {\n    suspend fun <T> fetch(id: T): Note {\n        return decode(load(id))\n    }\n    private fun decode(b: Bytes) = Note(b)\n    private fun load(id: Any): Bytes {\n        return dao.read(id)\n    }\n    fun store(n: Note) {\n        dao.insert(n)\n    }\n}\n";
        let out = blank_bodies_except(text, Language::Kotlin, &["fetch"])
            .expect("blanked")
            .text;
        assert_eq!(out.len(), text.len());
        assert!(out.contains("return decode(load(id))"));
        assert!(out.contains("return dao.read(id)"));
        assert!(!out.contains("dao.insert"));
        assert!(out.contains("fun store(n: Note) {"));
        // Everything kept: nothing to blank.
        assert_eq!(
            blank_bodies_except(text, Language::Kotlin, &["fetch", "store"]),
            None
        );
        // An expression body is kept: what it calls is kept too.
        let text = "class P {\n    suspend fun rebuild(f: F) = copy(criteria(f.id))\n    private suspend fun criteria(id: String) = when (id) {\n        \"tag\" -> tags()\n        else -> none()\n    }\n    private suspend fun tags(): C {\n        return dao.tags()\n    }\n    private fun none(): C {\n        return C()\n    }\n    fun other(): Int {\n        return 1\n    }\n}\n";
        let out = blank_bodies_except(text, Language::Kotlin, &["rebuild"])
            .expect("blanked")
            .text;
        assert!(out.contains("return dao.tags()") && out.contains("return C()"));
        assert!(!out.contains("return 1"));
        let rust = "impl Client {\n    pub async fn get<'a>(&self, k: &'a str) -> R { self.send(k).await }\n    fn send(&self, k: &str) -> R { http(k) }\n    fn other(&self) { x() }\n}\n";
        let out = blank_bodies_except(rust, Language::Rust, &["get"])
            .expect("blanked")
            .text;
        assert!(out.contains("self.send(k).await") && out.contains("http(k)"));
        assert!(!out.contains("x()"));
    }

    #[test]
    fn a_body_naming_a_use_keeps_its_callers_and_not_its_callees() {
        let text = "class Screen(private val dao: NoteDao) {\n    fun onEmpty(ids: List<Long>) {\n        ids.forEach { forget(it) }\n    }\n    private fun forget(id: Long) {\n        dao.deleteById(id)\n        log(id)\n    }\n    private fun log(id: Long) {\n        println(id)\n    }\n    fun onShown() {\n        title = \"Notes\"\n    }\n}\n";
        let blanked =
            blank_bodies_apart_from(text, Language::Kotlin, &["deleteById"], &[]).expect("blanked");
        assert_eq!(blanked.text.len(), text.len());
        assert!(blanked.text.contains("dao.deleteById(id)"));
        assert!(blanked.text.contains("ids.forEach { forget(it) }"));
        assert!(!blanked.text.contains("println(id)"));
        assert!(!blanked.text.contains("title = "));
        let unparsed: Vec<&str> = (blanked.bodies.iter())
            .map(|body| text[body.clone()].trim())
            .collect();
        assert_eq!(unparsed, ["println(id)", "title = \"Notes\""]);
        // A function searched for keeps its body, and what it calls.
        let blanked = blank_bodies_apart_from(text, Language::Kotlin, &["title"], &["forget"])
            .expect("blanked");
        assert!(blanked.text.contains("title = ") && blanked.text.contains("println(id)"));
        assert!(!blanked.text.contains("ids.forEach"));
        // Every body reaching a use: nothing to blank.
        assert_eq!(
            blank_bodies_apart_from(text, Language::Kotlin, &["println", "title"], &[]),
            None
        );
    }

    #[test]
    fn an_open_literal_gives_up() {
        assert_eq!(
            blank_function_bodies("fn f() { let s = \"open; }", Language::Rust),
            None
        );
        assert_eq!(
            blank_function_bodies("func f() { /* open }", Language::Swift),
            None
        );
        assert_eq!(blank_function_bodies("struct S;", Language::Rust), None);
    }

    /// The code `blank_test_items` leaves of `text`, its blanked bodies
    /// trimmed away.
    fn test_items_blanked(text: &str) -> Vec<String> {
        let blanked = blank_test_items(text, Language::Rust).expect("test items blanked");
        assert_eq!(blanked.text.len(), text.len());
        let mut unparsed: Vec<String> = (blanked.bodies.iter())
            .map(|body| {
                text[body.clone()]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        unparsed.sort();
        unparsed
    }

    #[test]
    fn rust_test_items_are_blanked_and_production_code_kept() {
        let text = r##"
#[cfg(test)]
mod tests { use super::*; #[test] fn saves() { save(); } }

#[test]
fn alone() -> Result<(), Box<dyn std::error::Error>> { check()? }

#[tokio::test(flavor = "multi_thread")]
/// Documented.
pub(crate) async fn with_runtime() { run().await }

#[cfg(all(test, feature = "sqlite"))]
impl Store { fn probe(&self) { self.db.execute("VACUUM") } }

#[cfg(test)]
mod elsewhere;

#[cfg(test)]
use crate::fixtures::{one, two};

struct Options { #[cfg(test)] seen: HashMap<String, Vec<u8>>, kept: [u8; 4] }

fn production(#[cfg(test)] probe: u8) { write_all(); }

#[cfg(not(test))]
fn not_test() { sync_all(); }

#[cfg(feature = "test")]
fn feature_named_test() { sync_data(); }

#[cfg_attr(test, derive(Debug))]
struct Shown { field: u8 }

#[derive(Debug)]
enum Kind { A { x: u8 } }

// #[test] fn in_a_comment() { commented(); }
const DOC: &str = "#[test] fn in_a_string() { quoted(); }";
fn lifetimes<'a>(s: &'a str) -> &'a str { s }
"##;
        assert_eq!(
            test_items_blanked(text),
            [
                "check()?",
                "fn probe(&self) { self.db.execute(\"VACUUM\") }",
                "one, two",
                "run().await",
                "use super::*; #[test] fn saves() { save(); }",
            ]
        );
        assert_eq!(blank_test_items("fn main() {}", Language::Rust), None);
        assert_eq!(blank_test_items("@Test fun t() {}", Language::Kotlin), None);
        // A test attribute whose item the lexer cannot close: nothing blanked.
        assert_eq!(
            blank_test_items("#[test]\nfn open() { \"", Language::Rust),
            None
        );
    }
}
