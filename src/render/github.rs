//! GitHub Actions workflow commands: each finding becomes an annotation on
//! the pull request's diff (`::warning file=..,line=..::message`).

use crate::diagnostic::{Diagnostic, Severity};
use crate::source::SourceFile;
use crate::Report;

/// One workflow command per finding, one per file that could not be checked,
/// and one per `storlint-ignore` comment that suppresses nothing it names.
pub fn to_github(report: &Report) -> String {
    let mut out = String::new();
    for file in &report.files {
        for diagnostic in &file.diagnostics {
            out.push_str(&annotation(&file.source, diagnostic));
            out.push('\n');
        }
    }
    for problem in report.problems.iter().chain(&report.suppression_warnings) {
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
    out
}

fn annotation(source: &SourceFile, diagnostic: &Diagnostic) -> String {
    let command = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Hint => "notice",
    };
    let (line, col) = source.line_col(diagnostic.primary.range.start);
    let (end_line, end_col) = source.line_col(diagnostic.primary.range.end);
    format!(
        "::{command} file={},line={line},col={col},endLine={end_line},endColumn={end_col},title={}::{}",
        property(&source.display),
        property(diagnostic.rule),
        data(&format!("{}. Help: {}", diagnostic.message, diagnostic.help))
    )
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
    }
}
