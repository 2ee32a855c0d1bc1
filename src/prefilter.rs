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
    automaton: AhoCorasick,
    whole: Vec<bool>,
    groups: Vec<Vec<usize>>,
    /// For each word, the groups holding it: a hit checks only those.
    groups_of: Vec<Vec<usize>>,
    /// Hits in line comments are prose, not code.
    outside_comments: bool,
}

impl WordGroups {
    fn new(groups: &[Vec<Word<'_>>], outside_comments: bool) -> WordGroups {
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
        let automaton = AhoCorasick::new(words.iter().map(|w| w.text)).unwrap_or_else(|_| {
            AhoCorasick::new(Vec::<String>::new()).expect("an empty automaton builds")
        });
        WordGroups {
            automaton,
            whole: words.iter().map(|w| w.whole).collect(),
            groups,
            groups_of,
            outside_comments,
        }
    }

    fn any_in(&self, text: &str) -> bool {
        let mut found = vec![false; self.whole.len()];
        for hit in self.automaton.find_overlapping_iter(text) {
            let pattern = hit.pattern().as_usize();
            if found[pattern]
                || self.whole[pattern] && !whole_word(text, hit.start(), hit.end())
                || self.outside_comments && in_line_comment(text, hit.start())
            {
                continue;
            }
            found[pattern] = true;
            let complete = self.groups_of[pattern]
                .iter()
                .any(|&group| self.groups[group].iter().all(|&p| found[p]));
            if complete {
                return true;
            }
        }
        false
    }
}

/// One language's catalog alternatives.
type Terms = WordGroups;

fn terms(language: Language) -> &'static Terms {
    static RUST: OnceLock<Terms> = OnceLock::new();
    static SWIFT: OnceLock<Terms> = OnceLock::new();
    static KOTLIN: OnceLock<Terms> = OnceLock::new();
    let cell = match language {
        Language::Rust | Language::Sql => &RUST,
        Language::Swift => &SWIFT,
        Language::Kotlin => &KOTLIN,
    };
    cell.get_or_init(|| WordGroups::new(&catalog::prefilter_terms(language), true))
}

fn sql_keywords() -> &'static AhoCorasick {
    static AUTOMATON: OnceLock<AhoCorasick> = OnceLock::new();
    AUTOMATON.get_or_init(|| {
        AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(catalog::sql::KEYWORDS)
            .expect("the SQL keywords form a valid automaton")
    })
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

/// Whether `at` is in a comment on its line (`// ...`, or a line of a
/// block comment starting with `*`): prose, where API names are words.
fn in_line_comment(text: &str, at: usize) -> bool {
    let line = text[..at].rsplit('\n').next().unwrap_or("");
    line.contains("//") || line.trim_start().starts_with('*') || line.trim_start().starts_with("/*")
}

/// Whether a SQL keyword at `start..end` is written as SQL: in capitals, or
/// in a string (right after its opening quote, or after an odd number of
/// quotes on its line).
fn written_as_sql(text: &str, start: usize, end: usize) -> bool {
    if !whole_word(text, start, end) {
        return false;
    }
    let keyword = &text[start..end];
    if !keyword.chars().any(|c| c.is_ascii_lowercase()) {
        return true;
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
    language == Language::Sql
        || terms(language).any_in(text)
        || sql_keywords()
            .find_overlapping_iter(text)
            .any(|hit| written_as_sql(text, hit.start(), hit.end()))
}

/// How a declaration of function `name` is written in each language
/// (`fun save`, `func save`, `fn save`): a file holding one declares it.
pub fn declarations_of(name: &str) -> Vec<String> {
    ["fun", "func", "fn"]
        .iter()
        .map(|keyword| format!("{keyword} {name}"))
        .collect()
}

/// How a declaration of type `name` is written (`class Store`,
/// `interface Store`, `protocol Store`, `trait Store`, `struct Store`).
pub fn type_declarations_of(name: &str) -> Vec<String> {
    [
        "class",
        "interface",
        "protocol",
        "trait",
        "struct",
        "object",
    ]
    .iter()
    .map(|keyword| format!("{keyword} {name}"))
    .collect()
}

/// Groups of identifiers to look for as whole words, a file matching when
/// every word of one group is in it: for the later passes, a project
/// function's name with its type's (`save` with `NoteRepository`), or a
/// declaration (`fun fetch`).
#[derive(Clone)]
pub struct Words(std::sync::Arc<WordGroups>);

impl Words {
    pub fn new(groups: &[Vec<String>]) -> Words {
        let groups: Vec<Vec<Word>> = groups
            .iter()
            .map(|group| group.iter().map(|name| Word::whole(name)).collect())
            .collect();
        Words(std::sync::Arc::new(WordGroups::new(&groups, false)))
    }

    /// Whether every word of some group is in `text`, each as a whole word.
    pub fn any_in(&self, text: &str) -> bool {
        self.0.any_in(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn project_function_names_match_as_whole_words() {
        let words = Words::new(&[
            vec!["discard".to_string()],
            vec!["saveNote".to_string()],
            vec!["save".to_string(), "NoteStore".to_string()],
        ]);
        assert!(words.any_in("store: NoteStore; store.save(n)"));
        assert!(!words.any_in("settings.save(n)"));
        assert!(words.any_in("repository.discard(note)"));
        assert!(words.any_in("x = saveNote(n)"));
        assert!(!words.any_in("discardable = true"));
        assert!(!words.any_in("autosaveNotes()"));
        assert!(!words.any_in("nothing here"));
    }
}
