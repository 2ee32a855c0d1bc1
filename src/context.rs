//! The context layer: the one place that answers "does where this code
//! lives change the verdict?". Rules never decide it alone.
//!
//! - Test code (by the layout conventions of each ecosystem, and by the
//!   markers of each test framework) is not reported unless asked for, and
//!   never counts as evidence for a project rule.
//! - One-shot contexts (migrations, importers, backup and restore, a CLI's
//!   `main`) run once by design; the project stage also knows them through
//!   their callers (`Project::one_shot`).
//!
//! In-memory and read-only databases are facts of the open call and live in
//! the catalog (`Op::DbOpen`); the rules that care read them there.

use crate::catalog;
use crate::config::PathMatcher;
use crate::model::{FunctionKind, Model, NodeId, NodeKind, Segment};
use crate::source::{ByteRange, Language, SourceFile};

/// What the user asked for: which code to keep, and the limits that bound
/// the work spent on one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Report findings in test code, and let test code count as evidence.
    pub include_tests: bool,
    /// Files larger than this many bytes are reported and not read.
    pub max_file_size: u64,
    /// How long the parses of one file may take together before the file
    /// is reported as not checked.
    pub parse_budget: std::time::Duration,
    /// Count the bytes of test files too, which are otherwise not touched.
    pub statistics: bool,
    /// Test code besides what the layout conventions say (`test-paths`).
    pub test_paths: PathMatcher,
    /// Paths not checked at all, never read (`exclude`).
    pub exclude: PathMatcher,
    /// Where the analysis cache lives (`cache`); none: every file is parsed.
    pub cache_dir: Option<std::path::PathBuf>,
    /// Stops the run early when set (an editor's lint an edit made stale).
    pub cancel: Cancel,
}

