//! What every rule declares about itself, and the one list of rules.

use crate::catalog::Classified;
use crate::diagnostic::{Diagnostic, Severity};
use crate::facts::SqlFactAt;
use crate::model::Model;
use crate::project::Project;
use crate::rules;
use crate::source::ByteRange;
use crate::source::{Language, SourceFile};

/// Everything a file rule may look at.
pub struct FileContext<'a> {
    pub file: &'a SourceFile,
    pub model: &'a Model,
    pub ops: &'a [Classified],
    pub sql: &'a [SqlFactAt],
}

/// Whether a rule can offer a fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixAvailability {
    Never,
    Sometimes,
    Always,
}

pub struct Rule {
    /// The public, stable name: kebab-case, used in output and suppressions.
    pub id: &'static str,
    pub severity: Severity,
    pub languages: &'static [Language],
    pub fix: FixAvailability,
    /// The rule's page, `lints/<id>.md`.
    pub doc: &'static str,
    /// The default "what to do instead" line of its diagnostics.
    pub help: &'static str,
    pub check: Check,
}

/// What a rule looks at: one file, or the facts of the whole project.
#[derive(Clone, Copy)]
pub enum Check {
    File(fn(&FileContext) -> Vec<Diagnostic>),
    /// Returns (file index in the project, diagnostic) pairs.
    Project(fn(&Project) -> Vec<(usize, Diagnostic)>),
}

impl Rule {
    /// A finding of this rule at `range`, with its severity and default help.
    pub fn diagnostic(&self, range: ByteRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.id, self.severity, self.help, range, message)
    }

    /// The first paragraph of the doc page: one sentence.
    pub fn summary(&self) -> String {
        doc_paragraphs(self.doc)
            .next()
            .unwrap_or_default()
            .replace('\n', " ")
    }

    /// The text of one `## heading` section of the doc page.
    pub fn doc_section(&self, heading: &str) -> Option<String> {
        let marker = format!("## {heading}");
        let start = self.doc.find(&marker)? + marker.len();
        let rest = &self.doc[start..];
        let end = rest.find("\n## ").unwrap_or(rest.len());
        Some(rest[..end].trim().to_string())
    }
}

/// Paragraphs after the `# title` line.
fn doc_paragraphs(doc: &str) -> impl Iterator<Item = String> + '_ {
    doc.split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty() && !p.starts_with('#'))
        .map(str::to_string)
}

pub const RULES: &[&Rule] = &[
    &rules::auto_vacuum_full::RULE,
    &rules::autoincrement::RULE,
    &rules::fsync_in_loop::RULE,
    &rules::full_fsync::RULE,
    &rules::full_vacuum::RULE,
    &rules::journal_mode_not_wal::RULE,
    &rules::missing_wal::RULE,
    &rules::non_partial_index::RULE,
    &rules::open_per_query::RULE,
    &rules::plist_as_database::RULE,
    &rules::prefs_commit::RULE,
    &rules::redundant_index::RULE,
    &rules::secure_delete_on::RULE,
    &rules::synchronous_full_in_wal::RULE,
    &rules::temp_file_churn::RULE,
    &rules::userdefaults_synchronize::RULE,
    &rules::write_without_transaction::RULE,
];

pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().copied().find(|r| r.id == id)
}
