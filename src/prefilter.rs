//! The cheap scan before parsing: a file that mentions none of the words the
//! catalog cares about cannot produce a finding, so it is never parsed.
//!
//! Words match as the language writes them. Identifiers (call names, types,
//! modules) match case-sensitively and as whole words, and a common name
//! counts only together with what places it (`insert` with
//! `SQLiteDatabase`, `sync_all` with `File`): the catalog's rows say which.
//! SQL keywords match in any case, but only where SQL is written: in a
//! string (after its opening quote, or on a line inside one) or in capitals.

use std::sync::OnceLock;

use aho_corasick::AhoCorasick;

use crate::catalog::{self, Word};
use crate::source::Language;

/// Groups of words, a text matching when every word of one group is in
/// it: the catalog's alternatives for one language, or the later passes'
/// names. A word is whole (an identifier) or part of one (a hint).
struct WordGroups {
    whole: Vec<bool>,
    groups: Vec<Vec<usize>>,
    /// For each word, the groups holding it: a hit checks only those.
    groups_of: Vec<Vec<usize>>,
    /// Whether each word is itself a declaration searched for (`fun fetch`).
    searches_declaration: Vec<bool>,
    /// Each word as written.
    texts: Vec<String>,
}

impl WordGroups {
    fn new(groups: &[Vec<Word<'_>>]) -> WordGroups {
        let mut words: Vec<Word> = groups.iter().flatten().copied().collect();
        words.sort_unstable();
        words.dedup();
        let id = |word: &Word| words.binary_search(word).unwrap_or_default();
        let groups: Vec<Vec<usize>> = groups
            .iter()
            .filter(|group| !group.is_empty())
            .map(|group| group.iter().map(&id).collect())
            .collect();
        let mut groups_of = vec![Vec::new(); words.len()];
        for (index, group) in groups.iter().enumerate() {
            for &word in group {
                groups_of[word].push(index);
            }
        }
        WordGroups {
            whole: words.iter().map(|w| w.whole).collect(),
            searches_declaration: words.iter().map(|w| w.text.contains(' ')).collect(),
            texts: words.iter().map(|w| w.text.to_string()).collect(),
            groups,
            groups_of,
        }
    }
}

/// Whether the bytes around `start..end` leave the match a whole word:
/// where the match begins or ends with an identifier character, the
/// neighbour there is not one.
fn whole_word(text: &str, start: usize, end: usize) -> bool {
    let identifier = |c: char| c.is_alphanumeric() || c == '_';
    let matched = &text[start..end];
    let open_start = matched.chars().next().is_some_and(identifier);
    let open_end = matched.chars().next_back().is_some_and(identifier);
    let joined_before = open_start && text[..start].chars().next_back().is_some_and(identifier);
    let joined_after = open_end && text[end..].chars().next().is_some_and(identifier);
    !joined_before && !joined_after
}

/// Whether a whole word `from`, in any case, follows `at` closely enough
/// to be the same statement's (a select list of a dozen columns, written
/// over a few lines).
fn from_follows(text: &str, at: usize) -> bool {
    const STATEMENT_REACH: usize = 600;
    let mut end = (at + STATEMENT_REACH).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let window = &text.as_bytes()[at..end];
    window.windows(4).enumerate().any(|(offset, word)| {
        word.eq_ignore_ascii_case(b"from") && whole_word(text, at + offset, at + offset + 4)
    })
}

/// Whether `at` is in a comment on its line (`// ...`, or a line of a
/// block comment starting with `*`): prose, where API names are words.
fn in_line_comment(text: &str, at: usize) -> bool {
    let line = text[..at].rsplit('\n').next().unwrap_or("");
    line.contains("//") || line.trim_start().starts_with('*') || line.trim_start().starts_with("/*")
}

/// Whether a SQL keyword at `start..end` is written as SQL: in capitals, or
/// in lower case in a string (right after its opening quote, or after an
/// odd number of quotes on its line). A keyword capitalised as a sentence
/// starts (`"Select the columns"`) is prose: SQL is written in one case.
/// A `select` counts only when a `from` follows it: the queries a rule
/// reads filter or order a table's rows (`"ls | select name"` in a shell's
/// examples, `SELECT 1`, are none).
fn written_as_sql(text: &str, start: usize, end: usize) -> bool {
    if !whole_word(text, start, end) {
        return false;
    }
    let keyword = &text[start..end];
    if keyword.trim_end().eq_ignore_ascii_case("select") && !from_follows(text, end) {
        return false;
    }
    if !keyword.chars().any(|c| c.is_ascii_lowercase()) {
        return true;
    }
    if keyword.chars().any(|c| c.is_ascii_uppercase()) {
        return false;
    }
    let before = &text[..start];
    if before.trim_end().ends_with('"') {
        return true;
    }
    let line = before.rsplit('\n').next().unwrap_or(before);
    line.matches('"').count() % 2 == 1
}

/// True when the file may hold something a rule reads: a `.sql` file, or
/// code naming a catalog API (with what places it) or holding SQL.
pub fn mentions_storage(text: &str, language: Language) -> bool {
    first_reading(text, language).0
}

/// What the first pass learns from one reading of a file: whether it may
/// hold something a rule reads (`mentions_storage`), and its identifiers
/// for the later passes, which read it again only when they hold a group.
/// Every file is read so: the catalog's words are looked up as the text is
/// cut into identifiers, not searched for over it again.
pub fn first_reading(text: &str, language: Language) -> (bool, Identifiers) {
    // A rule reads every SQL file: no later pass looks for it.
    if language == Language::Sql {
        return (true, Identifiers::default());
    }
    let mut identifiers = IdentifierCollector::default();
    let index = term_index(language);
    let terms = &index.terms;
    let mut found = vec![false; terms.whole.len()];
    let mut sql = false;
    for_each_identifier(text, |start, end, in_comment| {
        let word_hash = identifiers.push(text, start, end);
        let word = &text[start..end];
        // Hits in line comments are prose, not code.
        if !in_comment && index.may_hold(word_hash) {
            for &pattern in index.identifiers.get(&word_hash).into_iter().flatten() {
                found[pattern] |= terms.texts[pattern] == word;
            }
        }
        if !sql {
            sql = sql_keyword_at(text, start, end);
        }
    });
    // What is not an identifier, or only part of one, is searched for
    // where a group may need it.
    let mut searched: Vec<Option<bool>> = vec![None; terms.whole.len()];
    let mut in_text = |pattern: usize| {
        *searched[pattern].get_or_insert_with(|| {
            let whole = terms.whole[pattern];
            (text.match_indices(terms.texts[pattern].as_str())).any(|(at, hit)| {
                (!whole || whole_word(text, at, at + hit.len())) && !in_line_comment(text, at)
            })
        })
    };
    let storage = sql
        || (index.groups.iter()).any(|(identifiers, others)| {
            identifiers.iter().all(|&pattern| found[pattern])
                && others.iter().all(|&pattern| in_text(pattern))
        });
    (storage, identifiers.finish())
}

/// Whether the identifier at `start..end` begins a SQL keyword written as
/// SQL (`written_as_sql`): the keywords are `catalog::sql::KEYWORDS`, in
/// any case, some of them followed by more words.
fn sql_keyword_at(text: &str, start: usize, end: usize) -> bool {
    let word = &text[start..end];
    let heads = sql_keyword_heads();
    // Every identifier of a file is asked: most are told by their length.
    if word.len() < 64 && heads.lengths & (1 << word.len()) == 0 {
        return false;
    }
    heads.heads.iter().any(|&(head, rest)| {
        if !word.eq_ignore_ascii_case(head) {
            return false;
        }
        let matched_end = end + rest.len();
        text.get(end..matched_end)
            .is_some_and(|after| after.eq_ignore_ascii_case(rest))
            && written_as_sql(text, start, matched_end)
    })
}

/// Each of `catalog::sql::KEYWORDS` as the identifier it begins with and
/// the rest (` index`, ` unique index`, the blank after `select`).
struct SqlKeywordHeads {
    heads: Vec<(&'static str, &'static str)>,
    /// A bit per length of a head under 64 bytes (a longer word is
    /// compared with each).
    lengths: u64,
}

fn sql_keyword_heads() -> &'static SqlKeywordHeads {
    static HEADS: OnceLock<SqlKeywordHeads> = OnceLock::new();
    HEADS.get_or_init(|| {
        let heads: Vec<(&str, &str)> = (catalog::sql::KEYWORDS.iter())
            .map(|keyword| keyword.split_at(keyword.find(' ').unwrap_or(keyword.len())))
            .collect();
        let lengths = (heads.iter())
            .filter(|(head, _)| head.len() < 64)
            .fold(0, |lengths, (head, _)| lengths | 1 << head.len());
        SqlKeywordHeads { heads, lengths }
    })
}

