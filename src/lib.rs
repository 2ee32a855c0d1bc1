//! storlint: finds storage anti-patterns in Rust, Swift, Kotlin and SQL.
//!
//! The pipeline, one plain function per stage:
//! discover -> read + prefilter -> parse and lower -> classify -> SQL facts -> rules.

pub mod add_ignore;
pub mod baseline;
pub mod cache;
pub mod catalog;
pub mod config;
pub mod connections;
pub mod context;
pub mod diagnostic;
pub mod discover;
pub mod facts;
pub mod fix;
pub mod iteration;
pub mod lang;
pub mod model;
pub mod prefilter;
pub mod project;
pub mod render;
pub mod rules;
pub mod server;
pub mod source;
pub mod sql_facts;
pub mod suppress;
pub mod types;
pub mod value_use;
pub mod workspace;
pub mod write;

use foldhash::{HashSet, HashSetExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

pub use crate::context::Options;
use crate::context::TestCode;
use crate::diagnostic::Diagnostic;
use crate::discover::{DiscoverError, Discovered};
use crate::prefilter::{Hit, Identifiers, UnparsedDeclarations};
use crate::project::{FileSummary, Project, ProjectFile};
use crate::rules::{FileContext, RULES};
use crate::source::SourceFile;
use crate::suppress::Suppressions;

/// Files nested deeper than this are reported and skipped: the parsers
/// recurse once per level and real code never comes close.
pub const MAX_NESTING: usize = 1000;

/// Parsing recurses; these threads give it room well beyond `MAX_NESTING`.
const PARSER_STACK_BYTES: usize = 64 * 1024 * 1024;

/// A file that could not be checked, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileProblem {
    pub path: String,
    pub message: String,
    /// 1-based line and column, when the problem has a position.
    pub position: Option<(usize, usize)>,
}

impl std::fmt::Display for FileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.position {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.path, self.message),
            None => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

/// A `storlint-ignore` marker that suppressed nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnusedIgnore {
    pub path: String,
    /// 1-based line and column of the marker.
    pub position: (usize, usize),
    /// The rules it names that had no finding there; empty for a marker
    /// naming every rule.
    pub rules: Vec<String>,
}

impl std::fmt::Display for UnusedIgnore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (line, column) = self.position;
        if self.rules.is_empty() {
            write!(
                f,
                "{}:{line}:{column}: `storlint-ignore` suppresses nothing: no finding here",
                self.path
            )
        } else {
            write!(
                f,
                "{}:{line}:{column}: `storlint-ignore {}` suppresses nothing: no such finding here",
                self.path,
                self.rules.join(", ")
            )
        }
    }
}

/// A checked file that has findings, kept with its text for rendering.
#[derive(Debug)]
pub struct CheckedFile {
    pub source: SourceFile,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Debug, Default)]
pub struct Report {
    pub files: Vec<CheckedFile>,
    /// Paths that could not be read, walked or parsed; the run went on
    /// without them.
    pub problems: Vec<FileProblem>,
    /// `storlint-ignore` comments that name an unknown rule or marker, or
    /// hold prose where rule ids belong: they suppress nothing.
    pub suppression_warnings: Vec<FileProblem>,
    pub checked: usize,
    /// Files the prefilter skipped: no word any rule cares about.
    pub skipped: usize,
    /// Test files not checked (`Options::include_tests` checks them).
    pub test_files: usize,
    /// `storlint-ignore` markers that suppressed nothing, in files with and
    /// without findings.
    pub unused_ignores: Vec<UnusedIgnore>,
    /// How many files and bytes each stage saw.
    pub statistics: Statistics,
    /// Directories of build output not walked (`discover`'s rules).
    pub build_dirs_skipped: usize,
    /// Findings left out of the report, and what left them out.
    pub hidden: Hidden,
    /// Why the analysis cache could not be used, when it could not: the run
    /// went on without it.
    pub cache_problem: Option<String>,
    /// The run was stopped through `Options::cancel`: the report is partial.
    pub cancelled: bool,
}

/// Findings found and not reported, counted so the summary can say which
/// flag shows them.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hidden {
    /// By the configuration file's rule selection and per-file ignores.
    pub by_configuration: usize,
    /// By the entries of `--baseline`.
    pub by_baseline: usize,
}

/// Files and bytes per stage of a run, to show what the prefilter saves.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Statistics {
    pub discovered: Tally,
    /// Test code, not read.
    pub test_code: Tally,
    /// Read and scanned for words.
    pub read: Tally,
    /// Let through by the catalog's words: parsed.
    pub storage_words: Tally,
    /// Let through later because they call the project's storage functions.
    pub calls_storage_functions: Tally,
    /// Let through later because they declare a function of a name that
    /// matters (or one a loop waits on) and use none: parsed with their
    /// function bodies blanked (but the searched ones' and what they call).
    pub declarations_only: Tally,
    /// Of the files let through later, those parsed with some function
    /// bodies blanked, and the bytes blanked: not parsed.
    pub blanked: Tally,
    /// Of the files parsed, the Rust ones with test items (`#[cfg(test)]
    /// mod tests`, `#[test] fn`), and the bytes of those items' bodies:
    /// not parsed.
    pub test_items: Tally,
    /// Of the files let through, those whose analysis the cache held: not parsed.
    pub cached: Tally,
    /// The time spent on files (reading, scanning, parsing, the file
    /// rules, the summaries), summed over the threads that did it.
    pub file_stage: Duration,
    /// Of `file_stage`, the time in the syntax parsers (tree-sitter, syn).
    pub parsing: Duration,
    /// The time spent building the project's call graph and summaries,
    /// choosing the later passes' words and running the project rules (on
    /// one thread, between the file stage's parallel passes).
    pub project_stage: Duration,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub files: usize,
    pub bytes: u64,
}

impl Tally {
    fn add(&mut self, bytes: u64) {
        self.files += 1;
        self.bytes += bytes;
    }

