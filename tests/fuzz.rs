//! Seeded mutation fuzzing on stable: every fixture, mutated the ways real
//! files break (a stray character at a line start, a byte-order mark, an
//! emoji, an unbalanced bracket or quote, a deleted span, a duplicated or
//! swapped line), is checked with a small parse budget. No mutant may
//! panic, and every finding must point inside its file on character
//! boundaries. The seed is fixed, so a failure reproduces; raise
//! `STORLINT_FUZZ_MUTANTS` (mutants per fixture, default 12) for a longer run.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Duration;

use storlint::source::{Language, SourceFile};
use storlint::Options;

/// A small xorshift generator: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const STRAYS: &[&str] = &[
    "\u{feff}", "😀", "$", "{", "}", "(", ")", "[", "\"", "\"\"\"", "`", "\\", "#", "@", "\n", "'",
    "/*", "*/", "\u{0}",
];

/// One mutant of `text`, always valid UTF-8.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .collect();
    let at = boundaries[rng.below(boundaries.len())];
    match rng.below(5) {
        // A stray character somewhere, or at the start of a line.
        0 | 1 => {
            let at = if rng.below(2) == 0 {
                text[..at].rfind('\n').map_or(0, |n| n + 1)
            } else {
                at
            };
            let stray = STRAYS[rng.below(STRAYS.len())];
            format!("{}{stray}{}", &text[..at], &text[at..])
        }
        // A deleted span.
        2 => {
            let end = boundaries
                .iter()
                .copied()
                .filter(|&b| b >= at)
                .nth(rng.below(40))
                .unwrap_or(text.len());
            format!("{}{}", &text[..at], &text[end..])
        }
        // A duplicated line.
        3 => {
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let line = rng.below(lines.len());
            let mut out: Vec<&str> = lines.clone();
            if let Some(&copy) = lines.get(line) {
                out.insert(line, copy);
            }
            out.concat()
        }
        // Two lines swapped.
        _ => {
            let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
            if lines.len() > 1 {
                let a = rng.below(lines.len());
                let b = rng.below(lines.len());
                lines.swap(a, b);
            }
            lines.concat()
        }
    }
}

fn fixtures(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(fixtures(&path));
        } else if Language::from_path(&path).is_some() {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
fn mutated_fixtures_never_panic_and_findings_stay_inside_their_file() {
    let mutants: usize = std::env::var("STORLINT_FUZZ_MUTANTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(12);
    let options = Options {
        parse_budget: Duration::from_millis(300),
        ..Options::default()
    };
    let files = fixtures(&common::testdata().join("rules"));
    assert!(!files.is_empty());
    // The parsers recurse: run where they have the stack the CLI gives them.
    let failures = std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(move || {
            let mut rng = Rng(0x5eed_1234_abcd_9876);
            let mut failures = Vec::new();
            for path in &files {
                let original = common::load(path);
                for round in 0..mutants {
                    let text = mutate(&original.text, &mut rng);
                    let file = SourceFile::from_text(&original.display, original.language, &text);
                    let outcome = catch_unwind(AssertUnwindSafe(|| {
                        storlint::lint_source_with(&file, &options)
                    }));
                    match outcome {
                        Err(_) => {
                            failures.push(format!("{} mutant {round}: panic", path.display()))
                        }
                        Ok(Ok(diagnostics)) => {
                            for d in diagnostics {
                                let range = &d.primary.range;
                                let inside = range.start <= range.end
                                    && range.end <= text.len()
                                    && text.is_char_boundary(range.start)
                                    && text.is_char_boundary(range.end);
                                if !inside {
                                    failures.push(format!(
                                        "{} mutant {round}: {} at {range:?} outside the text",
                                        path.display(),
                                        d.rule
                                    ));
                                }
                            }
                        }
                        Ok(Err(_)) => {}
                    }
                }
            }
            failures
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}