/// A flag another thread sets to stop a run: the files not yet read are
/// left unchecked and the report says it was cancelled.
#[derive(Debug, Clone, Default)]
pub struct Cancel(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Cancel {
    pub fn cancel(&self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Two options are alike when they share the one flag.
impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Cancel {}

/// The default `Options::max_file_size`: 5 MB, far above hand-written
/// source; what is larger is generated or data.
pub const MAX_FILE_SIZE: u64 = 5_000_000;

impl Default for Options {
    fn default() -> Options {
        Options {
            include_tests: false,
            max_file_size: MAX_FILE_SIZE,
            parse_budget: crate::lang::PARSE_BUDGET,
            statistics: false,
            test_paths: PathMatcher::default(),
            exclude: PathMatcher::default(),
            cache_dir: None,
            cancel: Cancel::default(),
        }
    }
}

impl Options {
    /// Whether the file at `path` (`layout_path` relative to the project)
    /// is test code left out of the run: by the layout conventions or the
    /// configuration's `test-paths`, unless tests are included.
    pub fn skips_test_file(
        &self,
        layout_path: &str,
        path: &std::path::Path,
        language: Language,
    ) -> bool {
        !self.include_tests
            && (is_test_path(layout_path, language) || self.test_paths.matches(path))
    }
}

/// The test code of one file: all of it, or some regions.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TestCode {
    whole_file: bool,
    /// Sorted by start; may nest.
    regions: Vec<ByteRange>,
}

impl TestCode {
    /// No test code: what callers use when tests are included.
    pub fn none() -> TestCode {
        TestCode::default()
    }

    /// Finds the test code of `file`: by its path, then by the markers of
    /// test frameworks on its types and functions.
    pub fn of(file: &SourceFile, model: &Model) -> TestCode {
        if is_test_path(&file.layout_path, file.language) {
            return TestCode {
                whole_file: true,
                regions: Vec::new(),
            };
        }
        let text = &file.text;
        let mut regions = model.test_items.clone();
        let mut test_types = Vec::new();
        for id in model.ids() {
            let node = model.node(id);
            match &node.kind {
                NodeKind::Function(_) if function_is_test(model, id, text) => {
                    regions.push(node.range.clone());
                    // A class holding tests is a test class: its helpers too.
                    if let Some(owner) = node.parent.filter(|&p| is_type(model, p)) {
                        test_types.push(owner);
                    }
                }
                NodeKind::TypeDecl { .. } if type_is_test(model.language, header(text, node)) => {
                    test_types.push(id);
                }
                _ => {}
            }
        }
        regions.extend(
            test_types
                .into_iter()
                .map(|id| model.node(id).range.clone()),
        );
        regions.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
        TestCode {
            whole_file: false,
            regions,
        }
    }

    /// The whole file is test code (its path says so).
    pub fn is_whole_file(&self) -> bool {
        self.whole_file
    }

    /// Whether the byte at `offset` lies in test code.
    pub fn contains(&self, offset: usize) -> bool {
        if self.whole_file {
            return true;
        }
        // Regions are sorted by start; any region starting at or before
        // `offset` may cover it, and real files have a handful.
        let candidates = self.regions.partition_point(|r| r.start <= offset);
        self.regions[..candidates].iter().any(|r| offset < r.end)
    }
}

/// Whether a path, relative to the project, is test code by the layout
/// conventions of its ecosystem:
///
/// - Gradle source sets: `src/test`, `src/androidTest`, `src/testFixtures`,
///   `src/sharedTest`, and Kotlin Multiplatform's `src/commonTest`,
///   `src/jvmTest`, `src/androidUnitTest`... (a source set named `test*` or `*Test`);
/// - Swift packages and Xcode targets: `Tests/`, `*Tests/` (`AppTests`,
///   `AppUITests`), `*TestSupport/`;
/// - Cargo: `tests/`, `benches/`, `examples/`, and a `tests.rs` module file;
/// - benchmark code in any language: `benchmark/`, `benchmarks/`,
///   `macrobenchmark/`, `microbenchmark/`;
/// - Gradle's `src/debug` build type, a `testing/` tree, Swift playgrounds;
/// - example, sample and demo components (`examples/`, `sample/`, `DemoApps/`,
///   `GRDBDemo/`) outside a source root: code that shows the project, not
///   code it ships;
/// - developer tools: a `developer/` or `devtools/` folder, and
///   files named for a debug or developer screen (`DebugEtagStorage.swift`,
///   `DeveloperViewModel.kt`), which a tester opens by hand;
/// - any language: a `test`/`tests` directory, or a file named as a test
///   (`FooTest.kt`, `FooTests.swift`, `foo_test.rs`, `test_foo.rs`).
pub fn is_test_path(path: &str, language: Language) -> bool {
    let parts: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
    let Some((file, dirs)) = parts.split_last() else {
        return false;
    };
    let source_set = |previous: Option<&&str>, dir: &str| {
        previous == Some(&"src")
            && (dir.starts_with("test")
                || dir.ends_with("Test")
                || dir.ends_with("Tests")
                || dir == "sharedTest")
    };
    // Example, sample and demo components sit beside the code they show; a
    // package inside a source root (`src/main/java/com/example/app`) is
    // production code.
    let source_root = dirs
        .iter()
        .position(|dir| matches!(*dir, "src" | "java" | "kotlin" | "Sources" | "Source"))
        .unwrap_or(dirs.len());
    let test_dir = dirs.iter().enumerate().any(|(i, dir)| {
        let previous = i.checked_sub(1).map(|p| &dirs[p]);
        matches!(
            *dir,
            "test" | "tests" | "Tests" | "androidTest" | "testFixtures" | "testing"
        ) || dir.ends_with("Tests")
            || dir.ends_with("TestSupport")
            || source_set(previous, dir)
            // Gradle's debug build type: never in a release build.
            || (language == Language::Kotlin && previous == Some(&"src") && *dir == "debug")
            || (language == Language::Rust && matches!(*dir, "benches" | "examples"))
            // Benchmark code (a crate's `src/benchmarks/`, an Android
            // `benchmark`/`macrobenchmark` module) measures the product.
            || matches!(*dir, "benchmark" | "benchmarks" | "macrobenchmark" | "microbenchmark")
            || dir.ends_with(".playground")
            || *dir == "Playgrounds"
            || (i < source_root && is_showcase_dir(dir))
            || matches!(*dir, "developer" | "devtools")
    });
    let stem = file.split('.').next().unwrap_or(file);
    let developer_tool = ["Debug", "Developer"].iter().any(|prefix| {
        stem.strip_prefix(prefix)
            .and_then(|rest| rest.chars().next())
            .is_some_and(char::is_uppercase)
    });
    test_dir
        || developer_tool
        || stem.ends_with("Test")
        || stem.ends_with("Tests")
        || stem.ends_with("_test")
        || stem.ends_with("_tests")
        || stem.starts_with("test_")
        || (language == Language::Rust && matches!(stem, "tests" | "test_utils" | "testing"))
}

/// A folder of example, sample or demo code: `examples/`, `sample/`,
/// `DemoApps/`, `GRDBDemo/`. A bare `demo/` is not one: it is as often the
/// app a repository exists to show (storlint's own `testdata/demo`).
fn is_showcase_dir(dir: &str) -> bool {
    let lower = dir.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "example" | "examples" | "sample" | "samples" | "demoapps"
    ) || dir.ends_with("Demo")
        || dir.ends_with("Demos")
        || dir.ends_with("Example")
        || dir.ends_with("Examples")
        || dir.ends_with("Sample")
}

fn is_type(model: &Model, id: NodeId) -> bool {
    matches!(model.node(id).kind, NodeKind::TypeDecl { .. })
}

/// A function a test framework runs: JUnit / kotlin.test annotations
/// (`@Test`, `@Before`...), Swift Testing's `@Test`. Rust's `#[test]` items
/// come from the frontend (`Model::test_items`).
fn function_is_test(model: &Model, function: NodeId, text: &str) -> bool {
    let NodeKind::Function(f) = &model.node(function).kind else {
        return false;
    };
    if f.kind != FunctionKind::Plain {
        return false;
    }
    match model.language {
        Language::Kotlin => model.children(function).any(|child| {
            let node = model.node(child);
            matches!(&node.kind, NodeKind::Call(c)
                if c.name_range.start < f.name_range.start && catalog::is_test_annotation(&c.name))
        }),
        Language::Swift => {
            let start = model.node(function).range.start;
            text.get(start..f.name_range.start)
                .is_some_and(|head| has_word(head, "@Test"))
        }
        Language::Rust | Language::Sql => false,
    }
}

/// A type declaration's header: from its start to its body's brace.
fn header<'t>(text: &'t str, node: &crate::model::Node) -> &'t str {
    let declaration = text.get(node.range.clone()).unwrap_or("");
    let end = declaration.find('{').unwrap_or(declaration.len());
    &declaration[..end]
}

