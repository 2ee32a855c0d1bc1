//! The cheap scan before parsing: a file that mentions none of the words the
//! catalog cares about cannot produce a finding, so it is never parsed.

use std::sync::OnceLock;

use aho_corasick::AhoCorasick;

use crate::source::Language;

fn automaton() -> &'static AhoCorasick {
    static AUTOMATON: OnceLock<AhoCorasick> = OnceLock::new();
    AUTOMATON.get_or_init(|| {
        AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(crate::catalog::prefilter_words())
            .expect("the catalog's words form a valid automaton")
    })
}

/// True when the file may hold something a rule reads: a `.sql` file, or
/// code containing at least one catalog word (case-insensitive, since SQL
/// keywords are).
pub fn mentions_storage(text: &str, language: Language) -> bool {
    language == Language::Sql || automaton().is_match(text)
}

/// A set of identifiers to look for as whole words: the names of the
/// project's own storage functions, for the second pass over the files the
/// catalog's words skipped.
#[derive(Clone)]
pub struct Words(std::sync::Arc<AhoCorasick>);

impl Words {
    pub fn new(names: &[String]) -> Words {
        let automaton = AhoCorasick::new(names).unwrap_or_else(|_| {
            AhoCorasick::new(Vec::<String>::new()).expect("an empty automaton builds")
        });
        Words(std::sync::Arc::new(automaton))
    }

    /// Whether `text` holds one of the names, not as part of a longer identifier.
    pub fn any_in(&self, text: &str) -> bool {
        let identifier = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        self.0.find_overlapping_iter(text).any(|found| {
            let before = text[..found.start()].chars().next_back();
            let after = text[found.end()..].chars().next();
            !identifier(before) && !identifier(after)
        })
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
    fn project_function_names_match_as_whole_words() {
        let words = Words::new(&["discard".to_string(), "saveNote".to_string()]);
        assert!(words.any_in("repository.discard(note)"));
        assert!(words.any_in("x = saveNote(n)"));
        assert!(!words.any_in("discardable = true"));
        assert!(!words.any_in("autosaveNotes()"));
        assert!(!words.any_in("nothing here"));
    }
}
