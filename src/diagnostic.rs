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
    /// Another occurrence of the same cause, merged into this finding
    /// (`merge_groups`): reported here rather than as a finding of its own.
    pub member: bool,
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
    /// Findings of one cause (the writes of one loop, the commits of one
    /// preferences wrapper) share a group: once suppression markers have
    /// had their say, the group is reported as one finding (`merge_groups`).
    pub group: Option<Group>,
}

/// What makes findings one (`key`, compared within a file and a rule), the
/// label each later member gets beside the first, and the sentence the
/// first's message gains, where `{n}` stands for how many more there are.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Group {
    pub key: String,
    pub member_label: String,
    pub summary: String,
}

/// One finding per group: each later member of a group (in source order)
/// becomes a secondary label of its first, its fix's edits join the
/// first's fix when both have one of the same applicability, and the
/// first's message says how many more there are. Members a marker
/// suppressed are gone before this runs, so a marker never hides a group.
pub fn merge_groups(diagnostics: &mut Vec<Diagnostic>) {
    if diagnostics.iter().all(|d| d.group.is_none()) {
        return;
    }
    diagnostics.sort_by_key(|d| d.primary.range.start);
    let mut kept: Vec<Diagnostic> = Vec::with_capacity(diagnostics.len());
    let mut counts: Vec<usize> = Vec::with_capacity(diagnostics.len());
    for diagnostic in diagnostics.drain(..) {
        let first = diagnostic.group.as_ref().and_then(|group| {
            kept.iter().position(|k| {
                k.rule == diagnostic.rule && k.group.as_ref().is_some_and(|g| g.key == group.key)
            })
        });
        let Some(first) = first else {
            kept.push(diagnostic);
            counts.push(0);
            continue;
        };
        let member_label = diagnostic
            .group
            .as_ref()
            .map(|g| g.member_label.clone())
            .unwrap_or_default();
        let host = &mut kept[first];
        host.secondary.push(Label {
            range: diagnostic.primary.range.clone(),
            message: member_label,
            member: true,
        });
        host.related.extend(diagnostic.related);
        match (&mut host.fix, diagnostic.fix) {
            (Some(fix), Some(more)) if fix.applicability == more.applicability => {
                // Members of one loop suggest the same wrapping: an edit
                // overlapping one already there (or the same insertion,
                // whose empty range overlaps nothing) is that edit again.
                for edit in more.edits {
                    let overlaps = fix.edits.iter().any(|e| {
                        e.range.start < edit.range.end && edit.range.start < e.range.end
                            || e.range == edit.range
                    });
                    if !overlaps {
                        fix.edits.push(edit);
                    }
                }
            }
            // A member whose fix cannot join is left for the reader.
            _ => {}
        }
        counts[first] += 1;
    }
    for (diagnostic, more) in kept.iter_mut().zip(counts) {
        if let Some(group) = diagnostic.group.take() {
            if more > 0 {
                diagnostic
                    .message
                    .push_str(&group.summary.replace("{n}", &more.to_string()));
            }
        }
    }
    *diagnostics = kept;
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
                member: false,
            },
            secondary: Vec::new(),
            related: Vec::new(),
            note: None,
            help: help.to_string(),
            fix: None,
            group: None,
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

    /// Makes the finding a member of `group` (see `merge_groups`).
    pub fn grouped(mut self, group: Group) -> Diagnostic {
        self.group = Some(group);
        self
    }

    pub fn secondary(mut self, range: ByteRange, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label {
            range,
            message: message.into(),
            member: false,
        });
        self
    }
}
