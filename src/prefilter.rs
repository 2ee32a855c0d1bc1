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
}
