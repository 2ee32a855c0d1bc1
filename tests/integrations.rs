//! The integration files at the repository's root (the pre-commit manifest,
//! the GitHub Action) and the README's examples: the manifests hold the keys
//! their consumers require, they only use flags the binary accepts, and the
//! README's marked shell blocks run against the demo app.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_norway::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn yaml(name: &str, text: &str) -> Value {
    serde_norway::from_str(text).unwrap_or_else(|e| panic!("{name} is not valid YAML: {e}"))
}

fn str_at<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key).and_then(Value::as_str)
}

/// Every long flag `storlint --help` lists.
fn accepted_flags() -> BTreeSet<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_storlint"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success());
    flags_in(&String::from_utf8(output.stdout).unwrap())
}

fn flags_in(text: &str) -> BTreeSet<String> {
    regex::Regex::new(r"(?:^|[\s\[(,`])(--[a-z][a-z-]*[a-z])")
        .unwrap()
        .captures_iter(text)
        .map(|c| c[1].to_string())
        .collect()
}

/// The flags passed to storlint in a file: on lines that run it (the first
/// word is `storlint`, after a YAML `run:` or list dash) and in pre-commit
/// `args:` lists. Other commands' flags (`cargo install --locked`) are not
/// storlint's.
fn storlint_flags(text: &str) -> BTreeSet<String> {
    text.lines()
        .map(str::trim_start)
        .map(|l| l.trim_start_matches("- ").trim_start_matches("run: "))
        .filter(|l| l.starts_with("storlint ") || l.starts_with("args:"))
        .flat_map(flags_in)
        .collect()
}

fn assert_flags_accepted(name: &str, text: &str, accepted: &BTreeSet<String>) -> usize {
    let used = storlint_flags(text);
    let unknown: Vec<_> = used.difference(accepted).collect();
    assert!(
        unknown.is_empty(),
        "{name} passes flags `storlint --help` does not list: {unknown:?}"
    );
    used.len()
}

