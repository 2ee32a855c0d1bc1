//! The `storlint` command line.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use codespan_reporting::term::termcolor::{BufferedStandardStream, ColorChoice};

use storlint::config::{self, Settings};
use storlint::render;
use storlint::rules::{self, RULES};

/// Exit codes: no findings, findings, usage or fatal error.
const EXIT_CLEAN: u8 = 0;
const EXIT_FINDINGS: u8 = 1;
const EXIT_ERROR: u8 = 2;

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
        /// looked for from the directory holding them all, then upward.
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
    /// Print the model a file lowers to (for storlint's developers).
    #[command(hide = true)]
    DumpModel { path: PathBuf },
}

#[derive(clap::Args, Clone)]
struct CheckArgs {
    /// Files or directories to check.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// When to color terminal output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
    #[command(flatten)]
    config: ConfigArgs,
    /// Print how many files and bytes each stage saw (to stderr).
    #[arg(long)]
    statistics: bool,
    /// Skip (and report) files larger than this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = storlint::context::MAX_FILE_SIZE)]
    max_file_size: u64,
    /// Stop parsing a Swift or Kotlin file after this many seconds and
    /// report it as not checked (tree-sitter's error recovery can run away
    /// on one stray character).
    #[arg(long, value_name = "SECONDS", default_value_t = storlint::lang::PARSE_BUDGET.as_secs_f64())]
    parse_budget: f64,
}

/// The flags that override the configuration file.
#[derive(clap::Args, Clone)]
struct ConfigArgs {
    /// Use this configuration file instead of looking for `storlint.toml`
    /// or `.storlint.toml` upward from the paths checked.
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
}

#[derive(Clone, Copy, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Check(args)) => check(args),
        None => check(cli.check),
        Some(Command::Config { paths, config }) => print_config(&paths, &config),
        Some(Command::Rule { id }) => print_rule(&id),
        Some(Command::Rules) => print_rules(),
        Some(Command::DumpModel { path }) => dump_model(&path),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn check(args: CheckArgs) -> Result<u8, String> {
    let cwd =
        std::env::current_dir().map_err(|e| format!("cannot read the working directory: {e}"))?;
    let settings = settings(&args.paths, &args.config, &cwd)?;
    let options = storlint::Options {
        include_tests: settings.include_tests,
        max_file_size: args.max_file_size,
        parse_budget: parse_budget(args.parse_budget)?,
        statistics: args.statistics,
        test_paths: settings.test_path_matcher()?,
        exclude: settings.exclude_matcher()?,
    };
    let mut report =
        storlint::lint_paths_with(&args.paths, &cwd, &options).map_err(|e| e.to_string())?;
    // wire to Report.hidden: findings hidden by select/ignore and per-file-ignores.
    let _hidden_by_configuration = settings.apply(&mut report);
    if args.statistics {
        eprint!("{}", statistics_table(&report.statistics));
    }
    match args.format {
        Format::Text => {
            // Buffered: a line-buffered stdout costs a write call per line.
            let mut out = BufferedStandardStream::stdout(color_choice(args.color));
            written(render::terminal::write_report(&mut out, &report).and_then(|()| out.flush()))?;
            // Like a compiler's warnings, they reach the user even when the
            // findings are piped elsewhere.
            for warning in &report.suppression_warnings {
                eprintln!("warning: {warning}");
            }
        }
        Format::Concise => {
            let mut out = std::io::stdout().lock();
            written(write!(out, "{}", render::concise::to_concise(&report)))?;
        }
        Format::Github => {
            let mut out = std::io::stdout().lock();
            written(write!(out, "{}", render::github::to_github(&report)))?;
        }
        Format::Sarif => {
            let log = render::sarif::to_sarif(&report, &cwd);
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            written(serde_json::to_writer_pretty(&mut out, &log).map_err(std::io::Error::from))?;
            written(writeln!(out).and_then(|()| out.flush()))?;
            // stdout is the SARIF log; problems still reach a human on stderr.
            for problem in &report.problems {
                eprintln!("warning: {problem}");
            }
            for warning in &report.suppression_warnings {
                eprintln!("warning: {warning}");
            }
        }
    }
    Ok(if report.finding_count() > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    })
}

/// The configuration file (unless `--isolated`), merged with the flags.
fn settings(paths: &[PathBuf], args: &ConfigArgs, cwd: &Path) -> Result<Settings, String> {
    let path = if args.isolated {
        None
    } else if let Some(path) = &args.config {
        Some(path.clone())
    } else {
        config::find(&config::common_ancestor(paths, cwd))
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
    };
    Settings::resolve(file.as_ref(), &overrides, cwd)
}

fn print_config(paths: &[PathBuf], args: &ConfigArgs) -> Result<u8, String> {
    let cwd =
        std::env::current_dir().map_err(|e| format!("cannot read the working directory: {e}"))?;
    let settings = settings(paths, args, &cwd)?;
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

fn color_choice(color: Color) -> ColorChoice {
    match color {
        Color::Always => ColorChoice::Always,
        Color::Never => ColorChoice::Never,
        Color::Auto
            if std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() =>
        {
            ColorChoice::Auto
        }
        Color::Auto => ColorChoice::Never,
    }
}

fn print_rule(id: &str) -> Result<u8, String> {
    let rule = rules::rule(id).ok_or_else(|| {
        let ids: Vec<&str> = RULES.iter().map(|r| r.id).collect();
        format!("unknown rule `{id}`; the rules are: {}", ids.join(", "))
    })?;
    written(write!(std::io::stdout().lock(), "{}", rule.doc))?;
    Ok(EXIT_CLEAN)
}

fn print_rules() -> Result<u8, String> {
    let width = RULES.iter().map(|r| r.id.len()).max().unwrap_or(0);
    let mut out = std::io::stdout().lock();
    for rule in RULES {
        let languages: Vec<&str> = rule.languages.iter().map(|l| l.name()).collect();
        written(writeln!(
            out,
            "{:width$}  {:7}  {}  [{}]",
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
    ];
    let mut table = String::from("statistics:\n");
    for (stage, tally) in rows {
        table.push_str(&format!(
            "  {stage:<32} {:>7} files {:>10.1} KiB\n",
            tally.files,
            tally.bytes as f64 / 1024.0
        ));
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
