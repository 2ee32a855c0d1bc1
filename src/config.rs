//! Configuration: `storlint.toml` (or `.storlint.toml`), found upward from
//! where the run starts, merged with the command line into the settings a
//! run uses.
//!
//! Precedence is command-line flags, then the file, then the defaults. Rule
//! selection is resolved layer by layer (the file, then the flags): a
//! layer's `select` replaces what came before, its `extend-select` adds, its
//! `ignore` removes. Globs are relative to the configuration file's
//! directory (the working directory for globs given on the command line).
//!
//! Selection, per-file ignores and severities rewrite the report after
//! linting; `exclude` and `test-paths` reach the pipeline through
//! `Options`, so excluded files are never read and test files are not
//! reported.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use globset::{Candidate, GlobBuilder, GlobSet, GlobSetBuilder};
use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::Severity;
use crate::rules::{self, RULES};
use crate::{Report, UnusedIgnore};

/// The names a configuration file may have, in the order they are looked
/// for in each directory.
pub const FILE_NAMES: &[&str] = &["storlint.toml", ".storlint.toml"];

/// Every key a configuration file may hold.
const KEYS: &[&str] = &[
    "select",
    "ignore",
    "extend-select",
    "exclude",
    "extend-exclude",
    "per-file-ignores",
    "include-tests",
    "test-paths",
    "report-unused-ignores",
    "severity",
];

/// A configuration file that cannot be used: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file, as shown to the user.
    pub path: String,
    /// 1-based line and column, when the problem has a position.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.position {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.path, self.message),
            None => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The file as written; unknown keys are rejected before this is read, so
/// the error can name the closest known key.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct RawConfig {
    select: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    ignore: Vec<Spanned<String>>,
    #[serde(default)]
    extend_select: Vec<Spanned<String>>,
    exclude: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    extend_exclude: Vec<Spanned<String>>,
    #[serde(default)]
    per_file_ignores: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    include_tests: Option<bool>,
    #[serde(default)]
    test_paths: Vec<Spanned<String>>,
    report_unused_ignores: Option<bool>,
    #[serde(default)]
    severity: BTreeMap<Spanned<String>, Severity>,
}

/// One configuration file, checked: every rule id is known, every glob
/// compiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The file it was read from.
    pub path: PathBuf,
    pub select: Option<Vec<&'static str>>,
    pub ignore: Vec<&'static str>,
    pub extend_select: Vec<&'static str>,
    pub exclude: Option<Vec<String>>,
    pub extend_exclude: Vec<String>,
    /// Glob -> the rules not reported in the files it matches.
    pub per_file_ignores: Vec<(String, Vec<&'static str>)>,
    pub include_tests: Option<bool>,
    pub test_paths: Vec<String>,
    pub report_unused_ignores: Option<bool>,
    pub severity: BTreeMap<&'static str, Severity>,
}

impl Config {
    /// The directory the file's globs are relative to.
    pub fn base(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new(""))
    }
}

/// The configuration file for a run starting in `start`: the first
/// `storlint.toml` or `.storlint.toml` in `start` or a directory above it.
pub fn find(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|dir| {
        FILE_NAMES
            .iter()
            .map(|name| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// Reads and checks the configuration file at `path`.
pub fn load(path: &Path) -> Result<Config, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
        path: path.display().to_string(),
        position: None,
        message: format!("cannot be read: {e}"),
    })?;
    parse(&text, path)
}

