//! The rule pages cannot drift from the code: every Example block triggers
//! its rule, every Use instead block triggers nothing, and every page has the
//! sections users rely on.

use storlint::rules::{Rule, RULES};
use storlint::source::{Language, SourceFile};

const SECTIONS: &[&str] = &[
    "## What it does",
    "## Why is this bad?",
    "## Example",
    "## Use instead",
    "## References",
];

/// Fenced code blocks of a section as (language, code).
fn code_blocks(section: &str) -> Vec<(Language, String)> {
    let mut blocks = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        let Some(tag) = line.trim().strip_prefix("```") else {
            continue;
        };
        let language = match tag.trim() {
            "rust" => Language::Rust,
            "swift" => Language::Swift,
            "kotlin" => Language::Kotlin,
            "sql" => Language::Sql,
            other => panic!("code block with unsupported tag `{other}`"),
        };
        let code: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        blocks.push((language, code.join("\n") + "\n"));
    }
    blocks
}

fn findings_of(rule: &Rule, language: Language, code: &str) -> Vec<&'static str> {
    let file = SourceFile::from_text("doc-example", language, code);
    storlint::lint_source(&file)
        .unwrap_or_else(|p| {
            panic!(
                "{}: {:?} example does not parse: {p}\n{code}",
                rule.id, language
            )
        })
        .into_iter()
        .map(|d| d.rule)
        .collect()
}

#[test]
fn every_page_has_the_sections_and_a_one_sentence_summary() {
    for rule in RULES {
        assert!(
            rule.doc.starts_with(&format!("# {}\n", rule.id)),
            "{}: page must start with its id",
            rule.id
        );
        for section in SECTIONS {
            assert!(
                rule.doc.contains(&format!("\n{section}\n")),
                "{}: missing `{section}`",
                rule.id
            );
        }
        let summary = rule.summary();
        assert!(
            !summary.is_empty() && summary.len() < 200,
            "{}: summary `{summary}`",
            rule.id
        );
    }
}

#[test]
fn examples_trigger_their_rule_in_every_language_it_applies_to() {
    for rule in RULES {
        let examples = code_blocks(&rule.doc_section("Example").unwrap());
        for language in rule.languages {
            assert!(
                examples.iter().any(|(l, _)| l == language),
                "{}: no {} example",
                rule.id,
                language.name()
            );
        }
        for (language, code) in examples {
            let found = findings_of(rule, language, &code);
            assert!(
                found.contains(&rule.id),
                "{}: this {} example does not trigger the rule:\n{code}",
                rule.id,
                language.name()
            );
        }
    }
}

#[test]
fn use_instead_blocks_trigger_nothing() {
    for rule in RULES {
        let blocks = code_blocks(&rule.doc_section("Use instead").unwrap());
        assert!(!blocks.is_empty(), "{}: no Use instead code", rule.id);
        for (language, code) in blocks {
            let found = findings_of(rule, language, &code);
            assert!(
                found.is_empty(),
                "{}: this {} block triggers {found:?}:\n{code}",
                rule.id,
                language.name()
            );
        }
    }
}

/// Whether `fixed` is shown among `blocks`: one of them, or its lines
/// (trimmed) appear in order in one of the same language, which does more.
fn shown_in(blocks: &[(Language, String)], language: Language, fixed: &str) -> bool {
    blocks.iter().any(|(l, block)| {
        let mut lines = block.lines().map(str::trim);
        *l == language
            && fixed
                .lines()
                .map(str::trim)
                .all(|line| lines.any(|l| l == line))
    })
}

/// A rule that can fix says how on its page (`## Fix`, with the
/// applicability), and a rule that cannot has no such section. Where fixing
/// an Example changes it, the result is shown on the page: in "Use instead"
/// (maybe with more around it) or in the `## Fix` section.
#[test]
fn fixable_rules_document_their_fix_and_show_the_fixed_form() {
    use storlint::rules::FixAvailability;
    let mut unshown = Vec::new();
    for rule in RULES {
        let section = rule.doc_section("Fix");
        match (rule.fix, &section) {
            (FixAvailability::Never, Some(_)) => {
                panic!("{}: a `## Fix` section, and the rule never fixes", rule.id)
            }
            (FixAvailability::Never, None) => continue,
            (_, None) => panic!("{}: the rule can fix; its page has no `## Fix`", rule.id),
            (_, Some(text)) => assert!(
                ["Safe (", "Unsafe (", "Display-only ("]
                    .iter()
                    .any(|applicability| text.starts_with(applicability)),
                "{}: `## Fix` starts with the applicability",
                rule.id
            ),
        }
        let mut shown = code_blocks(&rule.doc_section("Use instead").unwrap());
        shown.extend(code_blocks(&section.unwrap_or_default()));
        for (language, code) in code_blocks(&rule.doc_section("Example").unwrap()) {
            let file = SourceFile::from_text("doc-example", language, &code);
            let fixed = storlint::fix::fix_source(
                &file,
                &storlint::Options::default(),
                storlint::fix::Selection { unsafe_fixes: true },
            )
            .unwrap_or_else(|message| panic!("{}: {message}", rule.id));
            if fixed != code && !shown_in(&shown, language, &fixed) {
                unshown.push(format!(
                    "{}: fixing this {} example gives a form the page does not show:\n{fixed}",
                    rule.id,
                    language.name()
                ));
            }
        }
    }
    assert!(unshown.is_empty(), "{}", unshown.join("\n"));
}