/// The catalog's words of one language, found among a file's identifiers
/// by their hashes (`Identifiers` hashes each anyway).
struct TermIndex {
    /// One language's catalog alternatives.
    terms: WordGroups,
    identifiers: foldhash::HashMap<u64, Vec<usize>>,
    /// Most identifiers of a file are none of the catalog's.
    filter: HashFilter,
    /// Each group of `terms`, as its words found among the identifiers
    /// and the others (a hint that is part of a name, a dotted module),
    /// searched for in the text.
    groups: Vec<(Vec<usize>, Vec<usize>)>,
}

impl TermIndex {
    fn may_hold(&self, word_hash: u64) -> bool {
        self.filter.may_hold(word_hash)
    }
}

/// A bit per hash of a set, by the hash's low bits: a hash whose bit is
/// clear is not in the set, told without a lookup.
struct HashFilter {
    bits: Box<[u64]>,
}

impl HashFilter {
    /// `words` 64-bit words of bits (a power of two): the fewer of them
    /// set, the more hashes are told apart.
    fn new(hashes: impl IntoIterator<Item = u64>, words: usize) -> HashFilter {
        let mut bits = vec![0u64; words.next_power_of_two()].into_boxed_slice();
        let mask = bits.len() * 64 - 1;
        for hash in hashes {
            let bit = hash as usize & mask;
            bits[bit >> 6] |= 1 << (bit & 63);
        }
        HashFilter { bits }
    }

    fn may_hold(&self, hash: u64) -> bool {
        let bit = hash as usize & (self.bits.len() * 64 - 1);
        self.bits[bit >> 6] & (1 << (bit & 63)) != 0
    }
}

fn term_index(language: Language) -> &'static TermIndex {
    static RUST: OnceLock<TermIndex> = OnceLock::new();
    static SWIFT: OnceLock<TermIndex> = OnceLock::new();
    static KOTLIN: OnceLock<TermIndex> = OnceLock::new();
    let cell = match language {
        Language::Rust | Language::Sql => &RUST,
        Language::Swift => &SWIFT,
        Language::Kotlin => &KOTLIN,
    };
    cell.get_or_init(|| {
        let terms = WordGroups::new(&catalog::prefilter_terms(language));
        let identifiers_only: Vec<bool> = (terms.texts.iter().zip(&terms.whole))
            .map(|(text, &whole)| whole && is_identifier(text))
            .collect();
        let mut identifiers: foldhash::HashMap<u64, Vec<usize>> = Default::default();
        for (pattern, text) in terms.texts.iter().enumerate() {
            if identifiers_only[pattern] {
                identifiers
                    .entry(hash(text.as_bytes()))
                    .or_default()
                    .push(pattern);
            }
        }
        let groups = (terms.groups.iter())
            .map(|group| {
                group
                    .iter()
                    .partition(|&&pattern| identifiers_only[pattern])
            })
            .collect();
        let filter = HashFilter::new(identifiers.keys().copied(), 64);
        TermIndex {
            terms,
            identifiers,
            filter,
            groups,
        }
    })
}

/// How a declaration of function `name` is written in each language
/// (`fun save`, `func save`, `fn save`): a file holding one declares it.
pub fn declarations_of(name: &str) -> Vec<String> {
    FUNCTION_KEYWORDS
        .iter()
        .map(|keyword| format!("{keyword} {name}"))
        .collect()
}

/// How a declaration of type `name` is written (`class Store`,
/// `interface Store`, `protocol Store`, `trait Store`, `struct Store`).
pub fn type_declarations_of(name: &str) -> Vec<String> {
    (TYPE_KEYWORDS.iter())
        .map(|keyword| format!("{keyword} {name}"))
        .collect()
}

/// The keywords that declare a type another can extend or implement (and
/// Kotlin's `object`, which no type extends).
const TYPE_KEYWORDS: [&str; 6] = [
    "class",
    "interface",
    "protocol",
    "trait",
    "struct",
    "object",
];

/// Groups of identifiers to look for as whole words, a file matching when
/// every word of one group is in it: for the later passes, a project
/// function's name with its type's (`save` with `NoteRepository`), or a
/// declaration (`fun fetch`).
#[derive(Clone)]
pub struct Words(std::sync::Arc<WordsOfPass>);

struct WordsOfPass {
    groups: WordGroups,
    /// Finds the words in a text not cut into identifiers yet. Built when
    /// first asked: most passes ask identifiers only, and building it for
    /// a pass's thousands of words cost more than the pass's other words.
    automaton: OnceLock<AhoCorasick>,
    hashed: Option<HashedWords>,
    /// How many of `groups` join a file (the others are the used ones).
    joining: usize,
    /// `Words::called_names`, once per pass rather than per file.
    called: Vec<String>,
}