/// Checks `text`, the content of the configuration file at `path`.
pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
    let error_at = |offset: Option<usize>, message: String| ConfigError {
        path: path.display().to_string(),
        position: offset.map(|o| line_col(text, o)),
        message,
    };
    let table = toml::de::DeTable::parse(text).map_err(|e| {
        error_at(
            e.span().map(|s| s.start),
            format!("invalid TOML: {}", one_line(e.message())),
        )
    })?;
    for (key, _) in table.get_ref() {
        if !KEYS.contains(&key.get_ref().as_ref()) {
            let message = match closest(key.get_ref(), KEYS.iter().copied()) {
                Some(known) => format!("unknown key `{}`; did you mean `{known}`?", key.get_ref()),
                None => format!(
                    "unknown key `{}`; the keys are: {}",
                    key.get_ref(),
                    KEYS.join(", ")
                ),
            };
            return Err(error_at(Some(key.span().start), message));
        }
    }
    // Which key a type error is under, to name it: the last one written
    // before it (a table's span is its header only, not its entries).
    let key_at = |offset: usize| {
        table
            .get_ref()
            .keys()
            .filter(|key| key.span().start <= offset)
            .max_by_key(|key| key.span().start)
            .map(|key| key.get_ref().to_string())
    };
    let raw = RawConfig::deserialize(toml::de::Deserializer::from(table.clone())).map_err(|e| {
        let offset = e.span().map(|s| s.start);
        let message = one_line(e.message());
        match offset.and_then(key_at) {
            Some(key) => error_at(offset, format!("`{key}`: {message}")),
            None => error_at(offset, message),
        }
    })?;
    let rule = |id: &Spanned<String>, key: &str| -> Result<&'static str, ConfigError> {
        known_rule(id.get_ref())
            .map_err(|message| error_at(Some(id.span().start), format!("`{key}`: {message}")))
    };
    let rules_of = |ids: &[Spanned<String>], key: &str| -> Result<Vec<&'static str>, ConfigError> {
        ids.iter().map(|id| rule(id, key)).collect()
    };
    let checked_glob = |g: &Spanned<String>, key: &str| -> Result<String, ConfigError> {
        glob(g.get_ref()).map(|_| g.get_ref().clone()).map_err(|e| {
            error_at(
                Some(g.span().start),
                format!("`{key}`: invalid glob: {}", e.kind()),
            )
        })
    };
    let globs_of = |globs: &[Spanned<String>], key: &str| -> Result<Vec<String>, ConfigError> {
        globs.iter().map(|g| checked_glob(g, key)).collect()
    };
    let per_file_ignores = raw
        .per_file_ignores
        .iter()
        .map(|(pattern, ids)| {
            Ok((
                checked_glob(pattern, "per-file-ignores")?,
                rules_of(ids, "per-file-ignores")?,
            ))
        })
        .collect::<Result<_, ConfigError>>()?;
    let severity = raw
        .severity
        .iter()
        .map(|(id, level)| Ok((rule(id, "severity")?, *level)))
        .collect::<Result<_, ConfigError>>()?;
    Ok(Config {
        path: path.to_path_buf(),
        select: raw
            .select
            .as_deref()
            .map(|ids| rules_of(ids, "select"))
            .transpose()?,
        ignore: rules_of(&raw.ignore, "ignore")?,
        extend_select: rules_of(&raw.extend_select, "extend-select")?,
        exclude: raw
            .exclude
            .as_deref()
            .map(|globs| globs_of(globs, "exclude"))
            .transpose()?,
        extend_exclude: globs_of(&raw.extend_exclude, "extend-exclude")?,
        per_file_ignores,
        include_tests: raw.include_tests,
        test_paths: globs_of(&raw.test_paths, "test-paths")?,
        report_unused_ignores: raw.report_unused_ignores,
        severity,
    })
}

/// The rule named `id`, or why there is none (with the closest id).
fn known_rule(id: &str) -> Result<&'static str, String> {
    if let Some(rule) = rules::rule(id) {
        return Ok(rule.id);
    }
    Err(match crate::suppress::closest_rule(id) {
        Some(known) => format!("unknown rule `{id}`; did you mean `{known}`?"),
        None => {
            let ids: Vec<&str> = RULES.iter().map(|r| r.id).collect();
            format!("unknown rule `{id}`; the rules are: {}", ids.join(", "))
        }
    })
}

/// The known word within a few edits of `word`.
fn closest<'k>(word: &str, known: impl Iterator<Item = &'k str>) -> Option<&'k str> {
    let word = word.to_lowercase().replace('_', "-");
    let (distance, best) = known
        .map(|k| (crate::suppress::edit_distance(&word, k), k))
        .min()?;
    (distance <= 3 && distance * 3 <= word.len().max(best.len())).then_some(best)
}

/// toml's messages may span lines (a snippet, then what was expected);
/// the error is shown as one line after its position.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// A configuration glob: one without a `/` (but for a trailing one) matches
/// a file or directory name at any depth, as in `.gitignore`; one with a `/`
/// is anchored at its base directory. `*` stays within one name, `**`
/// crosses directories.
fn glob(pattern: &str) -> Result<globset::Glob, globset::Error> {
    let trimmed = pattern.trim_end_matches('/');
    let trimmed = trimmed.strip_prefix("./").unwrap_or(trimmed);
    let text = if trimmed.contains('/') {
        trimmed.trim_start_matches('/').to_string()
    } else {
        format!("**/{trimmed}")
    };
    GlobBuilder::new(&text).literal_separator(true).build()
}

/// Globs of paths, each group relative to its own base directory. A path
/// matches a glob when it or a directory above it (below the base) does,
/// so excluding a directory excludes what it holds.
#[derive(Debug, Clone, Default)]
pub struct PathMatcher {
    /// What relative paths are relative to.
    cwd: PathBuf,
    groups: Vec<GlobGroup>,
}