/// The extensions `Language::from_path` matches, read from its source so a
/// new one cannot be forgotten in the manifest.
fn extensions_storlint_reads() -> Vec<String> {
    let source = read("src/source.rs");
    let body = source
        .split_once("pub fn from_path(")
        .expect("src/source.rs defines Language::from_path")
        .1
        .split_once("\n    }\n")
        .unwrap()
        .0;
    let extensions: Vec<String> = regex::Regex::new(r#""([A-Za-z0-9]+)""#)
        .unwrap()
        .captures_iter(body)
        .map(|c| c[1].to_string())
        .collect();
    assert!(extensions.len() >= 6, "{extensions:?}");
    extensions
}

/// The keys pre-commit's manifest schema knows for a hook
/// (pre_commit/clientlib.py, MANIFEST_HOOK_DICT).
const HOOK_KEYS: &[&str] = &[
    "id",
    "name",
    "entry",
    "language",
    "alias",
    "files",
    "exclude",
    "types",
    "types_or",
    "exclude_types",
    "additional_dependencies",
    "args",
    "always_run",
    "fail_fast",
    "pass_filenames",
    "description",
    "language_version",
    "log_file",
    "minimum_pre_commit_version",
    "require_serial",
    "stages",
    "verbose",
];

#[test]
fn the_pre_commit_manifest_has_one_rust_hook_matching_every_language() {
    let text = read(".pre-commit-hooks.yaml");
    let manifest = yaml(".pre-commit-hooks.yaml", &text);
    let hooks = manifest.as_sequence().expect("the manifest is a list");
    assert_eq!(hooks.len(), 1);
    let hook = &hooks[0];
    for (key, _) in hook.as_mapping().expect("a hook is a mapping") {
        let key = key.as_str().unwrap();
        assert!(HOOK_KEYS.contains(&key), "unknown hook key `{key}`");
    }
    for key in ["id", "name", "entry", "language", "files"] {
        assert!(str_at(hook, key).is_some(), "the hook has no `{key}`");
    }
    assert_eq!(str_at(hook, "id"), Some("storlint"));
    assert_eq!(str_at(hook, "language"), Some("rust"));
    // `entry` is the binary cargo installs from this package.
    assert_eq!(str_at(hook, "entry"), Some("storlint"));
    assert!(Path::new(env!("CARGO_BIN_EXE_storlint")).ends_with("storlint"));
    assert_ne!(
        hook.get("pass_filenames").and_then(Value::as_bool),
        Some(false),
        "changed-file runs need the file names"
    );

    // pre-commit searches `files` (Python `re.search`) in the path.
    let files = regex::Regex::new(str_at(hook, "files").unwrap()).unwrap();
    for extension in extensions_storlint_reads() {
        for path in [
            format!("a.{extension}"),
            format!("app/src/Store.{extension}"),
        ] {
            assert!(
                files.is_match(&path),
                "the hook's `files` misses `{path}`, which storlint reads"
            );
        }
    }
    for path in [
        "a.java",
        "a.py",
        "Cargo.toml",
        "a.rsx",
        "a.sqlite",
        "a.kt.orig",
        "a.md",
    ] {
        assert!(
            !files.is_match(path),
            "the hook's `files` matches `{path}`, which storlint does not read"
        );
    }
    assert_flags_accepted(".pre-commit-hooks.yaml", &text, &accepted_flags());
}

#[test]
fn the_action_writes_and_uploads_sarif_with_flags_storlint_accepts() {
    let text = read("action.yml");
    let action = yaml("action.yml", &text);
    assert!(str_at(&action, "name").is_some());
    assert!(str_at(&action, "description").is_some());
    let inputs = action.get("inputs").expect("action.yml has inputs");
    for (input, default) in [
        ("paths", Some(".")),
        ("args", Some("")),
        ("sarif-file", Some("storlint.sarif")),
        ("upload-sarif", Some("true")),
        ("annotations", Some("false")),
    ] {
        let input_value = inputs
            .get(input)
            .unwrap_or_else(|| panic!("no input `{input}`"));
        assert!(str_at(input_value, "description").is_some(), "{input}");
        assert_eq!(str_at(input_value, "default"), default, "{input}");
    }
    let runs = action.get("runs").unwrap();
    assert_eq!(str_at(runs, "using"), Some("composite"));
    let steps = runs.get("steps").and_then(Value::as_sequence).unwrap();
    for step in steps {
        if step.get("run").is_some() {
            // A composite action's run steps must name their shell.
            assert!(str_at(step, "shell").is_some(), "{step:?}");
        }
    }
    let run_of = |needle: &str| {
        steps
            .iter()
            .find(|s| str_at(s, "run").is_some_and(|r| r.contains(needle)))
            .unwrap_or_else(|| panic!("no step runs `{needle}`"))
    };
    run_of("cargo install --locked --path");
    let sarif = run_of("storlint --format sarif --exit-zero");
    assert!(str_at(sarif, "run").unwrap().contains("> \"$SARIF_FILE\""));
    assert_eq!(
        str_at(sarif.get("env").unwrap(), "SARIF_FILE"),
        Some("${{ inputs.sarif-file }}")
    );
    let annotations = run_of("storlint --format github");
    assert_eq!(
        str_at(annotations, "if"),
        Some("inputs.annotations == 'true'")
    );
    let upload = steps
        .iter()
        .find(|s| str_at(s, "uses") == Some("github/codeql-action/upload-sarif@v3"))
        .expect("a step uploads the SARIF");
    assert_eq!(str_at(upload, "if"), Some("inputs.upload-sarif == 'true'"));
    assert_eq!(
        str_at(upload.get("with").unwrap(), "sarif_file"),
        Some("${{ inputs.sarif-file }}")
    );
    let used = assert_flags_accepted("action.yml", &text, &accepted_flags());
    assert!(used >= 2, "the flags of the storlint lines were found");
}

/// The action's steps, by name.
fn action_step<'a>(steps: &'a [Value], name: &str) -> &'a Value {
    steps
        .iter()
        .find(|s| str_at(s, "name") == Some(name))
        .unwrap_or_else(|| panic!("action.yml has no step `{name}`"))
}

