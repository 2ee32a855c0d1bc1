//! SARIF 2.1.0, the format code scanning (GitHub and others) uploads.

use std::io::Write;
use std::path::Path;

use serde::Serialize;
use serde_json::{json, Value};

use super::Lazy;

use crate::baseline;
use crate::diagnostic::{Diagnostic, Severity};
use crate::rules::{Rule, RULES};
use crate::source::SourceFile;
use crate::workspace::ProjectPaths;
use crate::Report;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
const INFORMATION_URI: &str = "https://github.com/storlint/storlint";
const SRCROOT: &str = "%SRCROOT%";
/// The key of storlint's fingerprint in `partialFingerprints`.
const FINGERPRINT: &str = "storlint/v1";

/// Writes the SARIF log for a report; artifact URIs are relative to `cwd`.
/// Writes the SARIF log of `report`, run from `cwd`, with paths relative to
/// the project `root` (so a run from a subdirectory maps in code review).
pub fn write_sarif(
    out: &mut dyn Write,
    report: &Report,
    cwd: &Path,
    root: &Path,
) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, &log(report, cwd, root))
        .map_err(std::io::Error::from)?;
    writeln!(out)
}

/// The SARIF log for a report, whose results are serialized one at a time:
/// a run with tens of thousands of findings is never held whole in memory.
pub fn log<'a>(report: &'a Report, cwd: &Path, root: &Path) -> impl Serialize + 'a {
    let locator = Locator::new(cwd, root);
    let notifications: Vec<Value> = report
        .problems
        .iter()
        .chain(&report.suppression_warnings)
        .map(|problem| {
            let mut location = json!({
                "physicalLocation": {
                    "artifactLocation": locator.artifact_location(&problem.path)
                }
            });
            if let Some((line, column)) = problem.position {
                location["physicalLocation"]["region"] =
                    json!({ "startLine": line, "startColumn": column });
            }
            json!({
                "level": "warning",
                "message": { "text": problem.to_string() },
                "locations": [location],
            })
        })
        .collect();
    let base = directory_uri(locator.0.root());
    let results = Lazy(move || {
        let locator = locator.clone();
        report.files.iter().flat_map(move |file| {
            let fingerprints = baseline::fingerprints(&file.source, &file.diagnostics);
            let locator = locator.clone();
            file.diagnostics
                .iter()
                .zip(fingerprints)
                .map(move |(d, fingerprint)| {
                    let mut result = result(&locator, &file.source, d);
                    // The baseline's fingerprint: code review follows a
                    // finding across commits that move it.
                    result["partialFingerprints"] = json!({ FINGERPRINT: fingerprint });
                    result
                })
        })
    });
    Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: [Run {
            tool: json!({
                "driver": {
                    "name": "storlint",
                    "version": env!("CARGO_PKG_VERSION"),
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "informationUri": INFORMATION_URI,
                    "rules": RULES.iter().map(|r| rule_descriptor(r)).collect::<Vec<_>>(),
                }
            }),
            invocations: json!([{
                "executionSuccessful": true,
                "toolExecutionNotifications": notifications,
            }]),
            original_uri_base_ids: base.map(|base| json!({ SRCROOT: { "uri": base } })),
            column_kind: "utf16CodeUnits",
            results,
        }],
    }
}

#[derive(Serialize)]
struct Log<R> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run<R>; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<R> {
    tool: Value,
    invocations: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    original_uri_base_ids: Option<Value>,
    column_kind: &'static str,
    results: R,
}

fn rule_descriptor(rule: &Rule) -> Value {
    let full = rule
        .doc_section("What it does")
        .unwrap_or_else(|| rule.summary());
    json!({
        "id": rule.id,
        "name": rule.id,
        "shortDescription": { "text": rule.summary() },
        "fullDescription": { "text": full },
        "help": { "text": rule.doc, "markdown": rule.doc },
        "helpUri": format!("{INFORMATION_URI}/blob/main/lints/{}.md", rule.id),
        "defaultConfiguration": { "level": level(rule.severity) },
        "properties": {
            "tags": ["storage", "performance"],
            // Code scanning sorts and filters alerts by these two.
            "precision": "high",
            "problem.severity": match rule.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Hint => "recommendation",
            },
        },
    })
}