#[derive(Debug, Clone)]
struct GlobGroup {
    /// Absolute, without `.` or `..`.
    base: PathBuf,
    patterns: Vec<String>,
    set: GlobSet,
}

impl PartialEq for PathMatcher {
    fn eq(&self, other: &PathMatcher) -> bool {
        self.cwd == other.cwd
            && self.groups.len() == other.groups.len()
            && self
                .groups
                .iter()
                .zip(&other.groups)
                .all(|(a, b)| a.base == b.base && a.patterns == b.patterns)
    }
}

impl Eq for PathMatcher {}

impl PathMatcher {
    /// A matcher with no globs, resolving relative paths against `cwd`.
    pub fn new(cwd: &Path) -> PathMatcher {
        PathMatcher {
            cwd: normalize(cwd),
            groups: Vec::new(),
        }
    }

    /// Adds `patterns`, relative to `base` (itself relative to the
    /// working directory when it is not absolute).
    pub fn add(&mut self, base: &Path, patterns: &[String]) -> Result<(), String> {
        if patterns.is_empty() {
            return Ok(());
        }
        let mut builder = GlobSetBuilder::new();
        for pattern in patterns {
            builder
                .add(glob(pattern).map_err(|e| format!("invalid glob `{pattern}`: {}", e.kind()))?);
        }
        let set = builder.build().map_err(|e| e.to_string())?;
        self.groups.push(GlobGroup {
            base: normalize(&self.cwd.join(base)),
            patterns: patterns.to_vec(),
            set,
        });
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Whether any glob matches `path` or a directory above it.
    pub fn matches(&self, path: &Path) -> bool {
        !self.is_empty() && !self.matching(path).is_empty()
    }

    /// The indices (over all groups, in the order added) of the globs that
    /// match `path` or a directory above it.
    pub fn matching(&self, path: &Path) -> Vec<usize> {
        let mut found = Vec::new();
        if self.is_empty() {
            return found;
        }
        let absolute = normalize(&self.cwd.join(path));
        let mut offset = 0;
        for group in &self.groups {
            if let Ok(relative) = absolute.strip_prefix(&group.base) {
                for prefix in relative.ancestors().filter(|p| !p.as_os_str().is_empty()) {
                    found.extend(
                        group
                            .set
                            .matches_candidate(&Candidate::new(prefix))
                            .into_iter()
                            .map(|i| i + offset),
                    );
                }
            }
            offset += group.patterns.len();
        }
        found.sort_unstable();
        found.dedup();
        found
    }
}

/// `path` without `.` components, with each `..` taking away the name
/// before it: lexically, so that paths spelled differently compare alike.
pub(crate) fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push(component);
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The directory the configuration search starts from: the deepest
/// directory holding every path to check (a file's own directory).
pub fn common_ancestor(paths: &[PathBuf], cwd: &Path) -> PathBuf {
    let mut dirs = paths.iter().map(|path| {
        let absolute = normalize(&cwd.join(path));
        if absolute.is_dir() {
            absolute
        } else {
            absolute.parent().map(Path::to_path_buf).unwrap_or(absolute)
        }
    });
    let Some(mut common) = dirs.next() else {
        return cwd.to_path_buf();
    };
    for dir in dirs {
        while !dir.starts_with(&common) {
            if !common.pop() {
                break;
            }
        }
    }
    common
}

/// Which rules a run reports, resolved from the defaults, the file and the
/// flags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    enabled: Vec<&'static str>,
}

impl Default for Selection {
    /// Every rule: none is off by default.
    fn default() -> Selection {
        Selection {
            enabled: RULES.iter().map(|r| r.id).collect(),
        }
    }
}