/// Runs a composite action's `run` script as GitHub does (`bash -e`), with
/// `env` and the built storlint first on PATH; its stderr.
fn run_action_script(script: &str, env: &[(&str, &str)], bin_dir: &Path) -> String {
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("bash")
        .args([
            "--noprofile",
            "--norc",
            "-e",
            "-o",
            "pipefail",
            "-c",
            script,
        ])
        .env("PATH", path)
        .env_remove("STORLINT_CACHE_DIR")
        .envs(env.iter().copied())
        .output()
        .expect("bash runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{script}\n{stderr}");
    stderr
}

#[test]
fn the_action_keeps_the_analysis_cache_between_runs() {
    let text = read("action.yml");
    let action = yaml("action.yml", &text);
    let cache_input = action.get("inputs").and_then(|i| i.get("cache"));
    assert_eq!(cache_input.and_then(|c| str_at(c, "default")), Some("true"));
    let steps = (action.get("runs").and_then(|r| r.get("steps")))
        .and_then(Value::as_sequence)
        .unwrap();
    let choose = action_step(steps, "Choose the analysis cache");
    assert_eq!(str_at(choose, "if"), Some("inputs.cache == 'true'"));
    let restore = action_step(steps, "Restore the analysis cache");
    assert_eq!(str_at(restore, "uses"), Some("actions/cache/restore@v4"));
    assert_eq!(str_at(restore, "if"), Some("env.STORLINT_CACHE_DIR != ''"));
    let with = restore.get("with").unwrap();
    assert_eq!(str_at(with, "path"), Some("${{ env.STORLINT_CACHE_DIR }}"));
    let key = str_at(with, "key").unwrap();
    assert!(key.contains("${{ github.sha }}"));
    // The restore key finds the latest cache of any earlier commit.
    assert!(key.starts_with(str_at(with, "restore-keys").unwrap()));
    // The cache is saved under the same key right after the SARIF run,
    // before the annotations run that may fail the job, unless restored
    // under that very key.
    let position = |name: &str| {
        (steps.iter())
            .position(|s| str_at(s, "name") == Some(name))
            .unwrap()
    };
    let save = action_step(steps, "Save the analysis cache");
    assert_eq!(str_at(save, "uses"), Some("actions/cache/save@v4"));
    let restore_id = str_at(restore, "id").unwrap();
    assert_eq!(
        str_at(save, "if").map(str::to_string),
        Some(format!(
            "env.STORLINT_CACHE_DIR != '' && steps.{restore_id}.outputs.cache-hit != 'true'"
        ))
    );
    let saved = save.get("with").unwrap();
    assert_eq!(str_at(saved, "path"), str_at(with, "path"));
    assert_eq!(str_at(saved, "key"), Some(key));
    assert!(position("Restore the analysis cache") < position("Run storlint (SARIF)"));
    assert!(position("Run storlint (SARIF)") < position("Save the analysis cache"));
    assert!(position("Save the analysis cache") < position("Run storlint (annotations)"));

    // The storlint on PATH is the one built for these tests.
    let work = tempfile::tempdir().unwrap();
    let bin_dir = work.path().join("bin");
    std::fs::create_dir(&bin_dir).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_storlint"), bin_dir.join("storlint")).unwrap();
    // A runner's temporary directory with a blank in it: the path is one word.
    let runner_temp = work.path().join("runner temp");
    std::fs::create_dir(&runner_temp).unwrap();
    let chosen = |args: &str| {
        let github_env = work.path().join("github_env");
        std::fs::write(&github_env, "").unwrap();
        run_action_script(
            str_at(choose, "run").unwrap(),
            &[
                ("ARGS", args),
                ("RUNNER_TEMP", runner_temp.to_str().unwrap()),
                ("GITHUB_ENV", github_env.to_str().unwrap()),
            ],
            &bin_dir,
        );
        let written = std::fs::read_to_string(&github_env).unwrap();
        written
            .trim_end()
            .strip_prefix("STORLINT_CACHE_DIR=")
            .map(str::to_string)
            .filter(|_| !written.is_empty())
    };
    // Flags of the user's that choose otherwise win (the two flags conflict).
    assert_eq!(chosen("--no-cache"), None);
    assert_eq!(chosen("--baseline b.json --cache-dir elsewhere"), None);
    assert_eq!(chosen("--cache-dir=elsewhere"), None);
    let cache_dir = chosen("--statistics").expect("the cache is chosen by default");
    assert_eq!(Path::new(&cache_dir), runner_temp.join("storlint-cache"));

    // Two runs of the SARIF step: the second reads the first one's cache.
    let sarif_step = action_step(steps, "Run storlint (SARIF)");
    let sarif_file = work.path().join("storlint.sarif");
    let demo = work.path().join("demo");
    copy_dir(&root().join("testdata/demo"), &demo);
    let run_sarif = |cache_dir: &str, args: &str| {
        run_action_script(
            str_at(sarif_step, "run").unwrap(),
            &[
                ("PATHS", demo.to_str().unwrap()),
                ("ARGS", args),
                ("SARIF_FILE", sarif_file.to_str().unwrap()),
                ("STORLINT_CACHE_DIR", cache_dir),
            ],
            &bin_dir,
        )
    };
    let from_cache = |stderr: &str| -> usize {
        let line = stderr
            .lines()
            .find(|l| l.contains("of these, from the cache"))
            .unwrap_or_else(|| panic!("no cache line in\n{stderr}"));
        let files = line.split_whitespace().rev().nth(3).unwrap();
        files.parse().unwrap_or_else(|_| panic!("{line}"))
    };
    assert_eq!(from_cache(&run_sarif(&cache_dir, "--statistics")), 0);
    assert!(Path::new(&cache_dir).is_dir(), "the run wrote no cache");
    let sarif = std::fs::read_to_string(&sarif_file).unwrap();
    assert!(sarif.contains("\"results\""), "{sarif}");
    assert!(from_cache(&run_sarif(&cache_dir, "--statistics")) > 0);
    // The annotations run reads the same cache (its findings would fail
    // the script: they are not the question here).
    let annotations = run_action_script(
        str_at(action_step(steps, "Run storlint (annotations)"), "run").unwrap(),
        &[
            ("PATHS", demo.to_str().unwrap()),
            ("ARGS", "--statistics --exit-zero"),
            ("STORLINT_CACHE_DIR", &cache_dir),
        ],
        &bin_dir,
    );
    assert!(from_cache(&annotations) > 0);
    // Without the variable (the input off, or the user's own flag), the
    // step passes no `--cache-dir`: with `--no-cache` it would be a usage
    // error, and the script would fail.
    assert_eq!(from_cache(&run_sarif("", "--statistics --no-cache")), 0);
}

