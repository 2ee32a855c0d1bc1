//! One line per finding, `path:line:col: severity[rule-id]: message`: the
//! form Xcode build phases, vim's quickfix list and editor problem matchers
//! read, and the form scripts can sort and compare.

use crate::Report;

/// Findings in report order, then one line per file that could not be checked
/// and per `storlint-ignore` comment that suppresses nothing it names. Every
/// line has the same shape, so `%f:%l:%c: %m` reads them all.
pub fn to_concise(report: &Report) -> String {
    let mut out = String::new();
    for file in &report.files {
        for diagnostic in &file.diagnostics {
            let (line, col) = file.source.line_col(diagnostic.primary.range.start);
            out.push_str(&format!(
                "{}:{line}:{col}: {}[{}]: {}\n",
                one_line(&file.source.display),
                diagnostic.severity.name(),
                diagnostic.rule,
                one_line(&diagnostic.message)
            ));
        }
    }
    for problem in report.problems.iter().chain(&report.suppression_warnings) {
        // Quickfix lists and problem matchers want a position on every
        // line: a problem with the whole file points at its start.
        let (line, col) = problem.position.unwrap_or((1, 1));
        out.push_str(&format!(
            "{}:{line}:{col}: warning[storlint]: {}\n",
            one_line(&problem.path),
            one_line(&problem.message)
        ));
    }
    out
}

/// A line-oriented reader splits records on newlines: a path or message
/// holding one would forge a second record.
fn one_line(text: &str) -> String {
    text.replace('\r', "\\r").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn newlines_never_split_a_record() {
        assert_eq!(one_line("a\nb\rc"), "a\\nb\\rc");
    }
}
