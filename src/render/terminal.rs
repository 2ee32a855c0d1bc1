//! Human-readable diagnostics with source snippets, via codespan-reporting.

use codespan_reporting::diagnostic::{Diagnostic as Rendered, Label, Severity as RenderedSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::termcolor::{Buffer, WriteColor};
use codespan_reporting::term::{self, Config};

use super::{plural, plural_of};
use crate::diagnostic::{Diagnostic, Severity};
use crate::source::SourceFile;
use crate::Report;

/// Writes every finding, then the problems and a summary line.
pub fn write_report(out: &mut dyn WriteColor, report: &Report) -> std::io::Result<()> {
    write_findings(out, report)?;
    writeln!(out, "{}", summary(report))
}

/// Writes every finding, then the files that could not be checked.
pub fn write_findings(out: &mut dyn WriteColor, report: &Report) -> std::io::Result<()> {
    let config = Config::default();
    for checked in &report.files {
        // Indexes the file's lines once for all of its findings.
        let file = rendered_file(&checked.source);
        for diagnostic in &checked.diagnostics {
            write_diagnostic(out, &config, &file, diagnostic)?;
        }
    }
    for problem in &report.problems {
        writeln!(out, "warning: {problem}")?;
    }
    Ok(())
}

/// A file as the renderer reads it; building one indexes its lines.
pub fn rendered_file(source: &SourceFile) -> SimpleFile<&str, &str> {
    SimpleFile::new(source.display.as_str(), source.text.as_str())
}

pub fn write_diagnostic(
    out: &mut dyn WriteColor,
    config: &Config,
    file: &SimpleFile<&str, &str>,
    diagnostic: &Diagnostic,
) -> std::io::Result<()> {
    let rendered = to_rendered(diagnostic);
    if diagnostic.severity != Severity::Hint {
        return term::emit_to_write_style(out, config, file, &rendered).map_err(io_error);
    }
    // The renderer knows no hints: a hint is rendered as its `note` and
    // renamed, so every format but those with a word of their own (SARIF's
    // `note`, GitHub's `notice`) calls it a hint.
    let mut buffer = if out.supports_color() {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    term::emit_to_write_style(&mut buffer, config, file, &rendered).map_err(io_error)?;
    let text = String::from_utf8_lossy(buffer.as_slice()).replacen("note[", "hint[", 1);
    out.write_all(text.as_bytes())
}

fn io_error(error: codespan_reporting::files::Error) -> std::io::Error {
    match error {
        // Kept as it is: a reader that went away (`| head`) is told apart.
        codespan_reporting::files::Error::Io(io) => io,
        other => std::io::Error::other(other.to_string()),
    }
}

fn to_rendered(diagnostic: &Diagnostic) -> Rendered<()> {
    let severity = match diagnostic.severity {
        Severity::Error => RenderedSeverity::Error,
        Severity::Warning => RenderedSeverity::Warning,
        Severity::Hint => RenderedSeverity::Note,
    };
    let mut labels = vec![Label::primary((), diagnostic.primary.range.clone())
        .with_message(diagnostic.primary.message.clone())];
    labels.extend(
        diagnostic
            .secondary
            .iter()
            .map(|l| Label::secondary((), l.range.clone()).with_message(l.message.clone())),
    );
    let mut notes: Vec<String> = diagnostic
        .related
        .iter()
        .map(|r| {
            format!(
                "{}: {}:{}:{}",
                r.message,
                r.path,
                r.start.0 + 1,
                r.start.1 + 1
            )
        })
        .collect();
    notes.extend(diagnostic.note.iter().map(|n| format!("note: {n}")));
    // The fix, when there is one, is the advice: what it changes and how
    // to have it applied.
    notes.push(match &diagnostic.fix {
        Some(fix) => format!(
            "help: {}; {}",
            fix.title,
            super::applicability_phrase(fix.applicability)
        ),
        None => format!("help: {}", diagnostic.help),
    });
    notes.push(format!("see `storlint rule {}`", diagnostic.rule));
    Rendered::new(severity)
        .with_code(diagnostic.rule)
        .with_message(diagnostic.message.clone())
        .with_labels(labels)
        .with_notes(notes)
}

/// "Found 3 findings in 2 of 12 files checked; 40 skipped (no storage calls); 1 could not be parsed."
pub fn summary(report: &Report) -> String {
    let findings = report.finding_count();
    let mut line = match findings {
        0 => format!("No findings in {} checked", plural(report.checked, "file")),
        _ => format!(
            "Found {} in {} checked",
            plural(findings, "finding"),
            plural(report.checked, "file")
        ),
    };
    line.push_str(&format!(
        "; {} skipped (no storage APIs mentioned)",
        report.skipped
    ));
    if report.test_files > 0 {
        line.push_str(&format!(
            "; {} not checked (`--include-tests` checks them)",
            plural(report.test_files, "test file")
        ));
    }
    if !report.problems.is_empty() {
        line.push_str(&format!(
            "; {} could not be checked",
            plural(report.problems.len(), "file")
        ));
    }
    if report.build_dirs_skipped > 0 {
        line.push_str(&format!(
            "; {} of build output not walked",
            plural_of(report.build_dirs_skipped, "directory", "directories")
        ));
    }
    if report.hidden.by_configuration > 0 {
        line.push_str(&format!(
            "; {} hidden by configuration (`--isolated` shows them)",
            plural(report.hidden.by_configuration, "finding")
        ));
    }
    if report.hidden.by_baseline > 0 {
        line.push_str(&format!(
            "; {} hidden by the baseline (`--baseline`)",
            plural(report.hidden.by_baseline, "finding")
        ));
    }
    if !report.suppression_warnings.is_empty() {
        line.push_str(&format!(
            "; {} about `storlint-ignore` comments",
            plural(report.suppression_warnings.len(), "warning")
        ));
    }
    line.push('.');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_says_what_was_hidden_and_the_flag_that_shows_it() {
        let report = Report {
            checked: 4,
            test_files: 2,
            build_dirs_skipped: 1,
            hidden: crate::Hidden {
                by_configuration: 3,
                by_baseline: 1,
            },
            ..Report::default()
        };
        assert_eq!(
            summary(&report),
            "No findings in 4 files checked; 0 skipped (no storage APIs mentioned); \
             2 test files not checked (`--include-tests` checks them); \
             1 directory of build output not walked; \
             3 findings hidden by configuration (`--isolated` shows them); \
             1 finding hidden by the baseline (`--baseline`)."
        );
    }
}