    fn remove(&mut self, bytes: u64) {
        self.files -= 1;
        self.bytes -= bytes;
    }
}

impl Report {
    pub fn finding_count(&self) -> usize {
        self.files.iter().map(|f| f.diagnostics.len()).sum()
    }
}

/// A file analysed with the function bodies blanked that cannot matter:
/// all of them when it joined for its declarations (`Hit::Declaration`),
/// all but the searched functions' (`Hit::Searched`), or, when it joined
/// for its calls (`Hit::Use`), those that cannot reach the functions called.
struct Partial {
    file: (SourceFile, Analysis),
    /// The identifiers of the blanked bodies: a later pass whose names
    /// they use parses the file whole.
    unparsed: Identifiers,
    unparsed_bytes: u64,
    /// Joined for its calls, not for its declarations alone.
    for_calls: bool,
}

/// A file read and not parsed: its identifiers answer the later passes.
struct NotParsed<'a> {
    found: &'a Discovered,
    reported: bool,
    bytes: u64,
    identifiers: Identifiers,
}

/// What a later pass parses: a file not parsed yet, by its index in the
/// files not parsed, with how its identifiers hold the pass's words; or a
/// file parsed in part, by its index in those, to be parsed whole.
#[derive(Clone, Copy)]
enum LaterParse {
    Joining(usize, Option<Hit>),
    Whole(usize),
}

/// A file of the project analysed in part (`Partial`), by its index in
/// the files analysed, with its identifiers: a later pass that finds it
/// using a name in what was blanked parses it whole.
struct PartlyAnalysed<'a> {
    index: usize,
    found: &'a Discovered,
    identifiers: Identifiers,
    unparsed: Identifiers,
    unparsed_bytes: u64,
    for_calls: bool,
}

enum Outcome {
    Checked(Box<(SourceFile, Analysis)>),
    /// Analysed with some function bodies blanked.
    Partial(Box<Partial>),
    /// Read, and not worth parsing: its size in bytes, and its identifiers
    /// for the later passes.
    Skipped(u64, Identifiers),
    TestCode,
    Failed(FileProblem),
}

/// What the file stage learns of one file: its own findings, and the small
/// facts the project stage joins. What `cache` keeps.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Analysis {
    pub diagnostics: Vec<Diagnostic>,
    pub summary: FileSummary,
    /// The file's test code that is not reported (none when tests are included).
    pub excluded: TestCode,
    /// The file's `storlint-ignore` comments, applied once the project
    /// stage has added its findings.
    pub suppressions: Suppressions,
    /// Read back from the analysis cache rather than parsed in this run.
    #[serde(skip)]
    pub from_cache: bool,
}

/// One file checked on its own: its findings, and the warnings about its
/// `storlint-ignore` comments.
#[derive(Debug)]
pub struct SourceCheck {
    pub diagnostics: Vec<Diagnostic>,
    pub warnings: Vec<FileProblem>,
}

/// Discovers and checks every file under `paths`, in parallel, with the
/// default options (test code not reported).
pub fn lint_paths(paths: &[PathBuf], cwd: &Path) -> Result<Report, DiscoverError> {
    lint_paths_with(paths, cwd, &Options::default())
}

/// Discovers and checks every file under `paths`, in parallel: the paths
/// are the project.
pub fn lint_paths_with(
    paths: &[PathBuf],
    cwd: &Path,
    options: &Options,
) -> Result<Report, DiscoverError> {
    let (cache, cache_problem) = open_cache(options);
    let cache = cache.as_ref();
    // Each file is read on the pool as the walk finds it: the walk waits
    // on the file system more than it computes, and the reading fills the
    // time.
    let first_reading = |found: &Discovered| first_reading_timed(found, options, cache);
    with_parser_threads(|| {
        let (discovery, read) =
            discover::discover_reading(paths, cwd, &options.exclude, &first_reading)?;
        let reported = vec![true; discovery.files.len()];
        let first = FirstReading {
            read: Some(read),
            cache,
            cache_problem,
        };
        Ok(lint_discovered_in_pool(
            discovery, first, &reported, options,
        ))
    })
}

/// A discovered file read for the catalog's words, on a thread of the
/// parser pool: its time is added to the thread's, which the next
/// `file_pass` takes.
fn first_reading_timed(
    found: &Discovered,
    options: &Options,
    cache: Option<&cache::Cache>,
) -> Read {
    in_file_stage(|| read_discovered(found, options, Filter::StorageWords, cache))
}

/// `work`, its time added to this thread's `FILE_STAGE_TIME`.
fn in_file_stage<R>(work: impl FnOnce() -> R) -> R {
    let started = Instant::now();
    let result = work();
    FILE_STAGE_TIME.with(|time| time.set(time.get() + started.elapsed()));
    result
}

/// The analysis cache `options` name, or why it cannot be used.
fn open_cache(options: &Options) -> (Option<cache::Cache>, Option<String>) {
    match &options.cache_dir {
        Some(dir) => match cache::Cache::open(dir, options.include_tests) {
            Ok(cache) => (Some(cache), None),
            Err(problem) => (None, Some(problem)),
        },
        None => (None, None),
    }
}

/// What the run knows of its files before the parser pool starts.
struct FirstReading<'c> {
    /// Each discovered file's reading; None when the files are to be read
    /// on the pool.
    read: Option<Vec<Read>>,
    cache: Option<&'c cache::Cache>,
    cache_problem: Option<String>,
}

/// Checks the files under `paths` as part of the project at `root`: the
/// cross-file facts come from every file of the project, and the report
/// holds what `lint_paths_with(root)` reports for those files, nothing
/// else. A path outside the project is checked with it.
pub fn lint_project(
    root: &Path,
    paths: &[PathBuf],
    cwd: &Path,
    options: &Options,
) -> Result<Report, DiscoverError> {
    let (discovery, reported) = discover::discover_in_project(paths, root, cwd, &options.exclude)?;
    Ok(lint_discovered(discovery, &reported, options))
}

