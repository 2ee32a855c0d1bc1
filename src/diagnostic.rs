//! What a rule reports.

use crate::source::ByteRange;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth mentioning; some projects make this choice on purpose.
    Hint,
    Warning,
    Error,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Hint => "hint",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A place in any file, maybe another than the finding's, that explains
/// it: a step of the chain through the project's own functions
/// (`through runCreateStatements -> executeStatements`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Related {
    /// The file as shown to the user.
    pub path: String,
    pub range: ByteRange,
    /// Zero-based line and UTF-16 column of the range's start and end, as
    /// SARIF and LSP count them.
    pub start: (usize, usize),
    pub end: (usize, usize),
    /// One-based line and column in characters of the range's start and
    /// end, as the text and JSON output count them.
    pub start_char: (usize, usize),
    pub end_char: (usize, usize),
    pub message: String,
}

impl Related {
    pub fn new(source: &crate::source::SourceFile, range: ByteRange, message: String) -> Related {
        Related {
            path: source.display.clone(),
            start: source.line_col_utf16(range.start),
            end: source.line_col_utf16(range.end),
            start_char: source.line_col(range.start),
            end_char: source.line_col(range.end),
            range,
            message,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Label {
    pub range: ByteRange,
    pub message: String,
}

/// How safe a fix is to apply without review.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Applicability {
    /// Shown as a suggestion only.
    DisplayOnly,
    /// Changes behaviour (durability, locking): applied only with `--unsafe-fixes`.
    Unsafe,
    /// Keeps the program's meaning; applied by `--fix`.
    Safe,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Edit {
    pub range: ByteRange,
    pub content: String,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<Edit>,
    pub applicability: Applicability,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Diagnostic {
    #[serde(with = "rule_id")]
    pub rule: RuleId,
    pub severity: Severity,
    /// What is wrong and what it costs.
    pub message: String,
    /// The exact token at fault.
    pub primary: Label,
    pub secondary: Vec<Label>,
    /// Places in other functions or files that lead to the finding.
    pub related: Vec<Related>,
    /// The evidence behind the cost: measured figures and their source.
    pub note: Option<String>,
    /// What to do instead.
    pub help: String,
    pub fix: Option<Fix>,
}

/// A rule's id. Named, besides, so that serde does not take the field for
/// text borrowed from the input (which it does for a written `&str`).
pub type RuleId = &'static str;

/// A rule id kept as text outside the process (the analysis cache) and read
/// back as the rule's own id; an id no rule has is an error, so an entry
/// written by another version of the rules is not trusted.
mod rule_id {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(rule: &&'static str, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(rule)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<&'static str, D::Error> {
        let id = String::deserialize(deserializer)?;
        crate::rules::RULES
            .iter()
            .map(|rule| rule.id)
            .find(|known| *known == id)
            .ok_or_else(|| serde::de::Error::custom(format!("no rule is named `{id}`")))
    }
}

impl Diagnostic {
    /// A finding of rule `rule` (its id) at `range`; `help` is the rule's
    /// default advice, which the rule may replace.
    pub fn new(
        rule: &'static str,
        severity: Severity,
        help: &str,
        range: ByteRange,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            rule,
            severity,
            message: message.into(),
            primary: Label {
                range,
                message: String::new(),
            },
            secondary: Vec::new(),
            related: Vec::new(),
            note: None,
            help: help.to_string(),
            fix: None,
        }
    }

    pub fn label(mut self, message: impl Into<String>) -> Diagnostic {
        self.primary.message = message.into();
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.note = Some(note.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = help.into();
        self
    }

    pub fn related(mut self, related: Vec<Related>) -> Diagnostic {
        self.related.extend(related);
        self
    }

    pub fn secondary(mut self, range: ByteRange, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label {
            range,
            message: message.into(),
        });
        self
    }
}