impl Selection {
    /// One layer over the selection so far: its `select` replaces it,
    /// `extend-select` adds to it, `ignore` removes from it.
    fn layer(
        &mut self,
        select: Option<&[&'static str]>,
        extend_select: &[&'static str],
        ignore: &[&'static str],
    ) {
        if let Some(select) = select {
            self.enabled = select.to_vec();
        }
        self.enabled.extend_from_slice(extend_select);
        self.enabled.retain(|id| !ignore.contains(id));
        // In the order of the rule list, once each.
        self.enabled = RULES
            .iter()
            .map(|r| r.id)
            .filter(|id| self.enabled.contains(id))
            .collect();
    }

    pub fn keeps(&self, rule: &str) -> bool {
        self.enabled.contains(&rule)
    }

    pub fn enabled(&self) -> &[&'static str] {
        &self.enabled
    }
}

/// What the command line says about configuration; it overrides the file.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    pub select: Option<Vec<String>>,
    pub ignore: Vec<String>,
    pub extend_select: Vec<String>,
    pub exclude: Option<Vec<String>>,
    pub extend_exclude: Vec<String>,
    /// `--include-tests`: only ever turns test code on.
    pub include_tests: bool,
    /// `--report-unused-ignores`: only ever turns the report on.
    pub report_unused_ignores: bool,
}

impl Overrides {
    /// The rule ids of one flag, checked.
    fn rules(ids: &[String], flag: &str) -> Result<Vec<&'static str>, String> {
        ids.iter()
            .map(|id| known_rule(id).map_err(|message| format!("`{flag}`: {message}")))
            .collect()
    }
}

/// The settings a run uses: the defaults, overridden by the file,
/// overridden by the flags.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The configuration file read, if any.
    pub file: Option<PathBuf>,
    pub selection: Selection,
    /// Exclude globs: each with the directory it is relative to.
    pub exclude: Vec<(String, PathBuf)>,
    pub per_file_ignores: Vec<(String, Vec<&'static str>)>,
    pub include_tests: bool,
    pub test_paths: Vec<String>,
    pub report_unused_ignores: bool,
    pub severity: BTreeMap<&'static str, Severity>,
    /// The directory the file's globs are relative to (the working
    /// directory without a file).
    pub base: PathBuf,
    cwd: PathBuf,
    /// Key -> where its value came from.
    origins: BTreeMap<&'static str, Vec<String>>,
    per_file: PathMatcher,
}

/// Where a key's value came from when nothing set it.
const DEFAULT: &str = "default";

impl Settings {
    /// Merges `file` (none with `--isolated` or when no file was found)
    /// and the command line, relative to the working directory `cwd`.
    pub fn resolve(
        file: Option<&Config>,
        overrides: &Overrides,
        cwd: &Path,
    ) -> Result<Settings, String> {
        let file_name = file.map(|c| crate::discover::display_path(&c.path, cwd));
        let base = normalize(&file.map_or_else(|| cwd.to_path_buf(), |c| cwd.join(c.base())));
        let mut origins: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
        let mut origin = |key: &'static str, from: String| {
            let sources = origins.entry(key).or_default();
            if !sources.contains(&from) {
                sources.push(from);
            }
        };

        let mut selection = Selection::default();
        let mut exclude = Vec::new();
        let mut include_tests = false;
        let mut report_unused_ignores = false;
        let mut per_file_ignores = Vec::new();
        let mut test_paths = Vec::new();
        let mut severity = BTreeMap::new();
        if let (Some(config), Some(name)) = (file, &file_name) {
            selection.layer(
                config.select.as_deref(),
                &config.extend_select,
                &config.ignore,
            );
            if config.select.is_some()
                || !config.extend_select.is_empty()
                || !config.ignore.is_empty()
            {
                origin("select", name.clone());
            }
            if let Some(globs) = &config.exclude {
                exclude = globs.iter().map(|g| (g.clone(), base.clone())).collect();
            }
            exclude.extend(
                config
                    .extend_exclude
                    .iter()
                    .map(|g| (g.clone(), base.clone())),
            );
            if config.exclude.is_some() || !config.extend_exclude.is_empty() {
                origin("exclude", name.clone());
            }
            if let Some(value) = config.include_tests {
                include_tests = value;
                origin("include-tests", name.clone());
            }
            if let Some(value) = config.report_unused_ignores {
                report_unused_ignores = value;
                origin("report-unused-ignores", name.clone());
            }
            per_file_ignores = config.per_file_ignores.clone();
            if !per_file_ignores.is_empty() {
                origin("per-file-ignores", name.clone());
            }
            test_paths = config.test_paths.clone();
            if !test_paths.is_empty() {
                origin("test-paths", name.clone());
            }
            severity = config.severity.clone();
            if !severity.is_empty() {
                origin("severity", name.clone());
            }
        }

        let select = overrides
            .select
            .as_deref()
            .map(|ids| Overrides::rules(ids, "--select"))
            .transpose()?;
        let extend_select = Overrides::rules(&overrides.extend_select, "--extend-select")?;
        let ignore = Overrides::rules(&overrides.ignore, "--ignore")?;
        selection.layer(select.as_deref(), &extend_select, &ignore);
        for (flag, used) in [
            ("--select", select.is_some()),
            ("--extend-select", !extend_select.is_empty()),
            ("--ignore", !ignore.is_empty()),
        ] {
            if used {
                origin("select", flag.to_string());
            }
        }
        if let Some(globs) = &overrides.exclude {
            exclude = globs
                .iter()
                .map(|g| (g.clone(), cwd.to_path_buf()))
                .collect();
            origin("exclude", "--exclude".to_string());
        }
        if !overrides.extend_exclude.is_empty() {
            exclude.extend(
                overrides
                    .extend_exclude
                    .iter()
                    .map(|g| (g.clone(), cwd.to_path_buf())),
            );
            origin("exclude", "--extend-exclude".to_string());
        }
        if overrides.include_tests {
            include_tests = true;
            origin("include-tests", "--include-tests".to_string());
        }
        if overrides.report_unused_ignores {
            report_unused_ignores = true;
            origin(
                "report-unused-ignores",
                "--report-unused-ignores".to_string(),
            );
        }