/// Checks `buffers`, unsaved texts standing for their files, in the
/// project at `root` (none: on their own): the report holds what a run over
/// the project would report for those files if they held those texts.
pub fn lint_buffers(
    buffers: Vec<discover::Buffer>,
    root: Option<&Path>,
    cwd: &Path,
    options: &Options,
) -> Result<Report, DiscoverError> {
    let (discovery, reported) = discover::discover_buffers(buffers, root, cwd, &options.exclude)?;
    Ok(lint_discovered(discovery, &reported, options))
}

/// The pipeline over discovered files; only the files `reported` marks
/// have their findings, problems and counts in the report.
fn lint_discovered(discovery: discover::Discovery, reported: &[bool], options: &Options) -> Report {
    let (cache, cache_problem) = open_cache(options);
    let first = FirstReading {
        read: None,
        cache: cache.as_ref(),
        cache_problem,
    };
    with_parser_threads(|| lint_discovered_in_pool(discovery, first, reported, options))
}

fn lint_discovered_in_pool(
    discovery: discover::Discovery,
    first: FirstReading,
    reported: &[bool],
    options: &Options,
) -> Report {
    let FirstReading {
        read,
        cache,
        cache_problem,
    } = first;
    let mut statistics = Statistics::default();
    let read = read.unwrap_or_else(|| {
        (discovery.files.par_iter())
            .map(|found| first_reading_timed(found, options, cache))
            .collect()
    });
    let outcomes: Vec<Outcome> = file_pass(&mut statistics, || {
        parse_largest_first(&discovery.files, read, options, cache)
    });
    let mut report = Report {
        problems: discovery.problems,
        build_dirs_skipped: discovery.build_dirs_skipped,
        cache_problem,
        statistics,
        ..Report::default()
    };
    let mut analysed = Vec::new();
    // Whether each analysed file is reported, by its index in `analysed`.
    let mut analysed_reported = Vec::new();
    let mut skipped = Vec::new();
    let statistics = &mut report.statistics;
    for ((found, outcome), &reported) in discovery.files.iter().zip(outcomes).zip(reported) {
        // The catalog's files are parsed whole: none comes back in part.
        let file = match outcome {
            Outcome::Checked(file) => *file,
            Outcome::Partial(partial) => partial.file,
            Outcome::Skipped(bytes, identifiers) => {
                statistics.discovered.add(bytes);
                statistics.read.add(bytes);
                skipped.push(NotParsed {
                    found,
                    reported,
                    bytes,
                    identifiers,
                });
                continue;
            }
            Outcome::TestCode => {
                // Not read: its size is only worth a system call when asked for.
                let bytes = if options.statistics {
                    std::fs::metadata(&found.path).map_or(0, |m| m.len())
                } else {
                    0
                };
                statistics.discovered.add(bytes);
                statistics.test_code.add(bytes);
                report.test_files += usize::from(reported);
                continue;
            }
            Outcome::Failed(problem) => {
                statistics.discovered.add(0);
                if reported {
                    report.problems.push(problem);
                }
                continue;
            }
        };
        let bytes = file.0.text.len() as u64;
        statistics.discovered.add(bytes);
        statistics.read.add(bytes);
        statistics.storage_words.add(bytes);
        analysed.push(file);
        analysed_reported.push(reported);
    }
    // Further passes: a file that names no storage API but calls the
    // project's own storage functions (a loop calling `repository.save`)
    // joins the project stage, and resolution decides what its calls reach;
    // so does one declaring what a writing loop's judgment depends on (a
    // request each iteration waits on, a function returning a `Result` it
    // iterates). A wrapper of a wrapper is found in the next pass; a few
    // passes cover the chains the project stage follows.
    const MAX_PASSES: usize = 6;
    const MAX_UNCOUNTED: usize = 2;
    let mut uncounted = 0;
    let mut searched: HashSet<Vec<String>> = HashSet::new();
    // Files analysed in part: a later pass that finds them using a name
    // where they were blanked parses them whole. Their identifiers answer
    // the later passes' words as their texts would.
    let mut partly_analysed: Vec<PartlyAnalysed> = Vec::new();
    let mut pass = 0;
    // The project stage's time is the loop's less its parallel file passes.
    let passes_started = Instant::now();
    let mut in_file_passes = Duration::ZERO;
    // Whether a type is a library's depends on the files not parsed too:
    // one of them may declare it.
    let unparsed = UnparsedDeclarations::of(skipped.iter().map(|file| &file.identifiers));
    // The project of the last pass is the whole project's when no file
    // joins after it.
    let project_findings = loop {
        if options.cancel.is_cancelled() {
            break Vec::new();
        }
        let project = project_of_parsed(&analysed, &unparsed);
        if pass == MAX_PASSES || skipped.is_empty() && partly_analysed.is_empty() {
            break run_project_rules(&project);
        }
        pass += 1;
        let mut blanked = vec![false; analysed.len()];
        for partial in &partly_analysed {
            blanked[partial.index] = true;
        }
        let names: Vec<Vec<String>> = (project.words_for_next_pass(&blanked).into_iter())
            .filter(|group| searched.insert(group.clone()))
            .collect();
        if names.is_empty() {
            break run_project_rules(&project);
        }
        // The calls of a file's bodies may reach a function of these.
        let mut calls_so_far: Vec<Vec<String>> = (searched.iter())
            .filter(|group| group.first().is_some_and(|name| !name.contains(' ')))
            .cloned()
            .collect();
        calls_so_far.sort_unstable();
        let words = prefilter::Words::new(&names, &calls_so_far);
        let file_pass_started = Instant::now();
        // A skipped file is read again only when its identifiers hold a group.
        let joining = (skipped.par_iter().enumerate()).filter_map(|(index, file)| {
            let hit = words.find_in(&file.identifiers);
            let joins =
                hit.is_none_or(|hit| matches!(hit, Hit::Use | Hit::Declaration | Hit::Searched));
            joins.then_some((LaterParse::Joining(index, hit), file.bytes))
        });
        let whole = (partly_analysed.par_iter().enumerate()).filter_map(|(index, partial)| {
            let text = &analysed[partial.index].0.text;
            let hit = (words.find_in_parts(&partial.identifiers, &partial.unparsed))
                .unwrap_or_else(|| words.find(text));
            // A function searched for now may have had its body blanked.
            let whole = matches!(hit, Hit::Use | Hit::Named | Hit::Searched);
            whole.then_some((LaterParse::Whole(index), text.len() as u64))
        });
        let mut parses: Vec<(LaterParse, u64)> = joining.chain(whole).collect();
        // Largest first: a pass ends when its last file does, and a thread
        // left with a large one at the end would end it alone.
        parses.sort_by_key(|&(_, bytes)| std::cmp::Reverse(bytes));
        let parsed: Vec<(LaterParse, Outcome)> = file_pass(&mut report.statistics, || {
            in_given_order(parses, |(parse, _)| {
                let outcome = match parse {
                    LaterParse::Joining(index, hit) => {
                        let filter = Filter::CallsOneOf(words.clone(), hit);
                        check_discovered(skipped[index].found, options, filter, cache)
                    }
                    LaterParse::Whole(index) => {
                        let found = partly_analysed[index].found;
                        check_discovered(found, options, Filter::Whole, cache)
                    }
                };
                (parse, outcome)
            })
        });
        in_file_passes += file_pass_started.elapsed();
        let mut outcomes: Vec<Option<Outcome>> = (0..skipped.len()).map(|_| None).collect();
        let mut reparsed: Vec<Option<Outcome>> = (0..partly_analysed.len()).map(|_| None).collect();
        for (parse, outcome) in parsed {
            match parse {
                LaterParse::Joining(index, _) => outcomes[index] = Some(outcome),
                LaterParse::Whole(index) => reparsed[index] = Some(outcome),
            }
        }
        // A pass that adds nothing leaves the project as it is: its
        // findings are the whole project's.
        let joined = |outcome: &Option<Outcome>| {
            matches!(outcome, Some(Outcome::Checked(_) | Outcome::Partial(_)))
        };
        let reparsed_whole =
            |outcome: &Option<Outcome>| matches!(outcome, Some(Outcome::Checked(_)));
        let unchanged = !outcomes.iter().any(joined) && !reparsed.iter().any(reparsed_whole);
        let findings = unchanged.then(|| run_project_rules(&project));
        drop(project);
        let mut still_partly_analysed = Vec::new();
        let mut parsed_whole_again = false;
        for (partial, outcome) in partly_analysed.into_iter().zip(reparsed) {
            let index = partial.index;
            match outcome {
                Some(Outcome::Checked(file)) => {
                    parsed_whole_again = true;
                    let statistics = &mut report.statistics;
                    statistics.blanked.remove(partial.unparsed_bytes);
                    if !partial.for_calls {
                        let bytes = file.0.text.len() as u64;
                        statistics.declarations_only.remove(bytes);
                        statistics.calls_storage_functions.add(bytes);
                    }
                    analysed[index] = *file;
                }
                Some(Outcome::Failed(problem)) => {
                    // Parsed whole, the file fails where its declarations
                    // did not (a parse budget): its declarations stay, and
                    // the problem is reported.
                    if analysed_reported[index] {
                        report.problems.push(problem);
                    }
                }
                Some(Outcome::Partial(_) | Outcome::Skipped(..) | Outcome::TestCode) | None => {
                    still_partly_analysed.push(partial);
                }
            }
        }
        partly_analysed = still_partly_analysed;
        // Parsed whole when it joined, such a file would have had its
        // bodies' calls named by this pass: the next pass, which names
        // them, is not counted, a few times in a run (each pass rebuilds
        // the project, and such chains go on as long as the ones counted).
        if parsed_whole_again && uncounted < MAX_UNCOUNTED {
            pass -= 1;
            uncounted += 1;
        }
        let mut still_skipped = Vec::new();
        for (file, outcome) in skipped.into_iter().zip(outcomes) {
            match outcome {
                None | Some(Outcome::TestCode) => still_skipped.push(file),
                // Read again, a file may still not be worth parsing.
                Some(Outcome::Skipped(bytes, identifiers)) => still_skipped.push(NotParsed {
                    bytes,
                    identifiers,
                    ..file
                }),
                Some(Outcome::Checked(parsed)) => {
                    let bytes = parsed.0.text.len() as u64;
                    report.statistics.calls_storage_functions.add(bytes);
                    analysed.push(*parsed);
                    analysed_reported.push(file.reported);
                }
                Some(Outcome::Partial(partial)) => {
                    let statistics = &mut report.statistics;
                    let bytes = partial.file.0.text.len() as u64;
                    if partial.for_calls {
                        statistics.calls_storage_functions.add(bytes);
                    } else {
                        statistics.declarations_only.add(bytes);
                    }
                    statistics.blanked.add(partial.unparsed_bytes);
                    partly_analysed.push(PartlyAnalysed {
                        index: analysed.len(),
                        found: file.found,
                        identifiers: file.identifiers,
                        unparsed: partial.unparsed,
                        unparsed_bytes: partial.unparsed_bytes,
                        for_calls: partial.for_calls,
                    });
                    analysed.push(partial.file);
                    analysed_reported.push(file.reported);
                }
                Some(Outcome::Failed(problem)) => {
                    if file.reported {
                        report.problems.push(problem);
                    }
                }
            }
        }
        skipped = still_skipped;
        if let Some(findings) = findings {
            break findings;
        }
    };
    report.statistics.project_stage = passes_started.elapsed().saturating_sub(in_file_passes);
    if options.cancel.is_cancelled() {
        report.cancelled = true;
        return report;
    }
    for (source, analysis) in &analysed {
        if analysis.from_cache {
            report.statistics.cached.add(source.text.len() as u64);
        }
    }
    if let Some(cache) = cache {
        // Every file of the project was looked at: an entry not used now
        // belongs to a file since changed, moved or deleted.
        cache.prune();
    }
    report.skipped += skipped.iter().filter(|file| file.reported).count();
    report.checked = analysed_reported.iter().filter(|&&r| r).count();
    for (index, diagnostic) in project_findings {
        let analysis = &mut analysed[index].1;
        if !analysis.excluded.contains(diagnostic.primary.range.start) {
            analysis.diagnostics.push(diagnostic);
        }
    }
    let mut summaries = Vec::with_capacity(analysed.len());
    report.files = analysed
        .into_iter()
        .zip(analysed_reported)
        .filter_map(|((source, analysis), reported)| {
            summaries.push(analysis.summary);
            if !reported {
                return None;
            }
            let mut diagnostics = analysis.diagnostics;
            let unused = analysis.suppressions.apply(&source, &mut diagnostics);
            crate::diagnostic::merge_groups(&mut diagnostics);
            // A marker in test code that is not checked has nothing to drop.
            report.unused_ignores.extend(
                unused
                    .into_iter()
                    .filter(|marker| !analysis.excluded.contains(marker.offset))
                    .map(|marker| UnusedIgnore {
                        path: source.display.clone(),
                        position: source.line_col(marker.offset),
                        rules: marker.rules,
                    }),
            );
            report
                .suppression_warnings
                .extend(analysis.suppressions.warnings);
            sort_diagnostics(&mut diagnostics);
            (!diagnostics.is_empty()).then_some(CheckedFile {
                source,
                diagnostics,
            })
        })
        .collect();
    drop_elsewhere(summaries);
    report
}