/// Each word's index, by the hash `Identifiers` keeps of it.
struct HashedWords {
    index: foldhash::HashMap<u64, usize>,
    /// Every skipped file's identifiers are asked each pass, and few are
    /// words: sixteen bits per word keep most of them from the lookup.
    filter: HashFilter,
}

impl HashedWords {
    fn get(&self, word_hash: u64) -> Option<usize> {
        if !self.filter.may_hold(word_hash) {
            return None;
        }
        self.index.get(&word_hash).copied()
    }
}

impl Words {
    /// The `groups` a file must hold to join, and the `used` groups that
    /// matter so far (this pass's and the earlier ones'): a file holding
    /// one of them, its name used, is never analysed from its declarations
    /// alone, since its bodies' calls may reach such a function.
    pub fn new(groups: &[Vec<String>], used: &[Vec<String>]) -> Words {
        let mut groups: Vec<Vec<Word>> = groups
            .iter()
            .filter(|group| !group.is_empty())
            .map(|group| group.iter().map(|name| Word::whole(name)).collect())
            .collect();
        let joining = groups.len();
        groups.extend(
            (used.iter())
                .filter(|group| !group.is_empty())
                .map(|group| group.iter().map(|name| Word::whole(name)).collect()),
        );
        let groups = WordGroups::new(&groups);
        let words: Vec<&str> = groups.texts.iter().map(String::as_str).collect();
        // A word `Identifiers` does not keep (an operator's name) is
        // looked for in the text.
        let representable = words.iter().all(|word| match word.split_once(' ') {
            Some((keyword, name)) => {
                declaration_keyword(keyword.as_bytes()).is_some() && is_identifier(name)
            }
            None => is_identifier(word),
        });
        let hashed = representable.then(|| {
            let index: foldhash::HashMap<u64, usize> = (words.iter().enumerate())
                .map(|(index, word)| (hash(word.as_bytes()), index))
                .collect();
            let filter = HashFilter::new(index.keys().copied(), index.len() / 4);
            HashedWords { index, filter }
        });
        let called = called_names(&groups);
        Words(std::sync::Arc::new(WordsOfPass {
            groups,
            automaton: OnceLock::new(),
            hashed,
            joining,
            called,
        }))
    }

    /// How the words found (`found`, listed in `found_words`) and used
    /// (`used`), by word index, hold the groups. Only the groups holding a
    /// word found are looked at: a pass has thousands, a file holds few.
    fn decide(&self, found: &[bool], used: &[bool], found_words: &[usize]) -> Hit {
        let WordsOfPass {
            groups, joining, ..
        } = &*self.0;
        let mut candidates: Vec<usize> = (found_words.iter())
            .flat_map(|&word| groups.groups_of[word].iter().copied())
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        let mut declared = false;
        let mut searched = false;
        let mut names_used = false;
        for group in candidates {
            let words = &groups.groups[group];
            if !words.iter().all(|&word| found[word]) {
                continue;
            }
            let name = words[0];
            if group >= *joining {
                names_used |= used[name];
            } else if groups.searches_declaration[name] {
                searched = true;
            } else if used[name] {
                return Hit::Use;
            } else {
                declared = true;
            }
        }
        match (searched, declared, names_used) {
            (true, _, true) | (_, true, true) => Hit::Use,
            (true, _, false) => Hit::Searched,
            (false, true, false) => Hit::Declaration,
            (false, false, true) => Hit::Named,
            (false, false, false) => Hit::None,
        }
    }

    /// `find` over a file's identifiers, as it would answer over its text;
    /// None when some word is not an identifier, and the text must be read.
    pub fn find_in(&self, identifiers: &Identifiers) -> Option<Hit> {
        self.find_in_parts_of(identifiers, None)
    }

    /// `find_in` for a file whose parts `unparsed` were not parsed (bodies
    /// blanked): the groups are looked for in the whole file, the names
    /// used only in those parts. A name used only where the file was
    /// parsed is known to the project stage already.
    pub fn find_in_parts(&self, whole: &Identifiers, unparsed: &Identifiers) -> Option<Hit> {
        self.find_in_parts_of(whole, Some(unparsed))
    }

    /// `find_in_parts`, `unparsed` None when it is all of `whole`.
    fn find_in_parts_of(&self, whole: &Identifiers, unparsed: Option<&Identifiers>) -> Option<Hit> {
        let WordsOfPass { groups, hashed, .. } = &*self.0;
        let hashed = hashed.as_ref()?;
        let mut found = vec![false; groups.whole.len()];
        let mut used = vec![false; groups.whole.len()];
        // The words among `hashes`, declarations searched for or identifiers.
        let words_in = |hashes: &[u64], declarations: bool| -> Vec<usize> {
            (hashes.iter())
                .filter_map(|&word_hash| hashed.get(word_hash))
                .filter(|&word| groups.searches_declaration[word] == declarations)
                .collect()
        };
        let mut found_words = words_in(&whole.used, false);
        let unparsed_words;
        let used_words = match unparsed {
            Some(unparsed) => {
                unparsed_words = words_in(&unparsed.used, false);
                &unparsed_words
            }
            None => &found_words,
        };
        for &word in used_words {
            used[word] = true;
        }
        found_words.extend(words_in(&whole.declared_only, false));
        found_words.extend(words_in(&whole.declarations, true));
        for &word in &found_words {
            found[word] = true;
        }
        Some(self.decide(&found, &used, &found_words))
    }

    /// The words a body calling a group's function names: the function's
    /// name, or its type's for an initializer (called `Store(..)`).
    pub fn called_names(&self) -> Vec<&str> {
        self.0.called.iter().map(String::as_str).collect()
    }

    /// The functions whose declarations the groups search for (`fetch`
    /// for `fun fetch`): a file holding one keeps their bodies.
    pub fn searched_functions(&self) -> Vec<&str> {
        let WordsOfPass {
            groups, joining, ..
        } = &*self.0;
        (groups.groups[..*joining].iter())
            .map(|words| groups.texts[words[0]].as_str())
            .filter_map(|word| word.split_once(' '))
            .filter(|(keyword, _)| FUNCTION_KEYWORDS.contains(keyword))
            .map(|(_, name)| name)
            .collect()
    }

