//! Seeded mutation fuzzing on stable, of the whole pipeline and of each
//! stage on its own. Inputs are mutated the ways real files break (a stray
//! character at a line start, a byte-order mark, an emoji, an unbalanced
//! bracket or quote, a deleted span, a duplicated or swapped line); no
//! input may panic, and every range a stage produces must lie inside its
//! text on character boundaries.
//!
//! The targets: the whole pipeline over every fixture; the SQL reader
//! (`lang::sql::facts` and the `.sql`/`.sq` frontend) over the fixtures'
//! SQL and statements written here, mutated and spliced; suppression
//! parsing over `storlint-ignore` comments built from pieces (cut and
//! misspelt ids, unicode, missing separators, long lists, CRLF) inside
//! fixtures; and each tree frontend (`lang::lower_within`) over the Rust,
//! Swift and Kotlin fixtures.
//!
//! The seed is fixed, so a failure reproduces: it names the target, the
//! input's seed and a saved copy of the input under Cargo's test tmpdir.
//! `STORLINT_FUZZ_MUTANTS` sets the mutants per input of every target
//! (default 12); each target prints its runs and time.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use storlint::model::{Model, NodeKind, SourceMap, StrLit, HOLE};
use storlint::source::{ByteRange, Language, SourceFile};
use storlint::sql_facts::{SqlFact, SqlFactKind};
use storlint::suppress::Suppressions;
use storlint::{FileProblem, Options};

