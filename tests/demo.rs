//! The README's first command lints testdata/demo; its findings are exactly
//! the ones listed in testdata/demo/EXPECTED.md.

mod common;

#[test]
fn the_demo_app_has_exactly_the_expected_findings() {
    let demo = common::testdata().join("demo");
    let listing = std::fs::read_to_string(demo.join("EXPECTED.md")).unwrap();
    let block = listing
        .split("```")
        .nth(1)
        .expect("EXPECTED.md holds a fenced block of findings");
    let mut expected: Vec<String> = block
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    expected.sort();

    let report = storlint::lint_paths(std::slice::from_ref(&demo), &demo).unwrap();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    let mut found: Vec<String> = report
        .files
        .iter()
        .flat_map(|f| {
            f.diagnostics.iter().map(|d| {
                format!(
                    "{}:{} {}",
                    f.source.display,
                    f.source.line_col(d.primary.range.start).0,
                    d.rule
                )
            })
        })
        .collect();
    found.sort();
    assert_eq!(found, expected);
    assert!(
        report.skipped >= 1,
        "the prefilter skips files without storage APIs"
    );
}