    /// How `text` holds the groups: not at all, only where a group's
    /// function is declared (`fn save`, `override fun save`) or where a
    /// declaration searched for is (`fun fetch`), with no name that matters
    /// used, or somewhere else too: a call, a reference.
    pub fn find(&self, text: &str) -> Hit {
        let groups = &self.0.groups;
        let mut found = vec![false; groups.whole.len()];
        let mut used = vec![false; groups.whole.len()];
        let mut found_words = Vec::new();
        let automaton = self.0.automaton.get_or_init(|| {
            AhoCorasick::new(&groups.texts).unwrap_or_else(|_| {
                AhoCorasick::new(Vec::<String>::new()).expect("an empty automaton builds")
            })
        });
        for hit in automaton.find_overlapping_iter(text) {
            let pattern = hit.pattern().as_usize();
            if used[pattern] || !whole_word(text, hit.start(), hit.end()) {
                continue;
            }
            if !found[pattern] {
                found_words.push(pattern);
            }
            found[pattern] = true;
            used[pattern] = !declared_at(text, hit.start());
        }
        self.decide(&found, &used, &found_words)
    }
}

/// `Words::called_names` of `groups`.
fn called_names(groups: &WordGroups) -> Vec<String> {
    let mut names: Vec<&str> = (groups.groups.iter())
        .filter(|words| !groups.searches_declaration[words[0]])
        .map(|words| {
            let name = groups.texts[words[0]].as_str();
            match words.get(1) {
                Some(&owner) if name == "init" => groups.texts[owner].as_str(),
                _ => name,
            }
        })
        .collect();
    names.sort_unstable();
    names.dedup();
    names.into_iter().map(str::to_string).collect()
}

/// The identifiers of a file, kept from its first reading so that the
/// later passes ask them instead of reading the file again. Each is kept as
/// a 64-bit hash of its text.
#[derive(Debug, Default)]
pub struct Identifiers {
    /// The identifiers (maximal runs of letters, digits and `_`) written
    /// somewhere else than as the name a function declaration introduces
    /// (`Words::find`), sorted.
    used: Box<[u64]>,
    /// The identifiers written only as such names.
    declared_only: Box<[u64]>,
    /// Declarations written as `keyword name` with one space between
    /// (`fun fetch`, `class Store`): the later passes search for those.
    declarations: Box<[u64]>,
}

/// The declarations (`class Store`, `trait Manager`) written in files the
/// project stage has not parsed, as far as their identifiers tell: a type
/// not declared in the parsed files is a library's only if it is not
/// declared in these either.
#[derive(Debug, Default)]
pub struct UnparsedDeclarations(foldhash::HashSet<u64>);

impl UnparsedDeclarations {
    pub fn of<'a>(files: impl IntoIterator<Item = &'a Identifiers>) -> UnparsedDeclarations {
        UnparsedDeclarations(
            (files.into_iter())
                .flat_map(|identifiers| identifiers.declarations.iter().copied())
                .collect(),
        )
    }

    /// Whether some file not parsed declares a type `name` that another
    /// type can extend (not a Kotlin `object`).
    pub fn declare_supertype(&self, name: &str) -> bool {
        // Hashed as `type_declarations_of` writes them, without the strings:
        // every override's supertypes are asked, every pass.
        let mut declaration = String::with_capacity("interface ".len() + name.len());
        (TYPE_KEYWORDS.iter())
            .filter(|&&keyword| keyword != "object")
            .any(|keyword| {
                declaration.clear();
                declaration.extend([keyword, " ", name]);
                self.0.contains(&hash(declaration.as_bytes()))
            })
    }
}

/// The keywords that declare a function in Kotlin, Swift and Rust.
const FUNCTION_KEYWORDS: [&str; 3] = ["fun", "func", "fn"];

/// Whether `word` declares what the later passes search for
/// (`declarations_of`, `type_declarations_of`): one of `FUNCTION_KEYWORDS`
/// or `TYPE_KEYWORDS`, and then whether it is one of `FUNCTION_KEYWORDS`.
fn declaration_keyword(word: &[u8]) -> Option<bool> {
    let is = |keyword: &&str| keyword.as_bytes() == word;
    if FUNCTION_KEYWORDS.iter().any(is) {
        Some(true)
    } else {
        TYPE_KEYWORDS.iter().any(is).then_some(false)
    }
}

/// A hash of `bytes` that is the same in every run: identifiers are short,
/// and a collision only costs a file read again. Every file read is cut
/// into identifiers, each hashed: foldhash reads them a word at a time.
fn hash(bytes: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::with_seed(0).hash_one(bytes)
}

fn is_identifier_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `word` is one identifier, as `Identifiers` cuts them.
fn is_identifier(word: &str) -> bool {
    !word.is_empty() && word.chars().all(is_identifier_char)
}

/// The length of the identifier character at `at` (none: not one), read
/// byte by byte where the text is ASCII, as most source text is: every
/// file read is cut into identifiers.
fn identifier_char_at(text: &str, at: usize) -> Option<usize> {
    let byte = *text.as_bytes().get(at)?;
    if byte.is_ascii() {
        return (byte.is_ascii_alphanumeric() || byte == b'_').then_some(1);
    }
    let c = text.get(at..)?.chars().next()?;
    is_identifier_char(c).then_some(c.len_utf8())
}

impl Identifiers {
    pub fn of(text: &str) -> Identifiers {
        let mut identifiers = IdentifierCollector::default();
        for_each_identifier(text, |start, end, _| {
            identifiers.push(text, start, end);
        });
        identifiers.finish()
    }
}

/// `Identifiers` as a text's identifiers come, one by one.
struct IdentifierCollector {
    /// The hashes pushed are the first `pushed`; the rest is room, so that
    /// a hash is written whether or not it is new and only the count
    /// depends on it (every identifier of every file read comes here).
    used: Vec<u64>,
    pushed: usize,
    declared_names: Vec<u64>,
    declarations: Vec<u64>,
    /// The identifier before, when it is a declaration keyword: where it
    /// is, and whether it declares a function.
    keyword_before: Option<(usize, usize, bool)>,
    /// `declaration_keyword_filter`, looked up once per file.
    keywords: &'static HashFilter,
    /// The last hash used in each slot (by its low bits): a file names
    /// the same few words over and over (`val`, `it`, its types), and one
    /// seen in its slot already is not pushed again, which leaves `finish`
    /// a fraction of the hashes to sort.
    recent: [u64; RECENT_SLOTS],
}

const RECENT_SLOTS: usize = 256;

impl Default for IdentifierCollector {
    fn default() -> Self {
        IdentifierCollector {
            used: Vec::new(),
            pushed: 0,
            declared_names: Vec::new(),
            declarations: Vec::new(),
            keyword_before: None,
            keywords: declaration_keyword_filter(),
            recent: [0; RECENT_SLOTS],
        }
    }
}