/// A small xorshift generator: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    /// A generator for one input of one target, so that each input's seed
    /// alone reproduces it (splitmix64 spreads neighbouring seeds apart).
    fn for_input(target_seed: u64, input: usize, round: usize) -> (u64, Rng) {
        let mut z = target_seed ^ ((input as u64) << 32) ^ round as u64;
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        // xorshift never leaves zero.
        let seed = z.max(1);
        (seed, Rng(seed))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const STRAYS: &[&str] = &[
    "\u{feff}", "😀", "$", "{", "}", "(", ")", "[", "\"", "\"\"\"", "`", "\\", "#", "@", "\n", "'",
    "/*", "*/", "\u{0}",
];

/// What breaks SQL in particular, besides `STRAYS`.
const SQL_STRAYS: &[&str] = &[
    ";",
    "--",
    "'",
    "\"",
    "[",
    "]",
    "?",
    ":x",
    "@",
    "$",
    "(",
    ")",
    ",",
    "*",
    "=",
    "\r\n",
    "é",
    HOLE,
    "PRAGMA ",
    "SELECT ",
    "WHERE ",
    "CREATE ",
    "INDEX ",
    "AUTOINCREMENT ",
    "ON ",
    "NOT ",
    "IN ",
];

/// Character boundaries of `text`, its end included.
fn boundaries(text: &str) -> Vec<usize> {
    text.char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .collect()
}

/// One mutant of `text`, always valid UTF-8.
fn mutate(text: &str, rng: &mut Rng, strays: &[&str]) -> String {
    let boundaries = boundaries(text);
    let at = *rng.pick(&boundaries);
    match rng.below(5) {
        // A stray character somewhere, or at the start of a line.
        0 | 1 => {
            let at = if rng.below(2) == 0 {
                text[..at].rfind('\n').map_or(0, |n| n + 1)
            } else {
                at
            };
            let stray = rng.pick(strays);
            format!("{}{stray}{}", &text[..at], &text[at..])
        }
        // A deleted span.
        2 => {
            let end = boundaries
                .iter()
                .copied()
                .filter(|&b| b >= at)
                .nth(rng.below(40))
                .unwrap_or(text.len());
            format!("{}{}", &text[..at], &text[end..])
        }
        // A duplicated line.
        3 => {
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let line = rng.below(lines.len());
            let mut out: Vec<&str> = lines.clone();
            if let Some(&copy) = lines.get(line) {
                out.insert(line, copy);
            }
            out.concat()
        }
        // Two lines swapped.
        _ => {
            let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
            if lines.len() > 1 {
                let a = rng.below(lines.len());
                let b = rng.below(lines.len());
                lines.swap(a, b);
            }
            lines.concat()
        }
    }
}

/// One to three mutations in a row: a stage's own input goes further off
/// the road than one mutation takes it.
fn mutate_some(text: &str, rng: &mut Rng, strays: &[&str]) -> String {
    let mut out = text.to_string();
    for _ in 0..=rng.below(3) {
        out = mutate(&out, rng, strays);
    }
    out
}

/// The start of `a` and the end of `b`, cut anywhere on character boundaries.
fn splice(a: &str, b: &str, rng: &mut Rng) -> String {
    let head = *rng.pick(&boundaries(a));
    let tail = *rng.pick(&boundaries(b));
    format!("{}{}", &a[..head], &b[tail..])
}

fn fixtures(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(fixtures(&path));
        } else if Language::from_path(&path).is_some() {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn mutants_per_input() -> usize {
    std::env::var("STORLINT_FUZZ_MUTANTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(12)
}

/// The parsers recurse: run where they have the stack the CLI gives them.
fn on_big_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(work)
        .unwrap()
        .join()
        .unwrap()
}

/// Budget of one parse: a mutant that sends a grammar's error recovery
/// into minutes is cut, as the CLI would cut it.
fn fuzz_options() -> Options {
    Options {
        parse_budget: Duration::from_millis(300),
        ..Options::default()
    }
}

/// One input this slow is a failure: the stages are linear, the parse
/// budget is 0.3 s, and fuzz inputs are fixture-sized.
const TOO_SLOW: Duration = Duration::from_secs(10);

/// The runs of one target, and what went wrong in them.
struct Target {
    name: &'static str,
    runs: usize,
    started: Instant,
    slowest: Duration,
    failures: Vec<String>,
}

impl Target {
    fn new(name: &'static str) -> Target {
        Target {
            name,
            runs: 0,
            started: Instant::now(),
            slowest: Duration::ZERO,
            failures: Vec::new(),
        }
    }

    /// Runs `check` on `input` (from `origin`, made with `seed`), catching
    /// panics. A panic, a broken invariant (`Err`) or a run slower than
    /// `TOO_SLOW` is a failure, and the input is saved with `extension`
    /// so that it can be replayed (and kept in `testdata/crashes/`).
    fn run(
        &mut self,
        origin: &str,
        seed: u64,
        input: &str,
        extension: &str,
        check: impl FnOnce() -> Result<(), String>,
    ) {
        self.runs += 1;
        let started = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(check));
        let took = started.elapsed();
        self.slowest = self.slowest.max(took);
        let what = match outcome {
            Err(_) => "panic".to_string(),
            Ok(Err(broken)) => broken,
            Ok(Ok(())) if took > TOO_SLOW => format!("took {took:.1?}"),
            Ok(Ok(())) => return,
        };
        let saved = save_reproducer(self.name, seed, input, extension);
        self.failures.push(format!(
            "{}: {origin} seed {seed:#018x}: {what}; input saved to {saved}",
            self.name
        ));
    }

    fn finish(self) {
        println!(
            "fuzz {}: {} runs in {:.1?} (slowest {:.1?}), {} failures",
            self.name,
            self.runs,
            self.started.elapsed(),
            self.slowest,
            self.failures.len()
        );
        assert!(self.runs > 0, "{}: no input", self.name);
        assert!(self.failures.is_empty(), "{:#?}", self.failures);
    }
}

fn save_reproducer(target: &str, seed: u64, input: &str, extension: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz");
    let path = dir.join(format!("{target}-{seed:016x}.{extension}"));
    match std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, input)) {
        Ok(()) => path.display().to_string(),
        Err(error) => format!("nowhere ({}: {error})", path.display()),
    }
}

fn extension_of(path: &Path) -> String {
    path.extension()
        .map_or("txt".into(), |e| e.to_string_lossy().into_owned())
}

// ---- invariants ----

fn check_range(text: &str, range: &ByteRange, what: &str) -> Result<(), String> {
    let inside = range.start <= range.end
        && range.end <= text.len()
        && text.is_char_boundary(range.start)
        && text.is_char_boundary(range.end);
    if inside {
        Ok(())
    } else {
        Err(format!(
            "{what} at {range:?} is outside the text ({} bytes) or not on character boundaries",
            text.len()
        ))
    }
}