/// The outcome of each file of `files` from its reading `read`, the files
/// to parse parsed in parallel, largest first: a thread left with a large
/// one at the end of the pass would end it alone.
fn parse_largest_first(
    files: &[Discovered],
    read: Vec<Read>,
    options: &Options,
    cache: Option<&cache::Cache>,
) -> Vec<Outcome> {
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(read.len());
    let mut to_parse = Vec::new();
    for (index, read) in read.into_iter().enumerate() {
        match read {
            Read::Done(outcome) => outcomes.push(outcome),
            Read::ToParse(file) => {
                // Replaced below: every file to parse is parsed.
                outcomes.push(Outcome::TestCode);
                to_parse.push((index, file));
            }
        }
    }
    to_parse.sort_by_key(|(_, file)| std::cmp::Reverse(file.text.len()));
    let parsed: Vec<(usize, Outcome)> = in_given_order(to_parse, |(index, file)| {
        (
            index,
            in_file_stage(|| parse_read(&files[index], options, file, cache)),
        )
    });
    for (index, outcome) in parsed {
        outcomes[index] = outcome;
    }
    outcomes
}

/// `work` on each of `items` on the threads of the current pool, each
/// thread taking the next item when it is done with one, so that the
/// items are started in the order given (largest first, a pass ends when
/// its last file does); the results come in that order too. A parallel
/// iterator would split the list in halves, and the thread that stole
/// the second half began with its smaller files, leaving a larger one for
/// the end.
fn in_given_order<T: Send, R: Send>(items: Vec<T>, work: impl Fn(T) -> R + Sync) -> Vec<R> {
    let workers = rayon::current_num_threads().min(items.len()).max(1);
    let queue = std::sync::Mutex::new(items.into_iter().enumerate());
    let take_next = || -> Option<(usize, T)> {
        let mut queue = queue
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        queue.next()
    };
    let mut results: Vec<(usize, R)> = ((0..workers).into_par_iter().with_max_len(1))
        .flat_map_iter(|_| std::iter::from_fn(|| take_next().map(|(at, item)| (at, work(item)))))
        .collect();
    results.sort_unstable_by_key(|&(at, _)| at);
    results.into_iter().map(|(_, result)| result).collect()
}