/// The declaration keywords' hashes: most identifiers are told not to be
/// one without comparing their text.
fn declaration_keyword_filter() -> &'static HashFilter {
    static FILTER: OnceLock<HashFilter> = OnceLock::new();
    FILTER.get_or_init(|| {
        let keywords = FUNCTION_KEYWORDS.iter().chain(TYPE_KEYWORDS.iter());
        HashFilter::new(keywords.map(|keyword| hash(keyword.as_bytes())), 1)
    })
}

impl IdentifierCollector {
    /// Takes the identifier at `start..end` of `text`, after those before
    /// it; returns its hash.
    fn push(&mut self, text: &str, start: usize, end: usize) -> u64 {
        let word = &text.as_bytes()[start..end];
        let word_hash = hash(word);
        let mut declared = false;
        if let Some((before_start, before_end, declares_function)) = self.keyword_before.take() {
            let gap = &text[before_end..start];
            if gap
                .bytes()
                .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
            {
                declared = declares_function;
                if gap == " " {
                    self.declarations
                        .push(hash(&text.as_bytes()[before_start..end]));
                }
            }
        }
        if self.keywords.may_hold(word_hash) {
            self.keyword_before =
                declaration_keyword(word).map(|declares_function| (start, end, declares_function));
        }
        if declared {
            self.declared_names.push(word_hash);
        } else {
            let slot = &mut self.recent[word_hash as usize % RECENT_SLOTS];
            // An empty slot holds 0: a word hashed to 0 is always pushed.
            let new = *slot != word_hash || word_hash == 0;
            *slot = word_hash;
            if self.pushed == self.used.len() {
                self.used.resize(self.used.len() * 2 + 256, 0);
            }
            self.used[self.pushed] = word_hash;
            self.pushed += usize::from(new);
        }
        word_hash
    }

    fn finish(mut self) -> Identifiers {
        let sorted = |mut hashes: Vec<u64>| {
            hashes.sort_unstable();
            hashes.dedup();
            hashes.into_boxed_slice()
        };
        self.used.truncate(self.pushed);
        let used = sorted(self.used);
        let mut declared_names = self.declared_names;
        declared_names.retain(|name| used.binary_search(name).is_err());
        Identifiers {
            used,
            declared_only: sorted(declared_names),
            declarations: sorted(self.declarations),
        }
    }
}

/// How `for_each_identifier` reads a byte.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ByteClass {
    /// An ASCII letter, digit or `_`.
    Identifier,
    Newline,
    /// What `str::trim_start` takes for a blank, in ASCII.
    Blank,
    Star,
    Slash,
    OtherAscii,
    /// Part of a character past ASCII: decoded to be told apart.
    NonAscii,
}

static BYTE_CLASSES: [ByteClass; 256] = {
    let mut classes = [ByteClass::OtherAscii; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        classes[byte] = match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' => ByteClass::Identifier,
            b'\n' => ByteClass::Newline,
            b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => ByteClass::Blank,
            b'*' => ByteClass::Star,
            b'/' => ByteClass::Slash,
            0x80..=0xff => ByteClass::NonAscii,
            _ => ByteClass::OtherAscii,
        };
        byte += 1;
    }
    classes
};

/// Calls `visit` with each identifier of `text` (each maximal run of
/// `is_identifier_char`) and whether it is in a comment on its line
/// (`in_line_comment`: the line holds `//` before it, or begins with `*`
/// or `/*`). Every file read is cut so: ASCII, most of the text, is told
/// apart from a table, and identifiers and the stretches of a line of code
/// between them are read eight bytes at a time.
fn for_each_identifier(text: &str, mut visit: impl FnMut(usize, usize, bool)) {
    let bytes = text.as_bytes();
    // Whether the line so far is blank, and whether it is a comment.
    let mut line_blank = true;
    let mut comment = false;
    let mut i = 0;
    loop {
        // On a line holding code, only a few bytes change what is tracked.
        if !line_blank {
            i = next_in_code(bytes, i);
        }
        let Some(&byte) = bytes.get(i) else {
            break;
        };
        match BYTE_CLASSES[usize::from(byte)] {
            ByteClass::Identifier => {}
            ByteClass::Newline => {
                line_blank = true;
                comment = false;
                i += 1;
                continue;
            }
            ByteClass::Blank => {
                i += 1;
                // Runs of blanks (indentation) change nothing.
                while bytes.get(i).is_some_and(|&b| b == b' ') {
                    i += 1;
                }
                continue;
            }
            ByteClass::Star => {
                comment |= line_blank;
                line_blank = false;
                i += 1;
                continue;
            }
            ByteClass::Slash => {
                let next = bytes.get(i + 1).copied();
                comment |= next == Some(b'/') || line_blank && next == Some(b'*');
                line_blank = false;
                i += 1;
                continue;
            }
            ByteClass::OtherAscii => {
                line_blank = false;
                i += 1;
                continue;
            }
            ByteClass::NonAscii => {
                // `i` is a character boundary: every step is a whole character.
                let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) else {
                    i += 1;
                    continue;
                };
                if !is_identifier_char(c) {
                    line_blank &= c.is_whitespace();
                    i += c.len_utf8();
                    continue;
                }
            }
        }
        let start = i;
        loop {
            i = ascii_identifier_end(bytes, i);
            match bytes.get(i) {
                Some(&b) if !b.is_ascii() => match identifier_char_at(text, i) {
                    Some(length) => i += length,
                    None => break,
                },
                _ => break,
            }
        }
        visit(start, i, comment);
        line_blank = false;
    }
}

