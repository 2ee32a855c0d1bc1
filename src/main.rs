//! The `storlint` command line.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use codespan_reporting::term::termcolor::{BufferedStandardStream, ColorChoice};

use storlint::config::{self, Settings};
use storlint::diagnostic::Severity;
use storlint::render;
use storlint::rules::{self, RULES};
use storlint::source::{Language, SourceFile};
use storlint::{CheckedFile, FileProblem, Report};

/// Exit codes: nothing to fix, findings or files not checked, usage or
/// fatal error.
const EXIT_CLEAN: u8 = 0;
const EXIT_FINDINGS: u8 = 1;
const EXIT_ERROR: u8 = 2;

/// The path that names standard input.
const STDIN: &str = "-";

#[derive(Parser)]
#[command(
    name = "storlint",
    version,
    about = "Finds storage anti-patterns in Rust, Swift, Kotlin and SQL",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    check: CheckArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Check files and directories (the default command).
    Check(CheckArgs),
    /// Print the configuration in effect (defaults, file and flags merged),
    /// as TOML, with where each value came from.
    Config {
        /// The paths a check would be run on: the configuration file is
        /// looked for from their project root (or the directory holding
        /// them all), then upward.
        #[arg(default_value = ".")]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Print a rule's documentation.
    Rule {
        /// The rule id, e.g. fsync-in-loop.
        id: String,
    },
    /// List every rule with a one-line summary.
    Rules,
    /// Run the language server on stdin and stdout, for editors (see
    /// `editors/README.md`).
    Server,
    /// Print the model a file lowers to (for storlint's developers).
    #[command(hide = true)]
    DumpModel { path: PathBuf },
}

#[derive(clap::Args, Clone)]
struct CheckArgs {
    /// Files or directories to check; `-` reads one file from stdin (see
    /// `--stdin-filename`). A subcommand is one only as the first argument;
    /// a path spelled like one is written `./rules`.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,
    /// The name of the source read from stdin (`-`): its extension picks
    /// the language, and findings are reported under it.
    #[arg(long, value_name = "PATH")]
    stdin_filename: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// When to color terminal output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
    #[command(flatten)]
    config: ConfigArgs,
    /// Print how many files and bytes each stage saw, the time in each stage
    /// and in the parsers, and the findings per rule (to stderr).
    #[arg(long)]
    statistics: bool,
    /// Print the findings only: no summary line (nothing when clean).
    #[arg(short, long)]
    quiet: bool,
    /// Exit 0 even with findings or files that could not be checked.
    #[arg(long)]
    exit_zero: bool,
    /// The least severity that makes the run exit 1.
    #[arg(long, value_enum, value_name = "SEVERITY", default_value_t = FailOn::Warning)]
    fail_on: FailOn,
    /// Skip (and report) files larger than this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = storlint::context::MAX_FILE_SIZE)]
    max_file_size: u64,
    /// Stop parsing a Swift or Kotlin file after this many seconds and
    /// report it as not checked (tree-sitter's error recovery can run away
    /// on one stray character).
    #[arg(long, value_name = "SECONDS", default_value_t = storlint::lang::PARSE_BUDGET.as_secs_f64())]
    parse_budget: f64,
    /// The project the paths belong to, whose files the cross-file rules
    /// read (default: the nearest directory above the paths holding `.git`
    /// or a storlint.toml; without one, the paths themselves).
    #[arg(long, value_name = "DIR")]
    project_root: Option<PathBuf>,
    /// Keep the analysis cache here (default: `.storlint-cache` in the
    /// project root; none without a project root).
    #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
    cache_dir: Option<PathBuf>,
    /// Parse every file, reading and writing no analysis cache.
    #[arg(long)]
    no_cache: bool,
    /// Hide the findings recorded in this baseline file (see
    /// --write-baseline); entries that no longer match are listed at the end.
    #[arg(long, value_name = "FILE", conflicts_with = "write_baseline")]
    baseline: Option<PathBuf>,
    /// Record the current findings in this file, to adopt storlint on a
    /// codebase that has some: later runs with --baseline hide them.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Write a `storlint-ignore <rule>` comment above each finding (after
    /// the configuration and the baseline hid theirs), then stop.
    #[arg(long, conflicts_with = "write_baseline")]
    add_ignore: bool,
    /// Apply the safe fixes (they keep the program's behaviour), then
    /// report what is left.
    #[arg(long, conflicts_with_all = ["write_baseline", "add_ignore"])]
    fix: bool,
    /// With --fix, --fix-only or --diff: the unsafe fixes too (they change
    /// durability, disk use or locking: review them).
    #[arg(long)]
    unsafe_fixes: bool,
    /// Print the fixes as a unified diff and write nothing (exit 1 when
    /// there is a diff).
    #[arg(long, conflicts_with_all = ["fix", "fix_only", "write_baseline", "add_ignore"])]
    diff: bool,
    /// Apply the fixes like --fix, without reporting the findings left.
    #[arg(long, conflicts_with_all = ["write_baseline", "add_ignore"])]
    fix_only: bool,
}

