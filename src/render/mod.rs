//! Output formats.

pub mod concise;
pub mod github;
pub mod json;
pub mod sarif;
pub mod terminal;

use serde::{Serialize, Serializer};

/// A sequence serialized as it is produced: a log with tens of thousands of
/// results is written without holding them all in memory. The closure is
/// called once per serialization.
pub struct Lazy<F>(pub F);

impl<F, I> Serialize for Lazy<F>
where
    F: Fn() -> I,
    I: IntoIterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}

/// Sentences joined into one message (`message. Note. Help: ...`), each
/// starting with a capital letter. A sentence that opens with code (an
/// identifier holding `_` or `=`, a backtick) is left as written.
pub fn sentences<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    let mut text = String::new();
    for part in parts {
        let part = part.trim().trim_end_matches('.');
        if part.is_empty() {
            continue;
        }
        if !text.is_empty() {
            text.push_str(". ");
        }
        text.push_str(&capitalized(part));
    }
    if !text.is_empty() {
        text.push('.');
    }
    text
}

fn capitalized(sentence: &str) -> String {
    let first_word = sentence.split(' ').next().unwrap_or_default();
    let mut chars = sentence.chars();
    match chars.next() {
        Some(first) if first_word.chars().all(|c| c.is_alphabetic() || c == '\'') => {
            first.to_uppercase().chain(chars).collect()
        }
        _ => sentence.to_string(),
    }
}

/// `1 file`, `3 files`.
pub fn plural(count: usize, noun: &str) -> String {
    plural_of(count, noun, &format!("{noun}s"))
}

/// `1 index`, `2 indexes`: a noun whose plural is not its `s` form.
pub fn plural_of(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

/// How a fix of this applicability gets applied, for the reader.
pub fn applicability_phrase(applicability: crate::diagnostic::Applicability) -> &'static str {
    use crate::diagnostic::Applicability;
    match applicability {
        Applicability::Safe => "safe fix: `--fix` applies it",
        Applicability::Unsafe => "unsafe fix: `--fix --unsafe-fixes` applies it",
        Applicability::DisplayOnly => "suggested change: review and apply it by hand",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joined_sentences_start_with_a_capital_and_code_stays_as_written() {
        assert_eq!(
            sentences([
                "full VACUUM rewrites",
                "in Apple's measurement",
                "Help: set it"
            ]),
            "Full VACUUM rewrites. In Apple's measurement. Help: set it."
        );
        assert_eq!(
            sentences(["secure_delete=ON overwrites.", "`fsync` flushes"]),
            "secure_delete=ON overwrites. `fsync` flushes."
        );
    }
}