/// `for_each_identifier` reads eight bytes at a time where it can, each
/// byte's class told by the high bit of its byte in a word (`u64`).
const LOW_BITS: u64 = u64::from_ne_bytes([0x01; 8]);
const HIGH_BITS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The eight bytes at `at`, the first lowest; none when fewer are left.
fn eight_bytes(bytes: &[u8], at: usize) -> Option<u64> {
    let chunk: [u8; 8] = bytes.get(at..at.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// The high bit of each byte of `ascii` (bytes below 0x80) that is at
/// least `least` (at most 0x80): `byte | 0x80` less `least` borrows from no
/// other byte, and keeps its high bit exactly when the byte is not below.
fn bytes_at_least(ascii: u64, least: u8) -> u64 {
    ((ascii | HIGH_BITS) - LOW_BITS * u64::from(least)) & HIGH_BITS
}

/// The high bit of each byte of `ascii` (bytes below 0x80) equal to `byte`.
fn bytes_equal(ascii: u64, byte: u8) -> u64 {
    !bytes_at_least(ascii ^ (LOW_BITS * u64::from(byte)), 1) & HIGH_BITS
}

/// The high bit of each byte of `word` that is an ASCII letter, digit or `_`.
fn identifier_bytes(word: u64) -> u64 {
    let ascii = word & !HIGH_BITS;
    let digit = bytes_at_least(ascii, b'0') & !bytes_at_least(ascii, b'9' + 1);
    // Setting bit 5 makes a capital a small letter, and no other byte one.
    let folded = ascii | (LOW_BITS * 0x20);
    let letter = bytes_at_least(folded, b'a') & !bytes_at_least(folded, b'z' + 1);
    (digit | letter | bytes_equal(ascii, b'_')) & !word & HIGH_BITS
}

/// Where the run of ASCII identifier bytes at `at` ends.
fn ascii_identifier_end(bytes: &[u8], mut at: usize) -> usize {
    while let Some(word) = eight_bytes(bytes, at) {
        let others = !identifier_bytes(word) & HIGH_BITS;
        if others != 0 {
            return at + (others.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while bytes
        .get(at)
        .is_some_and(|&b| BYTE_CLASSES[usize::from(b)] == ByteClass::Identifier)
    {
        at += 1;
    }
    at
}

/// The first byte from `at` that can change what `for_each_identifier`
/// tracks once a line holds code: one of an identifier, a newline, a `/`,
/// or one past ASCII (the end of `bytes` when there is none).
fn next_in_code(bytes: &[u8], mut at: usize) -> usize {
    while let Some(word) = eight_bytes(bytes, at) {
        let ascii = word & !HIGH_BITS;
        let marks = bytes_equal(ascii, b'\n') | bytes_equal(ascii, b'/');
        let wanted = identifier_bytes(word) | (marks & !word & HIGH_BITS) | (word & HIGH_BITS);
        if wanted != 0 {
            return at + (wanted.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while bytes.get(at).is_some_and(|&b| {
        matches!(
            BYTE_CLASSES[usize::from(b)],
            ByteClass::Blank | ByteClass::Star | ByteClass::OtherAscii
        )
    }) {
        at += 1;
    }
    at
}

/// How a file holds the later passes' words (`Words::find`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    None,
    /// No group, but a name that matters is used: the file does not join,
    /// and one analysed from its declarations is parsed whole.
    Named,
    /// Only where the functions named are declared, and no name that
    /// matters used: the file's bodies do not matter.
    Declaration,
    /// A declaration searched for (`fun fetch`), and no name that matters
    /// used: the searched functions' bodies matter, and those they call.
    Searched,
    Use,
}

/// Whether the name at `start` is the one a function declaration
/// introduces: `fn`, `fun` or `func` (and only blanks) before it.
fn declared_at(text: &str, start: usize) -> bool {
    let before = text[..start].trim_end_matches([' ', '\t', '\n', '\r']);
    if before.len() == start {
        return false;
    }
    FUNCTION_KEYWORDS.iter().any(|keyword| {
        before.ends_with(keyword) && whole_word(text, before.len() - keyword.len(), before.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Identifiers are the maximal runs of `is_identifier_char`, however
    /// the text mixes ASCII and other characters.
    #[test]
    fn the_hash_filter_holds_every_member_and_tells_most_others_apart() {
        let members: Vec<u64> = (0..500u64)
            .map(|n| hash(format!("member{n}").as_bytes()))
            .collect();
        let filter = HashFilter::new(members.iter().copied(), members.len() / 4);
        assert!(members.iter().all(|&member| filter.may_hold(member)));
        let others = (0..10_000u64).map(|n| hash(format!("other{n}").as_bytes()));
        let passed = others.filter(|&other| filter.may_hold(other)).count();
        // Sixteen bits per member: about 6% of the others pass.
        assert!(passed < 1_000, "{passed} of 10000 passed");
    }

    #[test]
    fn identifiers_are_the_runs_of_identifier_characters() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
        let mut texts: Vec<String> = [
            "let café = 1; fun save() {}\n class Ünïcode: 𝒳 {}",
            "über_größe→next—x…y £ 5µs ﬁle\u{feff}fun\tf() 名前 = \"日本\"",
            "",
            "_ __a9 9b",
        ]
        .map(str::to_string)
        .to_vec();
        // Two words sharing a slot of the collector's recent hashes, in turn.
        let slot = |word: &str| hash(word.as_bytes()) as usize % RECENT_SLOTS;
        let other = (1..)
            .map(|n| format!("w{n}"))
            .find(|word| slot(word) == slot("w0"));
        texts.extend(other.map(|other| format!("w0 {other} w0 {other}.w0")));
        texts.extend(
            (crate::fixture_files(&root).iter())
                .filter_map(|path| std::fs::read_to_string(path).ok()),
        );
        for text in &texts {
            let identifiers = Identifiers::of(text);
            let mut found: Vec<u64> = identifiers.used.to_vec();
            found.extend(identifiers.declared_only.iter());
            found.sort_unstable();
            let mut expected: Vec<u64> = (text.split(|c: char| !is_identifier_char(c)))
                .filter(|word| !word.is_empty())
                .map(|word| hash(word.as_bytes()))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(found, expected, "{text}");
        }
    }

    #[test]
    fn the_declaration_keywords_are_told_apart_as_listed() {
        for keyword in FUNCTION_KEYWORDS.iter().chain(&TYPE_KEYWORDS) {
            assert_eq!(
                declaration_keyword(keyword.as_bytes()),
                Some(FUNCTION_KEYWORDS.contains(keyword)),
                "{keyword}"
            );
        }
        for word in ["f", "fu", "funs", "Class", "structs", "obj", ""] {
            assert_eq!(declaration_keyword(word.as_bytes()), None, "{word}");
        }
        // The collector finds them behind a bit filter: each gets past it.
        for keyword in FUNCTION_KEYWORDS.iter().chain(&TYPE_KEYWORDS) {
            let declaration = format!("{keyword} Name");
            let identifiers = Identifiers::of(&format!("x {declaration}(y)"));
            let expected = [hash(declaration.as_bytes())];
            assert_eq!(*identifiers.declarations, expected, "{keyword}");
            let declares_function = FUNCTION_KEYWORDS.contains(keyword);
            let name = hash(b"Name");
            assert_eq!(identifiers.declared_only.contains(&name), declares_function);
            assert_eq!(identifiers.used.contains(&name), !declares_function);
        }
    }

    #[test]
    fn words_come_from_the_catalog() {
        assert!(mentions_storage(
            "try handle.synchronizeFile()",
            Language::Swift
        ));
        assert!(mentions_storage("db.execSQL(sql)", Language::Kotlin));
        assert!(mentions_storage(
            "const Q: &str = \"vacuum;\";",
            Language::Rust
        ));
        assert!(!mentions_storage(
            "fn main() { println!(\"hello\"); }",
            Language::Rust
        ));
        assert!(mentions_storage("-- nothing yet", Language::Sql));
    }

    #[test]
    fn identifiers_match_as_written_and_common_names_need_what_places_them() {
        // A comment about a file, a `File` without a sync, a `select` menu.
        assert!(!mentions_storage(
            "// read the file and execute the transaction\nlet f = File::open(p)?;\nmenu.select(2);",
            Language::Rust
        ));
        assert!(mentions_storage("f.sync_all()?;", Language::Rust));
        // `insert` alone is any collection's; on SQLiteDatabase it writes.
        assert!(!mentions_storage("set.insert(x)", Language::Kotlin));
        assert!(mentions_storage(
            "fun f(db: SQLiteDatabase) { db.insert(\"t\", null, v) }",
            Language::Kotlin
        ));
        // Case matters for identifiers: `ExecSQL` is not Android's.
        assert!(!mentions_storage("fun ExecSQL() {}", Language::Kotlin));
        // A hint is part of a name: `JSONEncoder` holds `Encoder`.
        assert!(mentions_storage(
            "let d = try JSONEncoder().encode(x); try d.write(to: url)",
            Language::Swift
        ));
    }

    #[test]
    fn sql_keywords_count_in_strings_and_capitals_not_in_prose() {
        // Every keyword the catalog lists, however long its first word.
        for keyword in catalog::sql::KEYWORDS {
            let statement = if keyword.ends_with(' ') {
                "x from t"
            } else {
                " x"
            };
            for sql in [keyword.to_uppercase(), keyword.to_string()] {
                let text = format!("let q = \"{sql}{statement}\";");
                assert!(mentions_storage(&text, Language::Rust), "{text}");
            }
        }
        assert!(mentions_storage(
            "let q = \"select * from t\";",
            Language::Rust
        ));
        assert!(mentions_storage(
            "val q = \"\"\"\n    select id from t\n\"\"\"",
            Language::Kotlin
        ));
        assert!(mentions_storage(
            "let q = \"DELETE FROM t; VACUUM\";",
            Language::Rust
        ));
        assert!(mentions_storage(
            "const Q: &str = concat!(\"id integer primary key autoincrement\");",
            Language::Rust
        ));
        assert!(mentions_storage(
            "x = 1 // PRAGMA journal_mode is set elsewhere",
            Language::Kotlin
        ));
        assert!(!mentions_storage(
            "// select the first row, then vacuum the cache\nfn f() {}",
            Language::Rust
        ));
        assert!(!mentions_storage(
            "list.select { it.vacuum }",
            Language::Kotlin
        ));
    }

    /// A Rust file naming only a transaction is left to the later passes,
    /// which find it calling a writer or declaring the helper a loop's
    /// closure is handed to; a Kotlin one may hold an extension helper the
    /// declaration search cannot name, and is read.
    #[test]
    fn a_rust_transaction_alone_passes_no_file() {
        let rust = "use crate::Transaction;\n\nfn keys(db: &Db) -> Result<()> {\n    let tx: Transaction = db.transaction(&[\"keys\"])?;\n    tx.await\n}\n";
        assert!(!mentions_storage(rust, Language::Rust));
        let written = rust.replace(
            "tx.await",
            "tx.execute(\"DELETE FROM keys\", [])?;\n    tx.commit()",
        );
        assert!(mentions_storage(&written, Language::Rust));
        let kotlin = "fun SQLiteDatabase.inTransaction(block: () -> Unit) {\n    beginTransaction()\n    try { block(); setTransactionSuccessful() } finally { endTransaction() }\n}\n";
        assert!(mentions_storage(kotlin, Language::Kotlin));
    }

    /// A `select` is a query a rule reads only with the `from` of the
    /// table it reads; a keyword capitalised like a sentence is prose.
    #[test]
    fn a_select_is_sql_with_its_from_and_in_one_case() {
        let sql = |text: &str| mentions_storage(text, Language::Rust);
        assert!(sql(
            "let q = \"SELECT id,\n  title\n  FROM notes WHERE x = ?\";"
        ));
        assert!(sql("conn.prepare(&format!(\"select * from [{table}]\"))"));
        assert!(sql(
            "const Q: &str = \"SELECT count(*) \" +\n    \"From notes\";"
        ));
        assert!(!sql("description: \"Select a column in a table.\","));
        assert!(!sql("description: \"Select rows from the input.\","));
        assert!(!sql("example: \"ls | select name\","));
        assert!(!sql("conn.query_row_x(\"SELECT 1\", [], |r| r.get(0))"));
        assert!(!sql(
            "let q = \"SELECT name\"; let fromage = 1; from_str(q)"
        ));
        // Other keywords keep their one-case rule.
        assert!(sql("let q = \"pragma journal_mode = wal\";"));
        assert!(!sql("let s = \"Vacuum the cache\";"));
    }

    #[test]
    fn project_function_names_match_as_whole_words() {
        let words = Words::new(
            &[
                vec!["discard".to_string()],
                vec!["saveNote".to_string()],
                vec!["save".to_string(), "NoteStore".to_string()],
            ],
            &[],
        );
        let uses = |text: &str| words.find(text) == Hit::Use;
        assert!(uses("store: NoteStore; store.save(n)"));
        assert!(!uses("settings.save(n)"));
        assert!(uses("repository.discard(note)"));
        assert!(uses("x = saveNote(n)"));
        assert!(!uses("discardable = true"));
        assert!(!uses("autosaveNotes()"));
        assert!(!uses("nothing here"));
    }

    #[test]
    fn a_file_declaring_the_name_and_using_none_holds_declarations() {
        let groups = [
            vec!["save".to_string(), "NoteStore".to_string()],
            vec!["discard".to_string()],
            vec!["fun fetch".to_string()],
        ];
        let used = [
            vec!["save".to_string(), "NoteStore".to_string()],
            vec!["discard".to_string()],
            vec!["remove".to_string()],
            vec!["evict".to_string(), "Cache".to_string()],
        ];
        let words = Words::new(&groups, &used);
        let found = |text: &str| words.find(text);
        assert_eq!(
            found("class Disk : NoteStore {\n    override fun save(n: Note) {}\n}"),
            Hit::Declaration
        );
        assert_eq!(
            found("impl Drop for X { fn  discard(&mut self) {} }"),
            Hit::Declaration
        );
        assert_eq!(
            found("class Disk : NoteStore { override fun save(n: Note) { super.save(n) } }"),
            Hit::Use
        );
        assert_eq!(found("let f = store.discard; // NoteStore"), Hit::Use);
        // A declaration searched for is the point of the search.
        assert_eq!(found("suspend fun fetch(): Result<Int>"), Hit::Searched);
        assert_eq!(
            found("suspend fun fetch(): Result<Int> { return remove(api.get()) }"),
            Hit::Use
        );
        assert_eq!(words.searched_functions(), ["fetch"]);
        assert_eq!(found("fun save() {}"), Hit::None);
        // A name that matters used anywhere: the bodies may reach it.
        assert_eq!(
            found("class Disk : NoteStore { override fun save(n: Note) { cache.remove(n) } }"),
            Hit::Use
        );
        assert_eq!(found("cache.remove(n)"), Hit::Named);
        // A name used without its type cannot reach the function.
        assert_eq!(found("fun f() { set.evict(n) }"), Hit::None);
        assert_eq!(found("fun f(c: Cache) { c.evict(n) }"), Hit::Named);
    }

    #[test]
    fn identifiers_are_the_runs_of_letters_digits_and_underscores() {
        let texts = [
            "fn é_1(x: Dépôt) -> 漢字 { 🙂a🙂 b\u{301}c;\nlet _ = x2.y_z; }ü",
            "val a = 1 // sqlite here\n  * doc comment line\n /* block */ b\n\u{a0}* c\n→* d // e\nurl(\"http://x\") f",
            "",
            "🙂",
            "*/ x\n\t/ y\n//",
        ];
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
        let fixtures: Vec<String> = (crate::fixture_files(&root).iter())
            .filter_map(|path| std::fs::read_to_string(path).ok())
            .collect();
        for text in texts.into_iter().chain(fixtures.iter().map(String::as_str)) {
            let mut runs = Vec::new();
            for_each_identifier(text, |start, end, comment| runs.push((start, end, comment)));
            let words: Vec<&str> = runs
                .iter()
                .map(|&(start, end, _)| &text[start..end])
                .collect();
            // Cut character by character, as `char::is_alphanumeric` says.
            let expected: Vec<&str> = text
                .split(|c: char| !is_identifier_char(c))
                .filter(|run| !run.is_empty())
                .collect();
            assert_eq!(words, expected, "{text:?}");
            for (start, _, comment) in runs {
                assert_eq!(comment, in_line_comment(text, start), "{text:?} at {start}");
            }
        }
    }

    /// The scanner's eight-bytes-at-a-time classes are the byte table's,
    /// in every byte of a word and in the bytes after the last whole word.
    #[test]
    fn the_classes_read_a_word_at_a_time_are_the_byte_tables() {
        for byte in 0..=u8::MAX {
            let class = BYTE_CLASSES[usize::from(byte)];
            let identifier = class == ByteClass::Identifier;
            let in_code = identifier
                || matches!(
                    class,
                    ByteClass::Newline | ByteClass::Slash | ByteClass::NonAscii
                );
            let word = u64::from_le_bytes([byte; 8]);
            let expected = if identifier { HIGH_BITS } else { 0 };
            assert_eq!(identifier_bytes(word), expected, "{byte:#x}");
            // Each place of the byte among blanks, past the whole words too.
            for at in 0..20 {
                let mut bytes = [b' '; 20];
                bytes[at] = byte;
                let next = if in_code { at } else { bytes.len() };
                assert_eq!(next_in_code(&bytes, 0), next, "{byte:#x} at {at}");
                let mut bytes = [b'a'; 20];
                bytes[at] = byte;
                let end = if identifier { bytes.len() } else { at };
                assert_eq!(ascii_identifier_end(&bytes, 0), end, "{byte:#x} at {at}");
            }
        }
    }

    #[test]
    fn identifiers_kept_answer_as_the_text_does() {
        let words = Words::new(
            &[
                vec!["save".to_string(), "NoteStore".to_string()],
                vec!["discard".to_string()],
                vec!["fun fetch".to_string()],
                vec!["class Été".to_string()],
                vec!["écrire".to_string(), "Dépôt".to_string()],
            ],
            &[
                vec!["save".to_string(), "NoteStore".to_string()],
                vec!["discard".to_string()],
                vec!["écrire".to_string(), "Dépôt".to_string()],
                vec!["remove".to_string()],
            ],
        );
        let texts = [
            "class Disk : NoteStore {\n    override fun save(n: Note) {}\n}",
            "class Disk : NoteStore { override fun save(n) { super.save(n) } }",
            "impl Drop for X { fn\tdiscard(&mut self) {} }",
            "let discardable = x; // NoteStore.save",
            "suspend fun fetch(): Result<Int>",
            "suspend fun  fetch(): Result<Int>",
            "val f = ::fetch",
            "open class Été",
            "sealed class Étés",
            "Dépôt.écrire(x)",
            "Dépôtx.écrire(x)",
            "fun écrire() {} // Dépôt",
            "xfun save() {} NoteStore",
            "class Disk : NoteStore { override fun save(n: Note) { cache.remove(n) } }",
            "fun remove() {} // NoteStore",
            "cache.remove(n)",
            "",
        ];
        for text in texts {
            let kept = words.find_in(&Identifiers::of(text));
            assert_eq!(kept, Some(words.find(text)), "{text:?}");
        }
        // An operator's name is looked for in the text.
        let operator = Words::new(&[vec!["==".to_string(), "Note".to_string()]], &[]);
        assert_eq!(operator.find_in(&Identifiers::of("a == b")), None);
    }

    /// A file parsed in part answers with its groups found anywhere and
    /// its names used only where it was not parsed.
    #[test]
    fn a_file_parsed_in_part_answers_for_what_was_not_parsed() {
        let words = Words::new(
            &[
                vec!["show".to_string(), "Board".to_string()],
                vec!["fun fetch".to_string()],
            ],
            &[vec!["pin".to_string(), "NoteDao".to_string()]],
        );
        let whole = Identifiers::of(
            "class Pins(val dao: NoteDao, val board: Board) {\n    fun pinOne() { dao.pin(1) }\n    fun pinAll() { board.show(2) }\n}",
        );
        let hit = |unparsed: &str| words.find_in_parts(&whole, &Identifiers::of(unparsed));
        // `show` is called where the file was not parsed.
        assert_eq!(hit(" board.show(2) "), Some(Hit::Use));
        // Only `pin`, parsed already, is used: nothing to read again.
        assert_eq!(hit(""), Some(Hit::Declaration));
        // A name that mattered earlier, used where the file was not parsed.
        assert_eq!(hit(" dao.pin(1) "), Some(Hit::Use));
        assert_eq!(words.find_in(&whole), Some(Hit::Use));
    }

    /// Bodies calling a group's function name it, or an initializer's type.
    #[test]
    fn the_names_called_are_the_functions_or_the_initialized_types() {
        let words = Words::new(
            &[
                vec!["save".to_string(), "NoteStore".to_string()],
                vec![
                    "init".to_string(),
                    "Importer".to_string(),
                    "from".to_string(),
                ],
                vec!["fun fetch".to_string()],
            ],
            &[vec!["discard".to_string()]],
        );
        assert_eq!(words.called_names(), ["Importer", "discard", "save"]);
    }
}
