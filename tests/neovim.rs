//! Neovim's built-in LSP client, headless, starts `storlint server` through
//! the module in `editors/neovim/` on the demo project, opens a file and
//! writes out the diagnostics it received: they must be what
//! `storlint --format json` reports for that file. Written for Neovim 0.7
//! (`vim.lsp.start_client`), the version Debian ships; `.ci/run` installs it.

mod common;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

#[test]
fn neovim_shows_what_the_command_line_reports() {
    if Command::new("nvim").arg("--version").output().is_err() {
        // CI installs Neovim (.ci/run); elsewhere the test needs it too,
        // but says so rather than failing a machine without an editor.
        assert!(
            std::env::var_os("CI").is_none(),
            "nvim is not installed, and CI must run this test"
        );
        eprintln!("skipped: nvim is not installed (apt install neovim)");
        return;
    }
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    let demo = common::testdata().join("demo");
    let file = "android/SettingsStore.kt";
    let out = tempfile::NamedTempFile::new().unwrap();
    let neovim = Command::new("nvim")
        .args(["--headless", "--clean", "--cmd"])
        .arg(format!(
            "set rtp+={}",
            repository.join("editors/neovim").display()
        ))
        .arg("-c")
        .arg(format!(
            "luafile {}",
            repository.join("tests/neovim/collect.lua").display()
        ))
        .arg(file)
        .current_dir(&demo)
        .env("STORLINT_BIN", env!("CARGO_BIN_EXE_storlint"))
        .env("STORLINT_OUT", out.path())
        .output()
        .expect("nvim runs");
    assert!(
        neovim.status.success(),
        "nvim: {}\n{}",
        common::stdout(&neovim),
        common::stderr(&neovim)
    );
    let shown: Value = serde_json::from_str(&std::fs::read_to_string(out.path()).unwrap()).unwrap();
    let mut shown: Vec<(u64, u64, String)> = shown
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            assert_eq!(d["source"], "storlint");
            (
                d["line"].as_u64().unwrap() + 1,
                d["column"].as_u64().unwrap() + 1,
                d["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    shown.sort();

    let cli = common::storlint(&["--format", "json", file], &demo);
    let reported: Value = serde_json::from_str(&common::stdout(&cli)).unwrap();
    let mut reported: Vec<(u64, u64, String)> = reported["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["range"]["start"]["line"].as_u64().unwrap(),
                f["range"]["start"]["column"].as_u64().unwrap(),
                f["rule"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    reported.sort();
    assert!(reported.len() >= 2, "{reported:?}");
    assert_eq!(shown, reported);
}