        let mut per_file = PathMatcher::new(cwd);
        let patterns: Vec<String> = per_file_ignores.iter().map(|(p, _)| p.clone()).collect();
        per_file.add(&base, &patterns)?;
        let settings = Settings {
            file: file.map(|c| c.path.clone()),
            selection,
            exclude,
            per_file_ignores,
            include_tests,
            test_paths,
            report_unused_ignores,
            severity,
            base,
            cwd: cwd.to_path_buf(),
            origins,
            per_file,
        };
        // Flag globs are checked here; the file's were checked on loading.
        settings.exclude_matcher()?;
        Ok(settings)
    }

    /// The exclude globs, compiled.
    pub fn exclude_matcher(&self) -> Result<PathMatcher, String> {
        let mut matcher = PathMatcher::new(&self.cwd);
        let mut start = 0;
        // Consecutive globs with one base form one group.
        while start < self.exclude.len() {
            let base = &self.exclude[start].1;
            let end = self.exclude[start..]
                .iter()
                .position(|(_, b)| b != base)
                .map_or(self.exclude.len(), |n| start + n);
            let patterns: Vec<String> = self.exclude[start..end]
                .iter()
                .map(|(p, _)| p.clone())
                .collect();
            matcher.add(base, &patterns)?;
            start = end;
        }
        Ok(matcher)
    }

    /// The `test-paths` globs, compiled.
    /// The options of a run these settings decide (which code is test
    /// code, which paths are excluded); the others keep their defaults.
    pub fn options(&self) -> Result<crate::Options, String> {
        Ok(crate::Options {
            include_tests: self.include_tests,
            test_paths: self.test_path_matcher()?,
            exclude: self.exclude_matcher()?,
            ..crate::Options::default()
        })
    }

    pub fn test_path_matcher(&self) -> Result<PathMatcher, String> {
        let mut matcher = PathMatcher::new(&self.cwd);
        matcher.add(&self.base, &self.test_paths)?;
        Ok(matcher)
    }