/// The README's fenced blocks of one language: (the line before the fence,
/// the block's text).
fn readme_blocks<'a>(readme: &'a str, language: &str) -> Vec<(&'a str, &'a str)> {
    let fence = format!("```{language}\n");
    let mut blocks = Vec::new();
    let mut rest = readme;
    while let Some((before, after)) = rest.split_once(&fence) {
        let previous = before.trim_end_matches('\n').lines().last().unwrap_or("");
        let (block, after) = after.split_once("```").unwrap();
        blocks.push((previous, block));
        rest = after;
    }
    blocks
}

/// Copies a tree, without the analysis cache an earlier run left in it
/// (a copy starts cold, as a fresh checkout does).
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() == ".storlint-cache" {
            continue;
        }
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs every line of each `sh` block marked `<!-- tested -->`, in order,
/// in a copy of testdata/demo with the built binary first on PATH: storlint
/// lines exit 0 (clean) or 1 (findings), never 2; other lines exit 0.
#[test]
fn the_readmes_tested_shell_examples_run_against_the_demo() {
    let readme = read("README.md");
    let dir = tempfile::tempdir().unwrap();
    let demo = std::fs::canonicalize(dir.path()).unwrap().join("demo");
    copy_dir(&root().join("testdata/demo"), &demo);
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_storlint")).parent().unwrap();
    let mut path = vec![bin_dir.to_path_buf()];
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let path = std::env::join_paths(path).unwrap();

    let mut ran: Vec<String> = Vec::new();
    for (marker, block) in readme_blocks(&readme, "sh") {
        if marker.trim() != "<!-- tested -->" {
            continue;
        }
        for line in block.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let output = Command::new("bash")
                .args(["-o", "pipefail", "-c", line])
                .current_dir(&demo)
                .env("PATH", &path)
                .env("SRCROOT", &demo)
                .env("NO_COLOR", "1")
                .output()
                .unwrap();
            let code = output.status.code();
            let allowed: &[i32] = if line.starts_with("storlint ") {
                &[0, 1]
            } else {
                &[0]
            };
            assert!(
                code.is_some_and(|c| allowed.contains(&c)),
                "README example `{line}` exited {code:?}:\n{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            ran.push(line.to_string());
        }
    }
    // The marked blocks are still there: each documented workflow ran.
    for needle in [
        "--write-baseline",
        "--baseline",
        "--report-unused-ignores",
        "--project-root",
        "--stdin-filename",
        "--format concise --exit-zero",
    ] {
        assert!(
            ran.iter().any(|l| l.contains(needle)),
            "no tested README example runs `{needle}`; ran: {ran:#?}"
        );
    }
    assert!(
        demo.join("storlint-baseline.json").is_file(),
        "the baseline example writes its file"
    );
}