/// A test class by its header (`catalog::test_class_markers`).
fn type_is_test(language: Language, header: &str) -> bool {
    catalog::test_class_markers(language)
        .iter()
        .any(|marker| has_word(header, marker))
}

/// `word` in `text`, not as part of a longer identifier.
fn has_word(text: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let joined_before = word.starts_with(is_ident) && before.is_some_and(is_ident);
        let joined_after = after.is_some_and(is_ident);
        !joined_before && !joined_after
    })
}

/// Whether a function's own name (or its type's) says it runs once by
/// design: a migration, an import or export, a backup or restore, a dump.
pub fn is_one_shot_name(name: &str) -> bool {
    // Asked of every function and its callers on every project pass: one
    // automaton, built once, in any case.
    static WORDS: std::sync::OnceLock<aho_corasick::AhoCorasick> = std::sync::OnceLock::new();
    WORDS
        .get_or_init(|| {
            aho_corasick::AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .build([
                    "migrat",
                    "upgrade",
                    "downgrade",
                    "import",
                    "export",
                    "backup",
                    "restore",
                    "dump",
                ])
                .expect("the one-shot words form a valid automaton")
        })
        .is_match(name)
}

/// Whether a file lives in a folder named for a job that runs once
/// (`src/import/zsh_histdb.rs`, `db/migrations/V3.kt`): its functions are
/// that job's, whatever their own names.
pub fn is_one_shot_path(path: &str) -> bool {
    let mut dirs: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
    dirs.pop();
    dirs.into_iter().any(is_one_shot_name)
}