/// Drops `value` on a thread of its own: freeing the summaries of a run's
/// files, many small blocks, took about 1% of a run's CPU on the main
/// thread, with the other threads idle and nothing waiting for it.
fn drop_elsewhere<T: Send + 'static>(value: T) {
    // Without a thread, the closure and `value` with it are dropped here.
    let _ = std::thread::Builder::new()
        .name("storlint-drop".to_string())
        .spawn(move || drop(value));
}

/// The project stage over files the file stage analysed.
#[cfg(test)]
pub(crate) fn project_of(analysed: &[(SourceFile, Analysis)]) -> Project<'_> {
    project_of_parsed(analysed, &UnparsedDeclarations::default())
}

/// The project of the files parsed so far, `unparsed` telling what the
/// files not parsed declare.
pub(crate) fn project_of_parsed<'a>(
    analysed: &'a [(SourceFile, Analysis)],
    unparsed: &UnparsedDeclarations,
) -> Project<'a> {
    Project::with_unparsed(
        analysed
            .iter()
            .map(|(source, analysis)| ProjectFile {
                source,
                summary: &analysis.summary,
            })
            .collect(),
        unparsed,
    )
}

fn run_project_rules(project: &Project) -> Vec<(usize, Diagnostic)> {
    RULES
        .iter()
        .filter_map(|rule| rule.check.project())
        .flat_map(|check| check(project))
        .collect()
}

fn sort_diagnostics(diagnostics: &mut [Diagnostic]) {
    diagnostics
        .sort_by(|a, b| (a.primary.range.start, a.rule).cmp(&(b.primary.range.start, b.rule)));
}

thread_local! {
    /// The time this thread spent reading and parsing files
    /// (`in_file_stage`) since it was last taken (`file_pass`).
    static FILE_STAGE_TIME: std::cell::Cell<Duration> = const { std::cell::Cell::new(Duration::ZERO) };
    /// The test items this thread left out of files it parsed since the
    /// tally was last taken (`file_pass`).
    static TEST_ITEMS_BLANKED: std::cell::Cell<Tally> = const {
        std::cell::Cell::new(Tally { files: 0, bytes: 0 })
    };
}