/// The Xcode example rewrites concise lines into the clang form with an
/// absolute path.
#[test]
fn the_readmes_xcode_phase_prints_clang_style_warnings() {
    let readme = read("README.md");
    let xcode = readme.split_once("### Xcode").unwrap().1;
    let (_, block) = readme_blocks(xcode, "sh")[0];
    let dir = tempfile::tempdir().unwrap();
    let demo = std::fs::canonicalize(dir.path()).unwrap().join("demo");
    copy_dir(&root().join("testdata/demo"), &demo);
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_storlint")).parent().unwrap();
    let mut path: Vec<PathBuf> = vec![bin_dir.to_path_buf()];
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let output = Command::new("bash")
        .args(["-eo", "pipefail", "-c", block])
        .env("PATH", std::env::join_paths(path).unwrap())
        .env("SRCROOT", &demo)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let clang = regex::Regex::new(r"^/.+:\d+:\d+: warning: .+ \[[a-z-]+\]$").unwrap();
    assert!(stdout.lines().count() >= 10, "{stdout}");
    for line in stdout.lines() {
        assert!(line.starts_with(&format!("{}/", demo.display())), "{line}");
        assert!(clang.is_match(line), "not in clang's form: {line}");
    }
}

#[test]
fn the_readmes_yaml_examples_parse_and_use_flags_storlint_accepts() {
    let readme = read("README.md");
    let accepted = accepted_flags();
    let blocks = readme_blocks(&readme, "yaml");
    assert!(blocks.len() >= 3, "pre-commit config and two workflows");
    let mut workflows = 0;
    for (_, block) in &blocks {
        let value = yaml("a README yaml block", block);
        assert_flags_accepted("a README yaml block", block, &accepted);
        if value.get("jobs").is_some() {
            workflows += 1;
            let permissions = value.get("permissions").unwrap();
            assert_eq!(str_at(permissions, "security-events"), Some("write"));
        }
    }
    assert_eq!(workflows, 2);
    let workflow = blocks
        .iter()
        .map(|(_, b)| *b)
        .find(|b| b.contains("upload-sarif"))
        .unwrap();
    assert!(workflow.contains("storlint --format sarif --exit-zero . > storlint.sarif"));
    assert!(workflow.contains("uses: github/codeql-action/upload-sarif@v3"));
    // The pre-commit snippet pins the version this package has.
    let version = format!("rev: v{}", env!("CARGO_PKG_VERSION"));
    assert!(
        blocks
            .iter()
            .any(|(_, b)| b.contains("id: storlint") && b.contains(&version)),
        "the pre-commit snippet says `{version}`"
    );
}
