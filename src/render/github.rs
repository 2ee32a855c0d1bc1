//! GitHub Actions workflow commands: each finding becomes an annotation on
//! the pull request's diff (`::warning file=..,line=..::message`).
//!
//! GitHub shows at most ten annotations of each kind (error, warning,
//! notice) per step and drops the rest: the findings past ten go to the
//! job's step summary, or, without one, are counted in a closing notice.

use crate::diagnostic::{Diagnostic, Severity};
use crate::source::SourceFile;
use crate::Report;

/// Annotations of one kind GitHub shows per step.
pub const SHOWN_PER_KIND: usize = 10;

/// What to print on stdout, and the markdown to append to the step summary.
#[derive(Debug)]
pub struct Github {
    pub annotations: String,
    /// The findings past the annotation limit, as a markdown table, when a
    /// step summary was asked for and some did not fit.
    pub step_summary: Option<String>,
}

/// Annotations for the files that could not be checked and the
/// `storlint-ignore` comments that suppress nothing (always all of them,
/// first, so GitHub shows them), then for the findings GitHub shows. With
/// `step_summary`, the other findings become a markdown table for
/// `$GITHUB_STEP_SUMMARY`; either way a closing notice counts them.
pub fn to_github(report: &Report, step_summary: bool) -> Github {
    let mut out = String::new();
    let problems: Vec<_> = report
        .problems
        .iter()
        .chain(&report.suppression_warnings)
        .collect();
    for problem in &problems {
        let position = match problem.position {
            Some((line, col)) => format!(",line={line},col={col}"),
            None => String::new(),
        };
        out.push_str(&format!(
            "::warning file={}{position},title=storlint::{}\n",
            property(&problem.path),
            data(&problem.message)
        ));
    }
    let findings: Vec<(&SourceFile, &Diagnostic)> = report
        .files
        .iter()
        .flat_map(|file| file.diagnostics.iter().map(move |d| (&file.source, d)))
        .collect();
    let shown = |notices: usize| {
        let mut budget = [
            SHOWN_PER_KIND,
            SHOWN_PER_KIND.saturating_sub(problems.len()),
            notices,
        ];
        findings
            .iter()
            .map(|(_, diagnostic)| {
                let left = &mut budget[kind_index(diagnostic.severity)];
                let fits = *left > 0;
                *left = left.saturating_sub(1);
                fits
            })
            .collect::<Vec<bool>>()
    };
    let mut fits = shown(SHOWN_PER_KIND);
    if fits.contains(&false) {
        // The closing notice takes one notice's place.
        fits = shown(SHOWN_PER_KIND - 1);
    }
    let mut rest = Vec::new();
    for (&(source, diagnostic), fits) in findings.iter().zip(fits) {
        if fits {
            out.push_str(&annotation(source, diagnostic));
            out.push('\n');
        } else {
            rest.push((source, diagnostic));
        }
    }
    if rest.is_empty() {
        return Github {
            annotations: out,
            step_summary: None,
        };
    }
    let more = match rest.len() {
        1 => "1 more finding".to_string(),
        n => format!("{n} more findings"),
    };
    let where_ = if step_summary {
        "are listed in the job's step summary"
    } else {
        "are not shown as annotations (GitHub shows 10 of each kind); `storlint --format concise` lists them all"
    };
    out.push_str(&format!(
        "::notice title=storlint::{}\n",
        data(&format!("{more} {where_}"))
    ));
    Github {
        annotations: out,
        step_summary: step_summary.then(|| summary_table(&more, &rest)),
    }
}

fn kind_index(severity: Severity) -> usize {
    match severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Hint => 2,
    }
}

fn command(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Hint => "notice",
    }
}

fn annotation(source: &SourceFile, diagnostic: &Diagnostic) -> String {
    let (line, col) = source.line_col(diagnostic.primary.range.start);
    let (end_line, end_col) = source.line_col(diagnostic.primary.range.end);
    format!(
        "::{} file={},line={line},col={col},endLine={end_line},endColumn={end_col},title={}::{}",
        command(diagnostic.severity),
        property(&source.display),
        property(diagnostic.rule),
        data(&super::sentences([
            diagnostic.message.as_str(),
            &format!("Help: {}", diagnostic.help)
        ]))
    )
}

/// The findings past the annotation limit as a markdown section.
fn summary_table(more: &str, rest: &[(&SourceFile, &Diagnostic)]) -> String {
    let mut table = format!(
        "### storlint: {more}\n\nGitHub shows {SHOWN_PER_KIND} annotations of each kind per step; these did not fit.\n\n\
         | location | severity | rule | message |\n|---|---|---|---|\n"
    );
    for (source, diagnostic) in rest {
        let (line, col) = source.line_col(diagnostic.primary.range.start);
        table.push_str(&format!(
            "| `{}:{line}:{col}` | {} | `{}` | {} |\n",
            cell(&source.display).replace('`', "'"),
            diagnostic.severity.name(),
            diagnostic.rule,
            cell(&diagnostic.message)
        ));
    }
    table.push('\n');
    table
}

/// Text in a markdown table cell: on one line, `|` escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\r', '\n'], " ")
}

/// Escapes a message (`%`, CR, LF), as the workflow command syntax requires.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value: a message's escapes plus `:` and `,`.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_and_messages_are_escaped() {
        assert_eq!(data("50% done\nnext"), "50%25 done%0Anext");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
        assert_eq!(cell("a|b\nc"), "a\\|b c");
    }
}