/// True when a closure between `node` and its function is handed to a call
/// that defers or coalesces it (`asyncAfter`, `postDelayed`, a
/// `DispatchWorkItem`), or to a call on a debounced chain
/// (`flow.debounce(500).collect { }`, `$items.debounce(..).sink { }`).
pub fn deferred(model: &Model, node: NodeId) -> bool {
    for ancestor in model.ancestors(node) {
        match &model.node(ancestor).kind {
            NodeKind::Closure { .. } => {
                let Some(parent) = model.node(ancestor).parent else {
                    return false;
                };
                let NodeKind::Call(call) = &model.node(parent).kind else {
                    continue;
                };
                let defers = catalog::is_deferring_call(model.language, &call.name)
                    || catalog::registers_event_handler(model.language, &call.name)
                    || catalog::runs_on_executor(model.language, call)
                    || catalog::keeps_closure(model.language, &call.name)
                    || call.receiver.iter().any(
                        |s| matches!(s, Segment::Call(n) if catalog::is_deferring_call(model.language, n)),
                    );
                if defers {
                    return true;
                }
            }
            NodeKind::Function(_) | NodeKind::TypeDecl { .. } => return false,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test_code(name: &str, language: Language, text: &str) -> TestCode {
        let file = SourceFile::from_text(name, language, text);
        let model = crate::lang::lower(&file).unwrap();
        TestCode::of(&file, &model)
    }

    #[test]
    fn test_paths_follow_each_ecosystem() {
        use Language::*;
        for (path, language) in [
            ("app/src/test/java/a/Db.kt", Kotlin),
            ("app/src/androidTest/java/a/Db.kt", Kotlin),
            ("core/src/testFixtures/kotlin/Fake.kt", Kotlin),
            ("data/src/commonTest/kotlin/Fake.kt", Kotlin),
            ("data/src/androidUnitTest/kotlin/Fake.kt", Kotlin),
            ("app/src/main/java/a/DbTest.kt", Kotlin),
            ("Modules/Db/Tests/DbTests/Store.swift", Swift),
            ("AppTests/Mock.swift", Swift),
            ("AppUITests/Flow.swift", Swift),
            ("Sources/StoreTests.swift", Swift),
            ("crates/db/tests/open.rs", Rust),
            ("crates/db/benches/common/mod.rs", Rust),
            ("examples/demo.rs", Rust),
            (
                "app/src/main/java/org/a/settings/developer/Panel.kt",
                Kotlin,
            ),
            ("App/Debug/DebugEtagStorage.swift", Swift),
            ("app/src/main/java/org/a/DeveloperViewModel.kt", Kotlin),
            ("src/store/tests.rs", Rust),
            ("db/tests/fixtures/seed.sql", Sql),
            ("testing/separated/places-tests/src/ios_history.rs", Rust),
            ("components/example/src/db.rs", Rust),
            ("examples/Demo.swift", Swift),
            ("samples/todo/app/src/main/java/a/Db.kt", Kotlin),
            (
                "Documentation/DemoApps/GRDBDemo/GRDBDemo/Persistence.swift",
                Swift,
            ),
            (
                "Documentation/Playgrounds/Tour.playground/Contents.swift",
                Swift,
            ),
            ("app/src/debug/java/org/a/DebugViewModel.kt", Kotlin),
            ("components/search/src/benchmarks/ingest.rs", Rust),
            ("macrobenchmark/src/main/java/a/StartupBenchmark.kt", Kotlin),
        ] {
            assert!(is_test_path(path, language), "{path}");
        }
        for (path, language) in [
            ("app/src/main/java/a/TestabilityHelper.kt", Kotlin),
            ("app/src/main/java/a/Contest.kt", Kotlin),
            ("app/src/main/java/a/Debugger.kt", Kotlin),
            ("Sources/Log/Debouncer.swift", Swift),
            ("crates/db/src/debug/format.rs", Rust),
            ("testdata/rules/x/bad.kt", Kotlin),
            ("Sources/Latest/Store.swift", Swift),
            ("crates/db/src/lib.rs", Rust),
            ("migrations/001_init.sql", Sql),
            // Packages inside a source root are production code.
            ("app/src/main/java/com/example/notes/Db.kt", Kotlin),
            ("app/src/main/kotlin/org/a/data/demo/DemoData.kt", Kotlin),
            ("Sources/Samples/Store.swift", Swift),
            ("app/src/main/java/org/a/debug/Screen.kt", Kotlin),
            ("demo/ios/Store.swift", Swift),
        ] {
            assert!(!is_test_path(path, language), "{path}");
        }
    }

    #[test]
    fn rust_test_items_are_test_code() {
        let text = "fn open() {}\n#[cfg(test)]\nmod tests {\n    fn helper() {}\n}\n#[tokio::test]\nasync fn t() {}\n#[cfg(not(test))]\nfn prod() {}\n";
        let code = test_code("src/lib.rs", Language::Rust, text);
        let at = |needle: &str| text.find(needle).unwrap();
        assert!(!code.contains(at("open")));
        assert!(code.contains(at("helper")));
        assert!(code.contains(at("async fn t")));
        assert!(!code.contains(at("prod")));
    }

    #[test]
    fn xctest_classes_and_junit_classes_are_test_code() {
        let swift = "final class StoreTests: XCTestCase {\n    func helper() {}\n}\nclass Store {\n    func save() {}\n}\n";
        let code = test_code("Sources/Store.swift", Language::Swift, swift);
        assert!(code.contains(swift.find("helper").unwrap()));
        assert!(!code.contains(swift.find("save").unwrap()));

        let kotlin = "class DaoTest {\n    fun seed() {}\n    @Test\n    fun inserts() {}\n}\nclass Dao {\n    fun insert() {}\n}\n";
        let code = test_code("src/main/Dao.kt", Language::Kotlin, kotlin);
        assert!(code.contains(kotlin.find("seed").unwrap()));
        assert!(!code.contains(kotlin.find("insert()").unwrap()));
    }

    #[test]
    fn one_shot_paths() {
        assert!(is_one_shot_path("crates/client/src/import/zsh_histdb.rs"));
        assert!(is_one_shot_path("app/src/main/java/a/db/migrations/V3.kt"));
        assert!(is_one_shot_path("Sources/Backup/Restore.swift"));
        // The file's own name is its functions' business, not the folder's.
        assert!(!is_one_shot_path("src/history/import.rs"));
        assert!(!is_one_shot_path("app/src/main/java/a/db/NoteDao.kt"));
    }

    #[test]
    fn one_shot_names() {
        assert!(is_one_shot_name("migrateToV3"));
        assert!(is_one_shot_name("LegacyImporter"));
        assert!(!is_one_shot_name("save"));
        // Any case, anywhere in the name; a name shorter than a word.
        assert!(is_one_shot_name("DUMP"));
        assert!(is_one_shot_name("runDbUpGrade"));
        assert!(!is_one_shot_name("dum"));
        assert!(!is_one_shot_name(""));
    }
}