    /// The rules `per-file-ignores` turns off in the file at `path`.
    pub fn ignored_in(&self, path: &Path) -> Vec<&'static str> {
        self.per_file
            .matching(path)
            .into_iter()
            .flat_map(|i| self.per_file_ignores[i].1.iter().copied())
            .collect()
    }

    /// Applies selection, per-file ignores and severities to a finished
    /// report; returns how many findings the configuration hid.
    pub fn apply(&self, report: &mut Report) -> usize {
        let mut hidden = 0;
        for file in &mut report.files {
            let ignored = self.ignored_in(&file.source.path);
            let before = file.diagnostics.len();
            file.diagnostics
                .retain(|d| self.selection.keeps(d.rule) && !ignored.contains(&d.rule));
            hidden += before - file.diagnostics.len();
            for diagnostic in &mut file.diagnostics {
                if let Some(&severity) = self.severity.get(diagnostic.rule) {
                    diagnostic.severity = severity;
                }
            }
        }
        report.files.retain(|f| !f.diagnostics.is_empty());
        hidden
    }

    /// The unused `storlint-ignore` markers to report: none unless asked
    /// for, and of a marker only the rules this run checks (a marker for
    /// another rule may well be needed; one for every rule is judged only
    /// when every rule is checked).
    pub fn unused_ignores(&self, unused: Vec<UnusedIgnore>) -> Vec<UnusedIgnore> {
        if !self.report_unused_ignores {
            return Vec::new();
        }
        let every_rule = self.selection.enabled().len() == RULES.len();
        unused
            .into_iter()
            .filter_map(|mut marker| {
                if marker.rules.is_empty() {
                    return every_rule.then_some(marker);
                }
                marker.rules.retain(|rule| self.selection.keeps(rule));
                (!marker.rules.is_empty()).then_some(marker)
            })
            .collect()
    }

    /// The settings as a configuration file that would give the same run,
    /// each key with where its value came from.
    pub fn to_toml(&self) -> String {
        let origin = |key: &str| {
            self.origins
                .get(key)
                .map_or_else(|| DEFAULT.to_string(), |sources| sources.join(", "))
        };
        let strings = |items: &mut dyn Iterator<Item = &str>| {
            toml::Value::Array(items.map(|s| toml::Value::String(s.to_string())).collect())
                .to_string()
        };
        let mut out = String::from(
            "# The configuration in effect: the defaults, overridden by the file,\n\
             # overridden by the command line. `select` is the resolved rule set\n\
             # (`ignore` and `extend-select` are folded into it).\n",
        );
        match &self.file {
            Some(path) => out.push_str(&format!(
                "# file: {}\n",
                crate::discover::display_path(path, &self.cwd)
            )),
            None => out.push_str("# file: none\n"),
        }
        out.push_str(&format!(
            "# globs of the file are relative to: {}\n\n",
            self.base.display()
        ));
        out.push_str(&format!(
            "select = {}  # {}\n",
            strings(&mut self.selection.enabled().iter().copied()),
            origin("select")
        ));
        // Globs from the command line are relative to the working
        // directory; the ones kept in the file are relative to its own.
        let file_globs = self.exclude.iter().filter(|(_, b)| *b == self.base);
        let flag_globs: Vec<&str> = self
            .exclude
            .iter()
            .filter(|(_, b)| *b != self.base)
            .map(|(g, _)| g.as_str())
            .collect();
        out.push_str(&format!(
            "exclude = {}  # {}\n",
            strings(&mut file_globs.map(|(g, _)| g.as_str())),
            origin("exclude")
        ));
        if !flag_globs.is_empty() {
            out.push_str(&format!(
                "# also excluded, relative to {}: {}\n",
                self.cwd.display(),
                strings(&mut flag_globs.into_iter())
            ));
        }
        out.push_str(&format!(
            "include-tests = {}  # {}\n",
            self.include_tests,
            origin("include-tests")
        ));
        out.push_str(&format!(
            "test-paths = {}  # {}\n",
            strings(&mut self.test_paths.iter().map(String::as_str)),
            origin("test-paths")
        ));
        out.push_str(&format!(
            "report-unused-ignores = {}  # {}\n",
            self.report_unused_ignores,
            origin("report-unused-ignores")
        ));
        out.push_str(&format!(
            "\n[per-file-ignores]  # {}\n",
            origin("per-file-ignores")
        ));
        for (pattern, ids) in &self.per_file_ignores {
            out.push_str(&format!(
                "{} = {}\n",
                toml::Value::String(pattern.clone()),
                strings(&mut ids.iter().copied())
            ));
        }
        out.push_str(&format!("\n[severity]  # {}\n", origin("severity")));
        for (id, severity) in &self.severity {
            out.push_str(&format!("{id} = \"{}\"\n", severity.name()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Config, ConfigError> {
        parse(text, Path::new("proj/storlint.toml"))
    }

    fn error(text: &str) -> String {
        parsed(text).unwrap_err().to_string()
    }

    #[test]
    fn every_key_is_read() {
        let config = parsed(
            "select = [\"full-vacuum\", \"missing-wal\"]\n\
             ignore = [\"missing-wal\"]\n\
             extend-select = [\"prefs-commit\"]\n\
             exclude = [\"generated\"]\n\
             extend-exclude = [\"vendor/**\"]\n\
             include-tests = true\n\
             test-paths = [\"fixtures/**\"]\n\
             [per-file-ignores]\n\
             \"migrations/**\" = [\"full-vacuum\"]\n\
             [severity]\n\
             full-vacuum = \"error\"\n",
        )
        .unwrap();
        assert_eq!(config.select, Some(vec!["full-vacuum", "missing-wal"]));
        assert_eq!(config.ignore, ["missing-wal"]);
        assert_eq!(config.extend_select, ["prefs-commit"]);
        assert_eq!(config.exclude, Some(vec!["generated".to_string()]));
        assert_eq!(config.extend_exclude, ["vendor/**"]);
        assert_eq!(config.include_tests, Some(true));
        assert_eq!(config.test_paths, ["fixtures/**"]);
        assert_eq!(
            config.per_file_ignores,
            [("migrations/**".to_string(), vec!["full-vacuum"])]
        );
        assert_eq!(config.severity.get("full-vacuum"), Some(&Severity::Error));
        assert_eq!(config.base(), Path::new("proj"));
    }

    #[test]
    fn an_empty_file_is_the_defaults() {
        let config = parsed("# nothing yet\n").unwrap();
        assert_eq!(config.select, None);
        assert!(config.ignore.is_empty() && config.severity.is_empty());
    }

    #[test]
    fn an_unknown_key_names_the_closest_known_one_at_its_line_and_column() {
        assert_eq!(
            error("select = []\n  extend-selct = [\"full-vacuum\"]\n"),
            "proj/storlint.toml:2:3: unknown key `extend-selct`; did you mean `extend-select`?"
        );
        assert_eq!(
            error("include_tests = true\n"),
            "proj/storlint.toml:1:1: unknown key `include_tests`; did you mean `include-tests`?"
        );
        let far = error("colour = \"red\"\n");
        assert!(
            far.starts_with(
                "proj/storlint.toml:1:1: unknown key `colour`; the keys are: select, ignore"
            ),
            "{far}"
        );
    }

    #[test]
    fn an_unknown_rule_id_is_an_error_wherever_it_appears() {
        for (text, position, key) in [
            ("select = [\"full-vacum\"]\n", "1:11", "select"),
            (
                "ignore = [\"missing-wal\", \"full-vacum\"]\n",
                "1:26",
                "ignore",
            ),
            (
                "extend-select = [\"full-vacum\"]\n",
                "1:18",
                "extend-select",
            ),
            (
                "[per-file-ignores]\n\"a/**\" = [\"full-vacum\"]\n",
                "2:11",
                "per-file-ignores",
            ),
            ("[severity]\nfull-vacum = \"error\"\n", "2:1", "severity"),
        ] {
            assert_eq!(
                error(text),
                format!("proj/storlint.toml:{position}: `{key}`: unknown rule `full-vacum`; did you mean `full-vacuum`?"),
                "{text}"
            );
        }
        let far = error("select = [\"everything\"]\n");
        assert!(
            far.contains("unknown rule `everything`; the rules are: auto-vacuum-full,"),
            "{far}"
        );
    }

    #[test]
    fn type_and_syntax_errors_say_where_and_what() {
        let wrong_type = error("select = \"full-vacuum\"\n");
        assert!(
            wrong_type.starts_with("proj/storlint.toml:1:10: `select`: invalid type: string"),
            "{wrong_type}"
        );
        let wrong_level = error("[severity]\nfull-vacuum = \"fatal\"\n");
        assert!(
            wrong_level.starts_with("proj/storlint.toml:2:15: `severity`: unknown variant `fatal`"),
            "{wrong_level}"
        );
        let syntax = error("select = [\"full-vacuum\"\n\nignore = 3\n");
        assert!(
            syntax.starts_with("proj/storlint.toml:3:1: invalid TOML:"),
            "{syntax}"
        );
        assert!(!syntax.contains('\n'), "{syntax}");
        let bad_glob = error("exclude = [\"gen/[a\"]\n");
        assert!(
            bad_glob.starts_with("proj/storlint.toml:1:12: `exclude`: invalid glob"),
            "{bad_glob}"
        );
    }

    #[test]
    fn line_and_column_count_characters() {
        assert_eq!(line_col("ab\ncé\nx", 0), (1, 1));
        assert_eq!(line_col("ab\ncé\nx", 3), (2, 1));
        assert_eq!(line_col("ab\ncé\nx", 7), (3, 1));
        assert_eq!(line_col("ab\ncé\nx", 6), (2, 3));
    }

    #[test]
    fn globs_match_relative_to_their_base_and_cover_what_a_directory_holds() {
        let cwd = Path::new("/work/proj/app");
        let mut matcher = PathMatcher::new(cwd);
        matcher
            .add(
                Path::new(".."),
                &[
                    "generated".to_string(),
                    "app/src/legacy/*.kt".to_string(),
                    "/Schema.sql".to_string(),
                    "**/*Fake.swift".to_string(),
                ],
            )
            .unwrap();
        // A name without `/` matches at any depth, a file or a directory.
        assert_eq!(matcher.matching(Path::new("generated/Db.kt")), [0]);
        assert_eq!(
            matcher.matching(Path::new("/work/proj/lib/generated/x/Db.kt")),
            [0]
        );
        // A glob with `/` is anchored at the base; `*` stays in one name.
        assert_eq!(matcher.matching(Path::new("src/legacy/Old.kt")), [1]);
        assert!(matcher
            .matching(Path::new("src/legacy/deeper/Old.kt"))
            .is_empty());
        assert!(matcher
            .matching(Path::new("/work/proj/lib/src/legacy/Old.kt"))
            .is_empty());
        assert_eq!(matcher.matching(Path::new("../Schema.sql")), [2]);
        assert!(matcher.matching(Path::new("db/Schema.sql")).is_empty());
        assert_eq!(matcher.matching(Path::new("./ui/StoreFake.swift")), [3]);
        // Outside the base, nothing matches.
        assert!(!matcher.matches(Path::new("/elsewhere/generated/Db.kt")));
        assert!(!PathMatcher::new(cwd).matches(Path::new("generated/Db.kt")));
    }

    #[test]
    fn the_search_starts_at_the_common_ancestor_and_goes_up() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("a/b/c")).unwrap();
        std::fs::create_dir_all(root.join("a/d")).unwrap();
        std::fs::write(root.join("a/d/x.kt"), "").unwrap();
        assert_eq!(
            common_ancestor(&[PathBuf::from("a/b/c"), PathBuf::from("a/d/x.kt")], root),
            root.join("a")
        );
        assert_eq!(common_ancestor(&[], root), root);
        std::fs::write(root.join(".storlint.toml"), "").unwrap();
        assert_eq!(find(&root.join("a/b/c")), Some(root.join(".storlint.toml")));
        std::fs::write(root.join("a/storlint.toml"), "").unwrap();
        assert_eq!(
            find(&root.join("a/b/c")),
            Some(root.join("a/storlint.toml"))
        );
    }

    fn ids(selection: &Selection) -> Vec<&str> {
        selection.enabled().to_vec()
    }

    #[test]
    fn flags_override_the_file_layer_by_layer() {
        let config = parsed(
            "select = [\"full-vacuum\", \"missing-wal\"]\nignore = [\"missing-wal\"]\nextend-select = [\"prefs-commit\"]\n",
        )
        .unwrap();
        let cwd = Path::new("/work");
        let resolve =
            |overrides: Overrides| Settings::resolve(Some(&config), &overrides, cwd).unwrap();
        assert_eq!(
            ids(&resolve(Overrides::default()).selection),
            ["full-vacuum", "prefs-commit"]
        );
        let extended = resolve(Overrides {
            extend_select: vec!["missing-wal".to_string()],
            ..Overrides::default()
        });
        assert_eq!(
            ids(&extended.selection),
            ["full-vacuum", "missing-wal", "prefs-commit"]
        );
        let selected = resolve(Overrides {
            select: Some(vec!["autoincrement".to_string()]),
            ..Overrides::default()
        });
        assert_eq!(ids(&selected.selection), ["autoincrement"]);
        let isolated = Settings::resolve(None, &Overrides::default(), cwd).unwrap();
        assert_eq!(isolated.selection.enabled().len(), RULES.len());
        let unknown = Settings::resolve(
            None,
            &Overrides {
                ignore: vec!["full-vacum".to_string()],
                ..Overrides::default()
            },
            cwd,
        )
        .unwrap_err();
        assert_eq!(
            unknown,
            "`--ignore`: unknown rule `full-vacum`; did you mean `full-vacuum`?"
        );
    }

    #[test]
    fn the_effective_configuration_reads_back_as_the_same_settings() {
        let config = parsed(
            "ignore = [\"missing-wal\"]\nexclude = [\"gen\"]\ntest-paths = [\"fixtures/**\"]\n\
             [per-file-ignores]\n\"db/*.sql\" = [\"full-vacuum\"]\n[severity]\nautoincrement = \"hint\"\n",
        )
        .unwrap();
        let cwd = Path::new("/work");
        let settings = Settings::resolve(Some(&config), &Overrides::default(), cwd).unwrap();
        let printed = settings.to_toml();
        assert!(
            printed.contains("# file: proj/storlint.toml\n"),
            "{printed}"
        );
        assert!(
            printed.contains("include-tests = false  # default\n"),
            "{printed}"
        );
        let again = parse(&printed, Path::new("proj/storlint.toml")).unwrap();
        let settings_again = Settings::resolve(Some(&again), &Overrides::default(), cwd).unwrap();
        assert_eq!(settings_again.selection, settings.selection);
        assert_eq!(settings_again.exclude, settings.exclude);
        assert_eq!(settings_again.per_file_ignores, settings.per_file_ignores);
        assert_eq!(settings_again.test_paths, settings.test_paths);
        assert_eq!(settings_again.severity, settings.severity);
    }

    #[test]
    fn the_readme_example_loads() {
        let readme = include_str!("../README.md");
        let section = readme
            .split("\n## Configuration")
            .nth(1)
            .expect("the README has a Configuration section");
        let example = section
            .split("```toml\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .expect("the Configuration section has a TOML example");
        let config = parse(example, Path::new("storlint.toml")).unwrap();
        assert!(config.select.is_some() || !config.ignore.is_empty());
        assert!(!config.per_file_ignores.is_empty() && !config.severity.is_empty());
    }
}
