//! The cheap scan before parsing: a file that mentions none of the words the
//! catalog cares about cannot produce a finding, so it is never parsed.

use std::sync::OnceLock;

use aho_corasick::AhoCorasick;

fn automaton() -> &'static AhoCorasick {
    static AUTOMATON: OnceLock<AhoCorasick> = OnceLock::new();
    AUTOMATON.get_or_init(|| {
        AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(crate::catalog::prefilter_words())
            .expect("the catalog's words form a valid automaton")
    })
}

/// True when the text contains at least one catalog word (case-insensitive,
/// since SQL keywords are).
pub fn mentions_storage(text: &str) -> bool {
    automaton().is_match(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_come_from_the_catalog() {
        assert!(mentions_storage("try handle.synchronizeFile()"));
        assert!(mentions_storage("db.execSQL(sql)"));
        assert!(mentions_storage("vacuum;"));
        assert!(!mentions_storage("fn main() { println!(\"hello\"); }"));
    }
}