/// Runs one parallel pass of the file stage on the parser pool, adding
/// to `statistics` the file stage's time and its parsers' time, taken from
/// every thread of the pool after the pass: each thread adds up its own, so
/// the parallel work shares no counter.
fn file_pass<T: Send>(statistics: &mut Statistics, work: impl FnOnce() -> T + Send) -> T {
    let result = work();
    let times = rayon::broadcast(|_| {
        (
            FILE_STAGE_TIME.with(|time| time.replace(Duration::ZERO)),
            lang::take_parse_time(),
            TEST_ITEMS_BLANKED.with(|tally| tally.take()),
        )
    });
    for (file_stage, parsing, test_items) in times {
        statistics.file_stage += file_stage;
        statistics.parsing += parsing;
        statistics.test_items.files += test_items.files;
        statistics.test_items.bytes += test_items.bytes;
    }
    result
}

/// Runs `work` on a pool whose threads have stacks deep enough for the parsers.
fn with_parser_threads<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new()
        .stack_size(PARSER_STACK_BYTES)
        .thread_name(|i| format!("storlint-{i}"))
        .build()
    {
        Ok(pool) => pool.install(work),
        // Without a pool of our own (threads exhausted), the deep-nesting cap
        // still protects the default stack.
        Err(_) => work(),
    }
}

/// Which files are worth parsing.
#[derive(Clone)]
enum Filter {
    /// Files naming a storage API or SQL (the catalog's words).
    StorageWords,
    /// Files calling one of these project functions, and how the file
    /// holds them when its identifiers already told (read from its text
    /// otherwise).
    CallsOneOf(prefilter::Words, Option<Hit>),
    /// Every file.
    Whole,
}

/// A file read and judged worth parsing whole, not parsed yet.
struct ToParse {
    text: String,
    /// The text with Rust's test items blanked, which is what is parsed.
    tests_blanked: Option<String>,
    /// The test items' bytes, when they count in the statistics.
    test_items_bytes: Option<u64>,
}

/// A file after its reading: what came of it, or its text to parse.
enum Read {
    Done(Outcome),
    ToParse(ToParse),
}

/// Reads, judges and (when it is worth it) parses one file.
fn check_discovered(
    found: &Discovered,
    options: &Options,
    filter: Filter,
    cache: Option<&cache::Cache>,
) -> Outcome {
    in_file_stage(|| match read_discovered(found, options, filter, cache) {
        Read::Done(outcome) => outcome,
        Read::ToParse(to_parse) => parse_read(found, options, to_parse, cache),
    })
}

/// The second half of `check_discovered`: parses and analyses a file read.
fn parse_read(
    found: &Discovered,
    options: &Options,
    to_parse: ToParse,
    cache: Option<&cache::Cache>,
) -> Outcome {
    count_test_items(to_parse.test_items_bytes);
    let source = source_of(found, to_parse.text);
    let analysed = match to_parse.tests_blanked {
        Some(code) => analyze_cached(&source_of(found, code), options, cache),
        None => analyze_cached(&source, options, cache),
    };
    match analysed {
        Ok(analysis) => Outcome::Checked(Box::new((source, analysis))),
        Err(problem) => Outcome::Failed(problem),
    }
}

/// The discovered file `found` with `text`.
fn source_of(found: &Discovered, text: String) -> SourceFile {
    let mut source = SourceFile::new(
        found.path.clone(),
        found.display.clone(),
        found.language,
        text,
    );
    source.layout_path = found.layout_path.clone();
    source
}