/// The flags that override the configuration file.
#[derive(clap::Args, Clone)]
struct ConfigArgs {
    /// Use this configuration file instead of looking for `storlint.toml`
    /// or `.storlint.toml` upward from the project root.
    #[arg(long, value_name = "PATH", conflicts_with = "isolated")]
    config: Option<PathBuf>,
    /// Ignore every configuration file: the defaults and the flags only.
    #[arg(long)]
    isolated: bool,
    /// Report only these rules (comma-separated ids).
    #[arg(long, value_delimiter = ',', value_name = "RULE")]
    select: Option<Vec<String>>,
    /// Report these rules too, besides the file's or the default selection.
    #[arg(long, value_delimiter = ',', value_name = "RULE")]
    extend_select: Vec<String>,
    /// Do not report these rules (comma-separated ids).
    #[arg(long, value_delimiter = ',', value_name = "RULE")]
    ignore: Vec<String>,
    /// Do not check paths matching these globs (replaces the file's
    /// `exclude` and `extend-exclude`; relative to the working directory).
    #[arg(long, value_delimiter = ',', value_name = "GLOB")]
    exclude: Option<Vec<String>>,
    /// Do not check paths matching these globs either.
    #[arg(long, value_delimiter = ',', value_name = "GLOB")]
    extend_exclude: Vec<String>,
    /// Also check test code (test directories, `#[cfg(test)]`, XCTest and
    /// JUnit classes), and let it count as evidence for project rules.
    #[arg(long)]
    include_tests: bool,
    /// Report `storlint-ignore` comments that suppress nothing (they fail
    /// the run, like findings).
    #[arg(long)]
    report_unused_ignores: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// Diagnostics with source snippets.
    Text,
    /// SARIF 2.1.0 on stdout, for code scanning.
    Sarif,
    /// GitHub Actions annotations (workflow commands).
    Github,
    /// One line per finding: `path:line:col: severity[rule]: message`.
    Concise,
    /// One JSON object (schema in the README).
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum FailOn {
    /// Warnings and errors fail the run; hints do not.
    Warning,
    /// Hints fail the run too.
    Hint,
}

impl FailOn {
    fn least(self) -> Severity {
        match self {
            FailOn::Warning => Severity::Warning,
            FailOn::Hint => Severity::Hint,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

// A run allocates and frees millions of small blocks on two or more threads
// (tree-sitter's subtrees and parse stacks, the model's vectors): glibc's
// malloc spent about 15% of the CPU time on them, mimalloc half of that.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (the 16th of `mi_option_e` in the
/// mimalloc v3 that libmimalloc-sys 0.1.49 builds; the crate names no
/// constant for it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// `check`, with mimalloc never handing freed memory back to the system.
/// A check is one short process: the memory is the system's again when it
/// exits, and returning it early cost system calls and TLB flushes across
/// the parser threads, most of them at exit (1.5% of the wall time and 2%
/// of the CPU on the ecosystem's repositories, paired; peak memory the
/// same). The language server, which lives on, keeps the default.
fn check_without_purging(args: CheckArgs) -> Result<u8, String> {
    // SAFETY: sets a process-wide allocator option, read at each purge.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    check(args)
}

fn main() -> ExitCode {
    // Tree-sitter allocates through libc unless told otherwise; most of the
    // allocations are its own. SAFETY: no tree-sitter object exists yet, and
    // the four functions are one allocator's.
    unsafe {
        tree_sitter::set_allocator(Some(tree_sitter::Allocator {
            malloc: libmimalloc_sys::mi_malloc,
            calloc: libmimalloc_sys::mi_calloc,
            realloc: libmimalloc_sys::mi_realloc,
            free: libmimalloc_sys::mi_free,
        }));
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Check(args)) => check_without_purging(args),
        None => check_without_purging(cli.check),
        Some(Command::Config { paths, config }) => print_config(&paths, &config),
        Some(Command::Rule { id }) => print_rule(&id),
        Some(Command::Rules) => print_rules(),
        Some(Command::Server) => Ok(storlint::server::run_stdio()),
        Some(Command::DumpModel { path }) => dump_model(&path),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            warn(&format!("error: {message}"));
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// A line for a human on stderr. A closed stderr loses it; the run goes on
/// (`eprintln!` would panic).
fn warn(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

fn check(args: CheckArgs) -> Result<u8, String> {
    let cwd =
        std::env::current_dir().map_err(|e| format!("cannot read the working directory: {e}"))?;
    refuse_subcommand_names(&args.paths)?;
    let root = match &args.project_root {
        Some(root) if !root.is_dir() => {
            return Err(format!(
                "--project-root {}: not a directory",
                root.display()
            ))
        }
        Some(root) => Some(root.clone()),
        None => storlint::workspace::find_root(&args.paths, &cwd),
    };
    let settings = settings(&args.paths, &args.config, &cwd, root.as_deref())?;
    let options = storlint::Options {
        max_file_size: args.max_file_size,
        parse_budget: parse_budget(args.parse_budget)?,
        statistics: args.statistics,
        cache_dir: match args.no_cache {
            true => None,
            false => (args.cache_dir.clone()).or_else(|| {
                root.as_ref()
                    .map(|root| root.join(storlint::cache::DIR_NAME))
            }),
        },
        ..settings.options()?
    };
    let stdin = args.paths.iter().any(|p| p.as_os_str() == STDIN);
    if stdin && (args.fix || args.fix_only) {
        return Err("--fix writes files: with `-` (stdin), use --diff".into());
    }
    let lint = || -> Result<Report, String> {
        let mut report = if stdin {
            check_stdin(&args, root.as_deref(), &cwd, &options)?
        } else if args.stdin_filename.is_some() {
            return Err(
                "--stdin-filename names the source read from stdin: pass `-` as the path".into(),
            );
        } else {
            match &root {
                Some(root) if !storlint::workspace::is_whole_project(&args.paths, root, &cwd) => {
                    storlint::lint_project(root, &args.paths, &cwd, &options)
                }
                _ => storlint::lint_paths_with(&args.paths, &cwd, &options),
            }
            .map_err(|e| e.to_string())?
        };
        report.hidden.by_configuration += settings.apply(&mut report);
        Ok(report)
    };
    let mut report = lint()?;
    if let Some(problem) = &report.cache_problem {
        warn(&format!(
            "warning: the analysis cache is not used: {problem}"
        ));
    }
    let mut unused_ignores = settings.unused_ignores(std::mem::take(&mut report.unused_ignores));
    // Baseline paths are the project's, so a run from a subdirectory or on
    // changed files matches the same entries.
    let project_root = root.clone().unwrap_or_else(|| cwd.clone());
    let project_paths = storlint::workspace::ProjectPaths::new(&cwd, &project_root);
    if let Some(path) = &args.write_baseline {
        let count = storlint::baseline::write(path, &report, &project_paths)?;
        warn(&format!(
            "Recorded {count} finding{} in {}; run with --baseline {} to hide them.",
            if count == 1 { "" } else { "s" },
            path.display(),
            path.display()
        ));
        return Ok(EXIT_CLEAN);
    }
    let baseline = args
        .baseline
        .as_deref()
        .map(storlint::baseline::Baseline::read)
        .transpose()?;
    let apply_baseline = |report: &mut Report| match &baseline {
        Some(baseline) => {
            let applied = baseline.apply(report, &project_paths, |entry| {
                storlint::baseline::under_paths(entry, &args.paths, &project_paths)
            });
            report.hidden.by_baseline += applied.hidden;
            applied.unmatched
        }
        None => Vec::new(),
    };
    let mut baseline_unmatched = apply_baseline(&mut report);
    let selection = storlint::fix::Selection {
        unsafe_fixes: args.unsafe_fixes,
    };
    let mut fixed = None;
    if args.fix || args.fix_only || args.diff {
        // A file fixed again is judged as the run judges it: the same
        // selection, per-file ignores and baseline.
        let reported = |source: &SourceFile, diagnostics| {
            let mut one = Report {
                files: vec![CheckedFile {
                    source: source.with_text(source.text.clone()),
                    diagnostics,
                }],
                ..Report::default()
            };
            settings.apply(&mut one);
            if let Some(baseline) = &baseline {
                baseline.apply(&mut one, &project_paths, |_| false);
            }
            one.files
                .pop()
                .map(|file| file.diagnostics)
                .unwrap_or_default()
        };
        let fixes = storlint::fix::fix_report(&report, &options, selection, &reported);
        for problem in &fixes.problems {
            warn(&format!("warning: {problem}"));
        }
        if args.diff {
            return print_diff(&fixes, &report, selection);
        }
        let mut count = 0;
        let mut not_written = 0;
        for file in &fixes.files {
            match storlint::fix::write(file) {
                Ok(()) => count += file.fixes,
                Err(message) => {
                    not_written += 1;
                    warn(&format!("warning: {}: {message}", file.source.display));
                }
            }
        }
        // What is left is reported as a run after the fixes finds it.
        if count > 0 {
            report = lint()?;
            unused_ignores = settings.unused_ignores(std::mem::take(&mut report.unused_ignores));
            baseline_unmatched = apply_baseline(&mut report);
        }
        let failed = not_written + fixes.problems.len();
        if args.fix_only {
            warn(&fix_summary(Some(count), &report, selection));
            return Ok(if failed > 0 && !args.exit_zero {
                EXIT_FINDINGS
            } else {
                EXIT_CLEAN
            });
        }
        fixed = Some((count, failed));
    }
    if args.add_ignore {
        let added = storlint::add_ignore::add_ignores(&report, &options);
        for problem in &added.problems {
            warn(&format!("warning: {problem}"));
        }
        warn(&format!(
            "Added {} storlint-ignore comment{} to {} file{}.",
            added.comments,
            if added.comments == 1 { "" } else { "s" },
            added.files,
            if added.files == 1 { "" } else { "s" }
        ));
        return Ok(if added.problems.is_empty() {
            EXIT_CLEAN
        } else {
            EXIT_FINDINGS
        });
    }
    if args.statistics {
        let table = statistics_table(&report.statistics) + &findings_per_rule(&report);
        let _ = write!(std::io::stderr().lock(), "{table}");
    }
    match args.format {
        Format::Text => {
            // Buffered: a line-buffered stdout costs a write call per line.
            let mut out = BufferedStandardStream::stdout(color_choice(args.color));
            written(
                render::terminal::write_findings(&mut out, &report)
                    .and_then(|()| match args.quiet {
                        true => Ok(()),
                        false => {
                            writeln!(out, "{}", render::terminal::summary(&report)).and_then(|()| {
                                let fixes = fix_summary(fixed.map(|(n, _)| n), &report, selection);
                                match fixes.is_empty() {
                                    true => Ok(()),
                                    false => writeln!(out, "{fixes}"),
                                }
                            })
                        }
                    })
                    .and_then(|()| out.flush()),
            )?;
            // Like a compiler's warnings, they reach the user even when the
            // findings are piped elsewhere.
            for warning in &report.suppression_warnings {
                warn(&format!("warning: {warning}"));
            }
        }
        Format::Concise => {
            let mut out = std::io::stdout().lock();
            written(write!(out, "{}", render::concise::to_concise(&report)))?;
        }
        Format::Github => write_github(&report)?,
        Format::Sarif | Format::Json => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            written(
                match args.format {
                    Format::Sarif => {
                        render::sarif::write_sarif(&mut out, &report, &cwd, &project_root)
                    }
                    _ => render::json::write_json(&mut out, &report),
                }
                .and_then(|()| out.flush()),
            )?;
            // stdout is the log; problems still reach a human on stderr.
            for problem in report.problems.iter().chain(&report.suppression_warnings) {
                warn(&format!("warning: {problem}"));
            }
        }
    }
    for unused in &unused_ignores {
        warn(&format!("warning: {unused}"));
    }
    // The text output says it in its summary; the others keep stdout for
    // their log.
    if let Some((count, _)) = fixed.filter(|_| !matches!(args.format, Format::Text)) {
        warn(&fix_summary(Some(count), &report, selection));
    }
    if !baseline_unmatched.is_empty() {
        warn(&format!(
            "{} baseline entr{} no longer match a finding (fixed, or the code changed); \
             write the baseline again (--write-baseline) to drop them:",
            baseline_unmatched.len(),
            if baseline_unmatched.len() == 1 {
                "y"
            } else {
                "ies"
            }
        ));
        for entry in baseline_unmatched.iter().take(10) {
            warn(&format!("  {}:{} {}", entry.path, entry.line, entry.rule));
        }
        if baseline_unmatched.len() > 10 {
            warn(&format!("  ... and {} more", baseline_unmatched.len() - 10));
        }
    }
    let fails = report
        .files
        .iter()
        .flat_map(|file| &file.diagnostics)
        .any(|diagnostic| diagnostic.severity >= args.fail_on.least());
    let fixes_failed = fixed.is_some_and(|(_, failed)| failed > 0);
    let failing =
        fails || !report.problems.is_empty() || !unused_ignores.is_empty() || fixes_failed;
    Ok(if !args.exit_zero && failing {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    })
}

/// `--diff`: the fixes as a unified diff on stdout, the count on stderr;
/// exit 1 when there is a diff or a fix failed.
fn print_diff(
    fixes: &storlint::fix::Fixes,
    report: &Report,
    selection: storlint::fix::Selection,
) -> Result<u8, String> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for file in &fixes.files {
        written(write!(
            out,
            "{}",
            storlint::fix::unified_diff(&file.source.display, &file.source.text, &file.fixed)
        ))?;
    }
    written(out.flush())?;
    let count = fixes.count();
    let mut line = format!(
        "Would fix {} in {}",
        render::plural(count, "finding"),
        render::plural(fixes.files.len(), "file")
    );
    if !selection.unsafe_fixes {
        let more = unsafe_only(report);
        if more > 0 {
            line.push_str(&format!("; {more} more with --unsafe-fixes"));
        }
    }
    warn(&format!("{line}."));
    Ok(if fixes.files.is_empty() && fixes.problems.is_empty() {
        EXIT_CLEAN
    } else {
        EXIT_FINDINGS
    })
}

/// "2 fixed; 1 more with --unsafe-fixes" after fixing, "3 fixable with
/// --fix; 1 more with --unsafe-fixes" otherwise; empty when there is
/// nothing to say.
fn fix_summary(
    fixed: Option<usize>,
    report: &Report,
    selection: storlint::fix::Selection,
) -> String {
    let diagnostics: Vec<_> = report
        .files
        .iter()
        .flat_map(|file| file.diagnostics.iter().cloned())
        .collect();
    let more = if selection.unsafe_fixes {
        0
    } else {
        unsafe_only(report)
    };
    let mut line = match fixed {
        Some(count) => format!("{count} fixed"),
        None => match storlint::fix::fixable(&diagnostics, selection) {
            0 if more == 0 => return String::new(),
            0 => return format!("{more} fixable with --fix --unsafe-fixes"),
            count => format!("{count} fixable with --fix"),
        },
    };
    if more > 0 {
        line.push_str(&format!("; {more} more with --unsafe-fixes"));
    }
    line
}

/// Findings whose fix only `--unsafe-fixes` applies.
fn unsafe_only(report: &Report) -> usize {
    report
        .files
        .iter()
        .flat_map(|file| &file.diagnostics)
        .filter(|d| {
            d.fix
                .as_ref()
                .is_some_and(|fix| fix.applicability == storlint::diagnostic::Applicability::Unsafe)
        })
        .count()
}

/// A subcommand is one only as the first argument, so a later argument
/// spelled like one (`storlint --format github check demo`) is a mistake,
/// never silently a path: a path of that name is written `./check`.
fn refuse_subcommand_names(paths: &[PathBuf]) -> Result<(), String> {
    let cli = Cli::command();
    for path in paths {
        if let Some(name) = cli
            .get_subcommands()
            .map(|command| command.get_name())
            .find(|name| path.as_os_str() == *name)
        {
            return Err(format!(
                "`{name}` is a subcommand only as the first argument \
                 (`storlint {name} ...`); to check a path named `{name}`, write `./{name}`"
            ));
        }
    }
    Ok(())
}

/// Checks the one file read from stdin, named by `--stdin-filename`.
fn check_stdin(
    args: &CheckArgs,
    root: Option<&Path>,
    cwd: &Path,
    options: &storlint::Options,
) -> Result<Report, String> {
    if args.paths.len() > 1 {
        return Err("`-` (stdin) cannot be combined with other paths".into());
    }
    let name = args.stdin_filename.as_deref().ok_or(
        "`-` reads the source from stdin: name it with `--stdin-filename PATH` \
         (its extension picks the language)",
    )?;
    let language = Language::from_path(name).ok_or_else(|| {
        format!(
            "--stdin-filename {}: storlint reads {} files",
            name.display(),
            Language::EXTENSIONS
        )
    })?;
    let not_checked = |message: String| Report {
        problems: vec![FileProblem {
            path: storlint::discover::display_path(name, cwd),
            message,
            position: None,
        }],
        ..Report::default()
    };
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(options.max_file_size.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read stdin: {e}"))?;
    if bytes.len() as u64 > options.max_file_size {
        return Ok(not_checked(format!(
            "skipped: larger than the {} bytes allowed (--max-file-size)",
            options.max_file_size
        )));
    }
    let text = match SourceFile::decode(bytes) {
        Ok(text) => text,
        Err(error) => return Ok(not_checked(format!("skipped: {error}"))),
    };
    // The buffer stands for the named file, in its project when it has one.
    let buffer = storlint::discover::Buffer {
        path: name.to_path_buf(),
        language,
        text,
    };
    storlint::lint_buffers(vec![buffer], root, cwd, options).map_err(|e| e.to_string())
}

/// Annotations on stdout; what GitHub would not show goes to the step
/// summary when the job has one (`$GITHUB_STEP_SUMMARY`).
fn write_github(report: &Report) -> Result<(), String> {
    let summary_path = std::env::var_os("GITHUB_STEP_SUMMARY").filter(|p| !p.is_empty());
    let github = render::github::to_github(report, summary_path.is_some());
    if let (Some(path), Some(markdown)) = (summary_path, &github.step_summary) {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut file| file.write_all(markdown.as_bytes()))
            .map_err(|e| {
                format!(
                    "cannot write the step summary {}: {e}",
                    Path::new(&path).display()
                )
            })?;
    }
    written(write!(std::io::stdout().lock(), "{}", github.annotations))
}

/// The configuration file (unless `--isolated`), merged with the flags.
/// The file is looked for from the project root up (from the paths when
/// there is no project around them).
fn settings(
    paths: &[PathBuf],
    args: &ConfigArgs,
    cwd: &Path,
    root: Option<&Path>,
) -> Result<Settings, String> {
    let path = if args.isolated {
        None
    } else if let Some(path) = &args.config {
        Some(path.clone())
    } else {
        config::find(&root.map_or_else(|| config::common_ancestor(paths, cwd), Path::to_path_buf))
    };
    let file = path
        .map(|path| {
            config::load(&path).map_err(|mut error| {
                error.path = storlint::discover::display_path(&path, cwd);
                error.to_string()
            })
        })
        .transpose()?;
    let overrides = config::Overrides {
        select: args.select.clone(),
        ignore: args.ignore.clone(),
        extend_select: args.extend_select.clone(),
        exclude: args.exclude.clone(),
        extend_exclude: args.extend_exclude.clone(),
        include_tests: args.include_tests,
        report_unused_ignores: args.report_unused_ignores,
    };
    Settings::resolve(file.as_ref(), &overrides, cwd)
}

fn print_config(paths: &[PathBuf], args: &ConfigArgs) -> Result<u8, String> {
    let cwd =
        std::env::current_dir().map_err(|e| format!("cannot read the working directory: {e}"))?;
    let root = storlint::workspace::find_root(paths, &cwd);
    let settings = settings(paths, args, &cwd, root.as_deref())?;
    written(write!(std::io::stdout().lock(), "{}", settings.to_toml()))?;
    Ok(EXIT_CLEAN)
}

/// A reader that stopped reading (`storlint . | head`) is not an error.
fn written(result: std::io::Result<()>) -> Result<(), String> {
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(|e| format!("cannot write the output: {e}")),
    }
}

/// `--color auto` follows https://no-color.org (a non-empty `NO_COLOR`
/// turns colour off; an empty one does not) and `CLICOLOR_FORCE` (set and
/// not `0`: colour even into a pipe); otherwise a terminal gets colour unless
/// it is `TERM=dumb`.
fn color_choice(color: Color) -> ColorChoice {
    let set = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    match color {
        Color::Always => ColorChoice::Always,
        Color::Never => ColorChoice::Never,
        Color::Auto if set("NO_COLOR").is_some() => ColorChoice::Never,
        Color::Auto if set("CLICOLOR_FORCE").is_some_and(|value| value != "0") => {
            ColorChoice::Always
        }
        Color::Auto
            if std::io::stdout().is_terminal()
                && std::env::var_os("TERM").is_none_or(|term| term != "dumb") =>
        {
            // Always, not Auto: the terminal library's Auto turns colour off
            // for an empty `NO_COLOR`.
            ColorChoice::Always
        }
        Color::Auto => ColorChoice::Never,
    }
}

fn print_rule(id: &str) -> Result<u8, String> {
    let rule = rules::rule(id).ok_or_else(|| {
        let ids: Vec<&str> = RULES.iter().map(|r| r.id).collect();
        format!("unknown rule `{id}`; the rules are: {}", ids.join(", "))
    })?;
    written(write!(std::io::stdout().lock(), "{}", rule.page()))?;
    Ok(EXIT_CLEAN)
}

fn print_rules() -> Result<u8, String> {
    let width = RULES.iter().map(|r| r.id.len()).max().unwrap_or(0);
    let mut out = std::io::stdout().lock();
    for rule in RULES {
        let languages: Vec<&str> = rule.languages.iter().map(|l| l.name()).collect();
        // Whether some of its findings come with a fix.
        let fix = match rule.fix {
            rules::FixAvailability::Never => "   ",
            rules::FixAvailability::Sometimes | rules::FixAvailability::Always => "fix",
        };
        written(writeln!(
            out,
            "{:width$}  {:7}  {fix}  {}  [{}]",
            rule.id,
            rule.severity.name(),
            rule.summary(),
            languages.join(", ")
        ))?;
    }
    Ok(EXIT_CLEAN)
}

fn dump_model(path: &std::path::Path) -> Result<u8, String> {
    let language = storlint::source::Language::from_path(path)
        .ok_or_else(|| format!("{}: unknown language", path.display()))?;
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = storlint::source::SourceFile::decode(bytes)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let file = storlint::source::SourceFile::new(
        path.to_path_buf(),
        path.display().to_string(),
        language,
        text,
    );
    let model = storlint::lang::lower(&file).map_err(|e| e.message)?;
    let mut out = std::io::stdout().lock();
    for id in model.ids() {
        let node = model.node(id);
        let depth = model.ancestors(id).count();
        let (line, col) = file.line_col(node.range.start);
        written(writeln!(
            out,
            "{:indent$}#{} {line}:{col} {:?}",
            "",
            id.0,
            node.kind,
            indent = depth * 2
        ))?;
    }
    written(writeln!(out, "imports: {:?}", model.imports))?;
    for classified in storlint::catalog::classify(&model, &file.text) {
        written(writeln!(
            out,
            "op #{}: {:?}",
            classified.node.0, classified.op
        ))?;
    }
    Ok(EXIT_CLEAN)
}

/// The findings of each rule, most first.
fn findings_per_rule(report: &Report) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for diagnostic in report.files.iter().flat_map(|file| &file.diagnostics) {
        match counts.iter_mut().find(|(rule, _)| *rule == diagnostic.rule) {
            Some((_, count)) => *count += 1,
            None => counts.push((diagnostic.rule, 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut table = String::from("findings per rule:\n");
    for (rule, count) in counts {
        table.push_str(&format!("  {rule:<32} {count:>7}\n"));
    }
    table
}

/// The per-stage counts, as aligned lines.
fn statistics_table(statistics: &storlint::Statistics) -> String {
    let rows = [
        ("discovered", statistics.discovered),
        ("test code, not read", statistics.test_code),
        ("read and scanned", statistics.read),
        ("parsed: catalog words", statistics.storage_words),
        (
            "parsed: calls storage functions",
            statistics.calls_storage_functions,
        ),
        ("parsed with bodies blanked", statistics.declarations_only),
        ("later files' bodies blanked", statistics.blanked),
        ("Rust test items, not parsed", statistics.test_items),
        ("of these, from the cache", statistics.cached),
    ];
    let mut table = String::from("statistics:\n");
    for (stage, tally) in rows {
        table.push_str(&format!(
            "  {stage:<32} {:>7} files {:>10.1} KiB\n",
            tally.files,
            tally.bytes as f64 / 1024.0
        ));
    }
    // Thread time, not wall time: on N threads the file stage's share of
    // the wall time is about its time over N.
    let times = [
        ("files (summed over threads)", statistics.file_stage),
        ("  of which in the parsers", statistics.parsing),
        ("project stage (one thread)", statistics.project_stage),
    ];
    table.push_str("time:\n");
    for (stage, time) in times {
        table.push_str(&format!("  {stage:<32} {:>9.2} s\n", time.as_secs_f64()));
    }
    table
}

fn parse_budget(seconds: f64) -> Result<std::time::Duration, String> {
    std::time::Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|budget| !budget.is_zero())
        .ok_or_else(|| {
            format!("--parse-budget must be a positive number of seconds, not {seconds}")
        })
}