fn check_sql_fact(fact: &SqlFact, text: &str) -> Result<(), String> {
    check_range(text, &fact.keyword_range, "SQL keyword")?;
    check_range(text, &fact.statement_range, "SQL statement")?;
    match &fact.kind {
        SqlFactKind::Pragma(pragma) => {
            check_range(text, &pragma.name_range, "pragma name")?;
            if let Some(value) = &pragma.value {
                check_range(text, &value.range, "pragma value")?;
            }
        }
        SqlFactKind::CreateTable(table) => {
            for column in &table.columns {
                if let Some(range) = &column.autoincrement {
                    check_range(text, range, "AUTOINCREMENT")?;
                }
            }
        }
        SqlFactKind::CreateIndex(index) => {
            check_range(text, &index.name_range, "index name")?;
            for column in &index.columns {
                check_range(text, &column.range, "indexed column")?;
            }
        }
        SqlFactKind::Query(query) => {
            for filter in &query.filters {
                check_range(text, &filter.range, "filtered column")?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Every range of the model inside `text`, and parents before children.
fn check_model(model: &Model, text: &str) -> Result<(), String> {
    for (index, node) in model.nodes.iter().enumerate() {
        check_range(text, &node.range, "node")?;
        if node.parent.is_some_and(|parent| parent.index() >= index) {
            return Err(format!("node {index} comes before its parent"));
        }
        match &node.kind {
            NodeKind::Function(function) => {
                check_range(text, &function.name_range, "function name")?
            }
            NodeKind::Call(call) => {
                check_range(text, &call.name_range, "call name")?;
                if let Some(range) = &call.awaited {
                    check_range(text, range, "awaited block")?;
                }
                for arg in &call.args {
                    check_range(text, &arg.range, "argument")?;
                }
            }
            NodeKind::Binding(binding) => check_range(text, &binding.name_range, "binding name")?,
            NodeKind::Str(literal) => check_range(
                text,
                &literal.source_range(0..literal.value.len()),
                "string value's source",
            )?,
            NodeKind::Exit(exit) => {
                check_range(text, &exit.unconditional_in, "exit block")?;
                if let Some(guard) = &exit.guard {
                    check_range(text, guard, "exit guard")?;
                }
            }
            _ => {}
        }
    }
    for comment in &model.comments {
        check_range(text, &comment.range, "comment")?;
    }
    let marked = model
        .unparsed
        .iter()
        .chain(&model.test_items)
        .chain(&model.apple_only);
    for range in marked {
        check_range(text, range, "marked range")?;
    }
    for fact in &model.sql_facts {
        check_sql_fact(fact, text)?;
    }
    Ok(())
}

/// A problem's position is a line of the file and a column from 1.
fn check_position(problem: &FileProblem, file: &SourceFile) -> Result<(), String> {
    match problem.position {
        Some((line, column)) if line == 0 || line > file.line_count() || column == 0 => {
            Err(format!("{problem}: position outside the file"))
        }
        _ => Ok(()),
    }
}

// ---- targets ----

#[test]
fn mutated_fixtures_never_panic_and_findings_stay_inside_their_file() {
    let mutants = mutants_per_input();
    let files = fixtures(&common::testdata().join("rules"));
    assert!(!files.is_empty());
    on_big_stack(move || {
        let options = fuzz_options();
        let mut target = Target::new("pipeline");
        for (index, path) in files.iter().enumerate() {
            let original = common::load(path);
            for round in 0..mutants {
                let (seed, mut rng) = Rng::for_input(0x5eed_1234_abcd_9876, index, round);
                let text = mutate(&original.text, &mut rng, STRAYS);
                let file = SourceFile::from_text(&original.display, original.language, &text);
                let origin = path.display().to_string();
                target.run(&origin, seed, &text, &extension_of(path), || {
                    let Ok(diagnostics) = storlint::lint_source_with(&file, &options) else {
                        return Ok(());
                    };
                    for d in diagnostics {
                        check_range(&file.text, &d.primary.range, d.rule)?;
                    }
                    Ok(())
                });
            }
        }
        target.finish();
    });
}

/// Statements the fixtures' `.sql` files do not hold: the other verbs and
/// the quoting, parameters and comments SQLite accepts.
const SQL_STATEMENTS: &[&str] = &[
    "PRAGMA main.journal_mode = 'wal'; PRAGMA synchronous=-1; PRAGMA cache_size;",
    "PRAGMA \"secure_delete\" = ON; PRAGMA auto_vacuum(FULL);",
    "VACUUM; VACUUM main INTO '/tmp/copy.db'; REINDEX; ANALYZE;",
    "CREATE TABLE IF NOT EXISTS \"t\"\"q\" (id INTEGER PRIMARY KEY AUTOINCREMENT, [name] VARCHAR(255) UNIQUE NOT NULL DEFAULT 'x', `ref` INT REFERENCES other(id), created UNSIGNED BIG INT DEFAULT (abs(-1)), UNIQUE (name, ref), FOREIGN KEY (ref) REFERENCES other(id)) WITHOUT ROWID;",
    "CREATE UNIQUE INDEX IF NOT EXISTS main.idx_état ON tâches (lower(name) COLLATE NOCASE DESC, done) WHERE done = 0;",
    "DROP INDEX IF EXISTS main.idx; DROP TABLE t; ALTER TABLE main.t ADD COLUMN c TEXT DEFAULT NULL; ALTER TABLE t RENAME TO u;",
    "WITH recent AS (SELECT * FROM log WHERE at > ?1) SELECT a.x, b.y FROM recent a JOIN t b ON a.id = b.id WHERE (a.k = :key OR NOT b.flag) AND b.s IN ('a', 'b') AND b.n BETWEEN 1 AND 2 AND b.m LIKE 'x%' AND b.z IS NOT NULL ORDER BY a.x DESC, b.y;",
    "SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE archived) AND NOT deleted AND c = @p AND d <> $q AND e IS TRUE;",
    "INSERT OR REPLACE INTO t (a, b, c) VALUES (1, 'it''s', ?), (-2, NULL, x'00ff'); REPLACE INTO t VALUES (1);",
    "UPDATE t SET a = 1, b = 'done', c = c + 1 WHERE id = ? AND owner = __storlint_hole__; DELETE FROM main.t WHERE rowid = 3;",
    "BEGIN IMMEDIATE; INSERT INTO t DEFAULT VALUES; COMMIT; BEGIN; ROLLBACK;",
    "-- a comment; with a semicolon\nSELECT 1; /* a block; comment */ SELECT /* inner */ 2 -- trailing\r\n;",
    "SELECT 'unterminated",
    "CREATE TABLE t(a",
    "upsert: INSERT INTO t(a) VALUES (1) ON CONFLICT(a) DO UPDATE SET a = excluded.a;",
    "import com.example.Thing;\nselectAll:\nSELECT * FROM t WHERE a IN ?;",
];

#[test]
fn the_sql_reader_keeps_every_range_inside_mutated_sql() {
    let mutants = mutants_per_input();
    let mut corpus: Vec<(String, String)> = fixtures(&common::testdata().join("rules"))
        .into_iter()
        .filter(|path| Language::from_path(path) == Some(Language::Sql))
        .map(|path| {
            let text = common::load(&path).text;
            (path.display().to_string(), text)
        })
        .collect();
    assert!(!corpus.is_empty());
    corpus.extend(
        SQL_STATEMENTS
            .iter()
            .enumerate()
            .map(|(i, sql)| (format!("statement {i}"), sql.to_string())),
    );
    on_big_stack(move || {
        let mut target = Target::new("sql-reader");
        let strays: Vec<&str> = STRAYS.iter().chain(SQL_STRAYS).copied().collect();
        for (index, (origin, original)) in corpus.iter().enumerate() {
            for round in 0..mutants {
                let (seed, mut rng) = Rng::for_input(0x5_91_f0_22, index, round);
                let sql = if rng.below(3) == 0 {
                    let (_, other) = rng.pick(&corpus);
                    let spliced = splice(original, other, &mut rng);
                    if rng.below(2) == 0 {
                        mutate(&spliced, &mut rng, &strays)
                    } else {
                        spliced
                    }
                } else {
                    mutate_some(original, &mut rng, &strays)
                };
                target.run(origin, seed, &sql, "sql", || check_sql_reader(&sql));
            }
        }
        target.finish();
    });
}

/// The SQL reader on `sql`: as a string at the start of a file, as one
/// further into a host file, and as a `.sql` and a `.sq` file.
fn check_sql_reader(sql: &str) -> Result<(), String> {
    let has_holes = sql.contains(HOLE);
    let alone = StrLit {
        value: sql.to_string(),
        map: SourceMap::Identity { offset: 0 },
        has_holes,
    };
    for fact in storlint::lang::sql::facts(&alone) {
        check_sql_fact(&fact, sql)?;
    }
    let opener = "db.execSQL(\"";
    let host = format!("{opener}{sql}\")");
    let embedded = StrLit {
        map: SourceMap::Identity {
            offset: opener.len(),
        },
        ..alone
    };
    for fact in storlint::lang::sql::facts(&embedded) {
        check_sql_fact(&fact, &host)?;
        let string = opener.len()..opener.len() + sql.len();
        let statement = &fact.statement_range;
        if statement.start < string.start || statement.end > string.end {
            return Err(format!(
                "statement at {statement:?} outside its string at {string:?}"
            ));
        }
    }
    storlint::lang::sql::reads_as_sql(sql);
    for name in ["m.sql", "m.sq"] {
        let file = SourceFile::from_text(name, Language::Sql, sql);
        match storlint::lang::sql::lower(&file) {
            Ok(model) => check_model(&model, &file.text)?,
            Err(error) => return Err(format!("{name}: not lowered: {}", error.message)),
        }
    }
    Ok(())
}

/// A `storlint-ignore` comment built from pieces, as people get them wrong.
fn marker_comment(rng: &mut Rng) -> String {
    const OPENERS: &[&str] = &[
        "// ", "//", "/// ", "-- ", "--", "/* ", " * ", "/*! ", "# ", "//! ",
    ];
    const MARKERS: &[&str] = &[
        "storlint-ignore",
        "storlint-ignore-file",
        "storlint-ignore-next-line",
        "storlint-ignored",
        "storlint-ignore:",
        "STORLINT-IGNORE",
        "storlint-ignore-file:",
    ];
    const SEPARATORS: &[&str] = &[", ", ",", " ", "", ",,", " , ", "\t", ";"];
    const TAILS: &[&str] = &[
        "",
        " -- a reason",
        ": a reason",
        " a reason without separator",
        " */",
        "\"",
        "\\n\"",
        " -- ünïcödé 😀",
        " -- ",
        "--",
        ":",
    ];
    let ids: Vec<&str> = storlint::rules::RULES.iter().map(|r| r.id).collect();
    let count = match rng.below(6) {
        0 => 0,
        // A very long list.
        1 => 200 + rng.below(800),
        _ => 1 + rng.below(4),
    };
    let mut list = String::new();
    for i in 0..count {
        if i > 0 {
            let separator = rng.pick(SEPARATORS);
            list.push_str(separator);
        }
        let id = rng.pick(&ids);
        match rng.below(6) {
            // Cut short, on a character boundary.
            0 => list.push_str(&id[..rng.below(id.len())]),
            // With a letter from elsewhere.
            1 => {
                let at = rng.below(id.len());
                list.push_str(&id[..at]);
                let foreign = rng.pick(&["ı", "😀", "\u{feff}", "_", "É", "\u{0301}"]);
                list.push_str(foreign);
                list.push_str(&id[at..]);
            }
            2 => list.push_str(&id.replace('-', "_").to_uppercase()),
            _ => list.push_str(id),
        }
    }
    let space = if rng.below(4) == 0 { "" } else { " " };
    let newline = if rng.below(3) == 0 { "\r\n" } else { "\n" };
    format!(
        "{}{}{space}{list}{}{newline}",
        rng.pick(OPENERS),
        rng.pick(MARKERS),
        rng.pick(TAILS)
    )
}

/// `file` with `comment` on a line of its own or at the end of a line.
fn with_comment(text: &str, comment: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let at = rng.below(lines.len() + 1);
    if rng.below(2) == 0 || at == lines.len() {
        lines.insert(at, comment.to_string());
    } else {
        let line = &mut lines[at];
        let end = line.trim_end_matches(['\r', '\n']).len();
        line.insert_str(end, &format!(" {}", comment.trim_end_matches(['\r', '\n'])));
    }
    lines.concat()
}

#[test]
fn suppression_comments_never_panic_and_warnings_point_into_the_file() {
    let mutants = mutants_per_input();
    let files = fixtures(&common::testdata().join("rules"));
    on_big_stack(move || {
        let options = fuzz_options();
        let mut target = Target::new("suppressions");
        for (index, path) in files.iter().enumerate() {
            let original = common::load(path);
            for round in 0..mutants {
                let (seed, mut rng) = Rng::for_input(0x0001_904e, index, round);
                let mut text = original.text.clone();
                for _ in 0..=rng.below(3) {
                    let mut comment = marker_comment(&mut rng);
                    if rng.below(3) == 0 {
                        comment = mutate(&comment, &mut rng, STRAYS);
                    }
                    text = with_comment(&text, &comment, &mut rng);
                }
                if rng.below(4) == 0 {
                    text = text.replace('\n', "\r\n");
                }
                if rng.below(3) == 0 {
                    text = mutate(&text, &mut rng, STRAYS);
                }
                let file = SourceFile::from_text(&original.display, original.language, &text);
                let origin = path.display().to_string();
                target.run(&origin, seed, &text, &extension_of(path), || {
                    // The comments alone, with no statements to cover.
                    let alone = Suppressions::collect(&file, &Model::new(file.language), &[]);
                    for warning in &alone.warnings {
                        check_position(warning, &file)?;
                    }
                    // And with the statements of the whole pipeline.
                    let Ok(checked) = storlint::check_source(&file, &options) else {
                        return Ok(());
                    };
                    for warning in &checked.warnings {
                        check_position(warning, &file)?;
                    }
                    for d in &checked.diagnostics {
                        check_range(&file.text, &d.primary.range, d.rule)?;
                    }
                    Ok(())
                });
            }
        }
        target.finish();
    });
}

#[test]
fn each_frontend_lowers_mutants_into_ranges_inside_the_text() {
    let mutants = mutants_per_input();
    let files: Vec<PathBuf> = fixtures(&common::testdata().join("rules"))
        .into_iter()
        .filter(|path| Language::from_path(path) != Some(Language::Sql))
        .collect();
    assert!(!files.is_empty());
    on_big_stack(move || {
        let budget = fuzz_options().parse_budget;
        let mut target = Target::new("frontends");
        for (index, path) in files.iter().enumerate() {
            let original = common::load(path);
            for round in 0..mutants {
                let (seed, mut rng) = Rng::for_input(0x000f_0e2d, index, round);
                let text = mutate_some(&original.text, &mut rng, STRAYS);
                let file = SourceFile::from_text(&original.display, original.language, &text);
                let origin = path.display().to_string();
                target.run(&origin, seed, &text, &extension_of(path), || {
                    match storlint::lang::lower_within(&file, budget) {
                        Ok(model) => check_model(&model, &file.text),
                        Err(_) => Ok(()),
                    }
                });
            }
        }
        target.finish();
    });
}

/// `fix`: the fixtures of the rules that fix, mutated, fixed in memory with
/// every fix that may be applied (`--unsafe-fixes`). Every edit lies inside
/// the text on character boundaries; a file a fix would break is left as it
/// was (an `Err`, not a panic); and a fixed text is done: fixing it again
/// changes nothing.
#[test]
fn fixing_mutated_fixtures_never_panics_and_converges() {
    let mutants = mutants_per_input();
    let fixing_rules: Vec<&str> = storlint::rules::RULES
        .iter()
        .filter(|rule| rule.fix != storlint::rules::FixAvailability::Never)
        .map(|rule| rule.id)
        .collect();
    let files: Vec<PathBuf> = fixing_rules
        .iter()
        .flat_map(|id| fixtures(&common::testdata().join("rules").join(id)))
        .collect();
    assert!(!files.is_empty());
    on_big_stack(move || {
        let options = fuzz_options();
        let selection = storlint::fix::Selection { unsafe_fixes: true };
        let mut target = Target::new("fix");
        for (index, path) in files.iter().enumerate() {
            let original = common::load(path);
            for round in 0..mutants {
                let (seed, mut rng) = Rng::for_input(0x5eed_f1c5_0bad_cafe, index, round);
                let text = mutate(&original.text, &mut rng, STRAYS);
                let file = SourceFile::from_text(&original.display, original.language, &text);
                let origin = path.display().to_string();
                target.run(&origin, seed, &text, &extension_of(path), || {
                    let Ok(diagnostics) = storlint::lint_source_with(&file, &options) else {
                        return Ok(());
                    };
                    for diagnostic in &diagnostics {
                        for edit in diagnostic.fix.iter().flat_map(|fix| &fix.edits) {
                            check_range(&file.text, &edit.range, diagnostic.rule)?;
                        }
                    }
                    let Ok(fixed) = storlint::fix::fix_source(&file, &options, selection) else {
                        return Ok(());
                    };
                    let again = SourceFile::from_text(&original.display, original.language, &fixed);
                    match storlint::fix::fix_source(&again, &options, selection) {
                        Ok(twice) if twice != fixed => {
                            Err("fixing the fixed text changes it".into())
                        }
                        _ => Ok(()),
                    }
                });
            }
        }
        target.finish();
    });
}