/// The first half of `check_discovered`: reads and judges the file. A file
/// parsed in part is parsed here (never in the first pass); one to parse
/// whole is handed back.
fn read_discovered(
    found: &Discovered,
    options: &Options,
    filter: Filter,
    cache: Option<&cache::Cache>,
) -> Read {
    use Read::Done;
    if options.cancel.is_cancelled() {
        return Done(Outcome::Skipped(0, Identifiers::default()));
    }
    // Test files are neither reported nor evidence: no need to read them.
    if options.skips_test_file(&found.layout_path, &found.path, found.language) {
        return Done(Outcome::TestCode);
    }
    let problem = |message: String| {
        Done(Outcome::Failed(FileProblem {
            path: found.display.clone(),
            message,
            position: None,
        }))
    };
    let too_big = |size: u64| {
        format!(
            "skipped: {size} bytes, larger than the {} allowed (--max-file-size)",
            options.max_file_size
        )
    };
    let text = match &found.text {
        Some(text) if text.len() as u64 > options.max_file_size => {
            return problem(too_big(text.len() as u64))
        }
        Some(text) => text.clone(),
        None => {
            let bytes = match read_at_most(&found.path, options.max_file_size) {
                Ok(Ok(bytes)) => bytes,
                Ok(Err(size)) => return problem(too_big(size)),
                Err(error) => return problem(format!("cannot be read: {error}")),
            };
            match SourceFile::decode(bytes) {
                Ok(text) => text,
                Err(error) => return problem(format!("skipped: {error}")),
            }
        }
    };
    // The first reading cuts the file into identifiers as it looks for
    // the catalog's words: a file skipped keeps them. A later pass may
    // know from those how the file holds its words.
    let reading = |code: &str, known: Option<Hit>| match &filter {
        Filter::StorageWords => match prefilter::first_reading(code, found.language) {
            (true, _) => (Hit::Use, None),
            (false, identifiers) => (Hit::None, Some(identifiers)),
        },
        Filter::CallsOneOf(words, _) => (known.unwrap_or_else(|| words.find(code)), None),
        Filter::Whole => (Hit::Use, None),
    };
    let known = match &filter {
        Filter::CallsOneOf(_, hit) => *hit,
        Filter::StorageWords | Filter::Whole => None,
    };
    let (mut hit, mut identifiers) = reading(&text, known);
    // Rust's test items are parsed by nothing: they are never reported
    // and no evidence. A file about to be parsed is read again without
    // them, and may turn out to hold no word that matters outside them
    // (lexing every file for them cost more than it saved). The file keeps
    // its text for the report.
    let mut tests_blanked = None;
    // The test items' bytes, counted where the file is parsed (on the
    // parser pool, whose threads' tallies the statistics take), and only
    // when parsed for the first time (a file parsed in part and read again
    // whole is not).
    let mut test_items_bytes = None;
    if !matches!(hit, Hit::None | Hit::Named) && !options.include_tests {
        if let Some(blanked) = lang::bodies::blank_test_items(&text, found.language) {
            (hit, identifiers) = reading(&blanked.text, None);
            let parsed = !matches!(hit, Hit::None | Hit::Named);
            if parsed && !matches!(filter, Filter::Whole) {
                test_items_bytes = Some(blanked.bytes() as u64);
            }
            tests_blanked = Some(blanked.text);
        }
    }
    let code = tests_blanked.as_deref().unwrap_or(&text);
    if matches!(hit, Hit::None | Hit::Named) {
        let identifiers = identifiers.unwrap_or_else(|| Identifiers::of(code));
        return Done(Outcome::Skipped(text.len() as u64, identifiers));
    }
    // A file joining a later pass is analysed with the bodies blanked that
    // cannot matter: all of them when it only declares what matters, all
    // but those of the functions searched for and what they call, or all
    // but those that may reach a function called. Not one holding a
    // `storlint-ignore` comment the run judges.
    let blanked = match &filter {
        Filter::CallsOneOf(..) if code.contains("storlint-ignore") => None,
        Filter::CallsOneOf(words, _) => match hit {
            Hit::Declaration => lang::bodies::blank_function_bodies(code, found.language),
            Hit::Searched => {
                let searched = words.searched_functions();
                lang::bodies::blank_bodies_except(code, found.language, &searched)
            }
            Hit::Use => lang::bodies::blank_bodies_apart_from(
                code,
                found.language,
                &words.called_names(),
                &words.searched_functions(),
            )
            // A name found later in a blanked body has the file parsed
            // again whole: where most of it is kept, the part left out does
            // not pay for that (measured on the ecosystem: a quarter).
            .filter(|blanked| blanked.bytes() * 4 >= code.len()),
            Hit::None | Hit::Named => None,
        },
        Filter::StorageWords | Filter::Whole => None,
    };
    if let Some(blanked) = blanked {
        // Blanking kept every offset: the analysis holds for the text. One
        // that fails (the lexer was wrong) leaves the file to be read whole.
        let unparsed_bytes = blanked.bytes() as u64;
        let source = source_of(found, blanked.text).with_blanked(&blanked.bodies);
        let analysed = analyze_cached(&source, options, cache);
        if let Ok(analysis) = analysed {
            count_test_items(test_items_bytes);
            let bodies = (blanked.bodies.iter()).map(|body| &code[body.clone()]);
            let unparsed = Identifiers::of(&bodies.collect::<Vec<_>>().join("\n"));
            return Done(Outcome::Partial(Box::new(Partial {
                file: (source_of(found, text), analysis),
                unparsed,
                unparsed_bytes,
                for_calls: hit == Hit::Use,
            })));
        }
    }
    Read::ToParse(ToParse {
        text,
        tests_blanked,
        test_items_bytes,
    })
}

/// Adds a parsed file's test items, if it had any, to this thread's tally.
fn count_test_items(bytes: Option<u64>) {
    if let Some(bytes) = bytes {
        TEST_ITEMS_BLANKED.with(|tally| {
            let mut counted = tally.get();
            counted.add(bytes);
            tally.set(counted);
        });
    }
}

/// `analyze`, read from the cache when it holds the analysis of this text
/// (a file's declarations alone are another text) and written to it
/// otherwise.
fn analyze_cached(
    source: &SourceFile,
    options: &Options,
    cache: Option<&cache::Cache>,
) -> Result<Analysis, FileProblem> {
    let Some(cache) = cache else {
        return analyze(source, options);
    };
    let key = cache::Key::of(source);
    match cache.get(key) {
        Some(cache::Entry::Analysed(mut analysis)) => {
            // The entry may have been written under another spelling of the path.
            analysis.suppressions.set_path(&source.display);
            analysis.from_cache = true;
            return Ok(*analysis);
        }
        Some(cache::Entry::Failed(failure)) if failure.holds_within(options.parse_budget) => {
            return Err(FileProblem {
                path: source.display.clone(),
                message: failure.message,
                position: failure.position,
            });
        }
        Some(cache::Entry::Failed(_)) | None => {}
    }
    match analyze_timed(source, options) {
        Ok(analysis) => {
            cache.put(key, &analysis);
            Ok(analysis)
        }
        Err((problem, timed_out)) => {
            let budget_ms = u64::try_from(options.parse_budget.as_millis()).unwrap_or(u64::MAX);
            let failure = cache::Failure {
                message: problem.message.clone(),
                position: problem.position,
                out_of_time_within_ms: timed_out.then_some(budget_ms),
            };
            cache.put_failure(key, &failure);
            Err(problem)
        }
    }
}

/// The bytes of the file at `path`, or its size when it holds more than
/// `limit`: a big file is turned away by its size, unread, and one that
/// grows while it is read by reading no more than one byte past the limit.
fn read_at_most(path: &Path, limit: u64) -> std::io::Result<Result<Vec<u8>, u64>> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let size = file.metadata()?.len();
    if size > limit {
        return Ok(Err(size));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Ok(Err(bytes.len() as u64));
    }
    Ok(Ok(bytes))
}