fn result(locator: &Locator, source: &SourceFile, diagnostic: &Diagnostic) -> Value {
    let rule_index = RULES.iter().position(|r| r.id == diagnostic.rule);
    let mut result = json!({
        "ruleId": diagnostic.rule,
        "level": level(diagnostic.severity),
        "message": { "text": sarif_message(diagnostic) },
        "locations": [{
            "physicalLocation": physical_location(locator, source, &diagnostic.primary.range),
        }],
    });
    if let Some(index) = rule_index {
        result["ruleIndex"] = json!(index);
    }
    let same_file = diagnostic.secondary.iter().map(|label| {
        (
            physical_location(locator, source, &label.range),
            &label.message,
        )
    });
    let other_places = diagnostic.related.iter().map(|related| {
        let location = json!({
            "artifactLocation": locator.artifact_location(&related.path),
            "region": {
                "startLine": related.start.0 + 1,
                "startColumn": related.start.1 + 1,
                "endLine": related.end.0 + 1,
                "endColumn": related.end.1 + 1,
            }
        });
        (location, &related.message)
    });
    let related: Vec<Value> = same_file
        .chain(other_places)
        .enumerate()
        .map(|(id, (location, message))| {
            json!({
                "id": id,
                "physicalLocation": location,
                "message": { "text": message },
            })
        })
        .collect();
    if !related.is_empty() {
        result["relatedLocations"] = json!(related);
    }
    if let Some(fix) = &diagnostic.fix {
        result["fixes"] = json!([sarif_fix(locator, source, fix)]);
    }
    result
}

/// A fix as SARIF's `fix`: one artifact change of the finding's file, each
/// edit a replacement of a region (lines and UTF-16 columns, and the byte
/// offsets on disk, after any byte-order mark) by the inserted text.
/// SARIF has no applicability: the description says it, and an unsafe or
/// display-only fix is for a person to review.
fn sarif_fix(locator: &Locator, source: &SourceFile, fix: &crate::diagnostic::Fix) -> Value {
    let replacements: Vec<Value> = fix
        .edits
        .iter()
        .map(|edit| {
            let region = &physical_location(locator, source, &edit.range)["region"];
            let mut deleted = region.clone();
            deleted["byteOffset"] = json!(source.bom_len + edit.range.start);
            deleted["byteLength"] = json!(edit.range.len());
            json!({
                "deletedRegion": deleted,
                "insertedContent": { "text": edit.content },
            })
        })
        .collect();
    json!({
        "description": {
            "text": format!("{} ({})", fix.title, super::applicability_phrase(fix.applicability)),
        },
        "artifactChanges": [{
            "artifactLocation": locator.artifact_location(&source.display),
            "replacements": replacements,
        }],
    })
}

/// Code review shows only this text, so it carries the evidence and the advice too.
fn sarif_message(diagnostic: &Diagnostic) -> String {
    let help = format!("Help: {}", diagnostic.help);
    super::sentences(
        std::iter::once(diagnostic.message.as_str())
            .chain(diagnostic.note.as_deref())
            .chain([help.as_str()]),
    )
}

fn physical_location(
    locator: &Locator,
    source: &SourceFile,
    range: &std::ops::Range<usize>,
) -> Value {
    let (start_line, start_col) = source.line_col_utf16(range.start);
    let (end_line, end_col) = source.line_col_utf16(range.end);
    json!({
        "artifactLocation": locator.artifact_location(&source.display),
        "region": {
            "startLine": start_line + 1,
            "startColumn": start_col + 1,
            "endLine": end_line + 1,
            "endColumn": end_col + 1,
        }
    })
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Hint => "note",
    }
}

/// Locations relative to the project root (see `workspace::ProjectPaths`).
#[derive(Clone)]
struct Locator(ProjectPaths);

impl Locator {
    fn new(cwd: &Path, root: &Path) -> Locator {
        Locator(ProjectPaths::new(cwd, root))
    }

    /// Paths in the project are relative to `%SRCROOT%`; others (checked
    /// by absolute path from elsewhere) are absolute file URIs.
    fn artifact_location(&self, display: &str) -> Value {
        if let Some(relative) = self.0.relative(display) {
            return json!({ "uri": relative_uri(&relative), "uriBaseId": SRCROOT });
        }
        match url::Url::from_file_path(self.0.absolute(display)) {
            Ok(uri) => json!({ "uri": uri.to_string() }),
            Err(()) => json!({ "uri": relative_uri(display), "uriBaseId": SRCROOT }),
        }
    }
}

/// A display path as a relative URI reference: each segment percent-encoded.
fn relative_uri(display: &str) -> String {
    display
        .split('/')
        .map(|segment| url::form_urlencoded::byte_serialize(segment.as_bytes()).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
        .replace('+', "%20")
}

/// `file:///abs/dir/`, with the trailing slash SARIF requires of a base.
fn directory_uri(dir: &Path) -> Option<String> {
    let absolute = std::path::absolute(dir).ok()?;
    url::Url::from_directory_path(absolute)
        .ok()
        .map(|u| u.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_uris_are_percent_encoded_per_segment() {
        assert_eq!(
            relative_uri("ios/My App/Store.swift"),
            "ios/My%20App/Store.swift"
        );
        assert_eq!(relative_uri("a+b/c#d.sql"), "a%2Bb/c%23d.sql");
    }
}