/// Checks one file on its own, as a project of one file, with the default
/// options: the file rules, then the project rules over its facts.
/// Diagnostics come out in source order.
pub fn lint_source(file: &SourceFile) -> Result<Vec<Diagnostic>, FileProblem> {
    check_source(file, &Options::default()).map(|checked| checked.diagnostics)
}

/// `lint_source` with explicit options.
pub fn lint_source_with(
    file: &SourceFile,
    options: &Options,
) -> Result<Vec<Diagnostic>, FileProblem> {
    check_source(file, options).map(|checked| checked.diagnostics)
}

/// Checks one file on its own, keeping the warnings about its
/// `storlint-ignore` comments. Runs on a thread with the parsers' stack, as
/// `lint_paths_with` does: the caller's own stack may be far smaller.
pub fn check_source(file: &SourceFile, options: &Options) -> Result<SourceCheck, FileProblem> {
    on_parser_stack(|| check_source_here(file, options))
}

/// Runs `work` on a thread of its own with `PARSER_STACK_BYTES` of stack,
/// passing on its panic; on the caller's thread when none can be started
/// (the nesting caps still bound the recursion, for a normal-sized stack).
pub(crate) fn on_parser_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    let mut work = Some(work);
    let on_thread = std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("storlint-check".to_string())
            .stack_size(PARSER_STACK_BYTES)
            .spawn_scoped(scope, || work.take().map(|work| work()))
            .ok()?;
        thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    match (on_thread, work) {
        (Some(result), _) => result,
        (None, Some(work)) => work(),
        (None, None) => unreachable!("the thread took the work, so it returned its result"),
    }
}

fn check_source_here(file: &SourceFile, options: &Options) -> Result<SourceCheck, FileProblem> {
    let analysis = analyze(file, options)?;
    let mut diagnostics = analysis.diagnostics;
    let project = Project::new(vec![ProjectFile {
        source: file,
        summary: &analysis.summary,
    }]);
    diagnostics.extend(
        run_project_rules(&project)
            .into_iter()
            .map(|(_, d)| d)
            .filter(|d| !analysis.excluded.contains(d.primary.range.start)),
    );
    analysis.suppressions.apply(file, &mut diagnostics);
    crate::diagnostic::merge_groups(&mut diagnostics);
    sort_diagnostics(&mut diagnostics);
    Ok(SourceCheck {
        diagnostics,
        warnings: analysis.suppressions.warnings,
    })
}

/// The file stage: parse, lower, classify, collect SQL facts, run the file
/// rules for its language, and summarise the file for the project stage.
/// Unless tests are included, test code is neither reported nor summarised.
pub fn analyze(file: &SourceFile, options: &Options) -> Result<Analysis, FileProblem> {
    analyze_timed(file, options).map_err(|(problem, _)| problem)
}

/// `analyze`, saying of a failure whether the parse budget ran out.
fn analyze_timed(file: &SourceFile, options: &Options) -> Result<Analysis, (FileProblem, bool)> {
    let problem = |message: String, offset: Option<usize>| FileProblem {
        path: file.display.clone(),
        message,
        position: offset.map(|o| file.line_col(o)),
    };
    if let Some(offset) = too_deep(&file.text) {
        return Err((
            problem(
                format!("skipped: nested more than {MAX_NESTING} levels deep"),
                Some(offset),
            ),
            false,
        ));
    }
    let model = lang::lower_within(file, options.parse_budget).map_err(|e| {
        let message = if e.over_limit {
            e.message
        } else {
            format!(
                "could not be parsed as {}: {}",
                file.language.name(),
                e.message
            )
        };
        (problem(message, e.offset), e.timed_out)
    })?;
    let ops = catalog::classify(&model, &file.text);
    let sql = facts::collect(&model, &ops);
    let ctx = FileContext {
        file,
        model: &model,
        ops: &ops,
        sql: &sql.facts,
    };
    let excluded = if options.include_tests {
        TestCode::none()
    } else {
        TestCode::of(file, &model)
    };
    let diagnostics: Vec<Diagnostic> = RULES
        .iter()
        .filter(|rule| rule.languages.contains(&file.language))
        .filter_map(|rule| rule.check.file().map(|check| check(&ctx)))
        .flatten()
        .filter(|d| !excluded.contains(d.primary.range.start))
        .collect();
    let summary = if excluded.is_whole_file() {
        FileSummary::default()
    } else {
        FileSummary::new(&model, &ops, &sql, &file.text, &excluded)
    };
    let suppressions = Suppressions::collect(file, &model, &sql.facts);
    Ok(Analysis {
        diagnostics,
        summary,
        excluded,
        suppressions,
        from_cache: false,
    })
}

/// The offset where bracket nesting first exceeds `MAX_NESTING`. Counting
/// brackets without lexing over-counts only in pathological strings, and the
/// cap is far above real code, so this cheap scan is a safe bound.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (offset, byte) in text.bytes().enumerate() {
        match byte {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(offset);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Every file under a fixture directory, at any depth, for the unit tests
/// that run over the fixtures.
#[cfg(test)]
pub(crate) fn fixture_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("the fixtures are readable")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[cfg(test)]
mod in_given_order_tests {
    use super::in_given_order;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_item_is_worked_once_and_its_result_keeps_its_place() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("a pool builds");
        let calls = AtomicUsize::new(0);
        let items: Vec<usize> = (0..500).rev().collect();
        let results = pool.install(|| {
            in_given_order(items.clone(), |item| {
                calls.fetch_add(1, Ordering::Relaxed);
                // Uneven work, so that the threads finish out of order.
                let spin = (item % 7) * 200;
                (0..spin).fold(item, |sum, step| sum ^ step)
                    ^ (0..spin).fold(0, |sum, step| sum ^ step)
            })
        });
        assert_eq!(results, items);
        assert_eq!(calls.load(Ordering::Relaxed), items.len());
        assert!(in_given_order(Vec::<usize>::new(), |item| item).is_empty());
    }
}
