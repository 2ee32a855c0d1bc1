//! `storlint server` driven as an editor drives it: a child process spoken
//! to in JSON-RPC over its stdin and stdout.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Generous: the first lint of a project walks it and fills the cache.
const WAIT: Duration = Duration::from_secs(30);

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    fn start(cwd: &Path) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_storlint"))
            .arg("server")
            .current_dir(cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the storlint binary runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, messages) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut header = String::new();
                    if reader.read_line(&mut header).unwrap_or(0) == 0 {
                        return;
                    }
                    let header = header.trim_end();
                    if header.is_empty() {
                        break;
                    }
                    if let Some(value) = header.strip_prefix("Content-Length: ") {
                        length = value.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                reader.read_exact(&mut body).unwrap();
                if sender.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            messages,
            next_id: 1,
        }
    }

    fn write_raw(&mut self, body: &str) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        let body = json!({ "jsonrpc": "2.0", "method": method, "params": params });
        self.write_raw(&body.to_string());
    }

    /// Sends a request and returns its response (other messages meanwhile
    /// are dropped).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let body = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        self.write_raw(&body.to_string());
        self.wait_for(|message| message["id"] == id && message.get("method").is_none())
    }

    fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(message) if wanted(&message) => return message,
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => panic!("no awaited message within {WAIT:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let message = self.wait_for(|message| {
            message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
        });
        message["params"]["diagnostics"].as_array().unwrap().clone()
    }

    fn exit_code(mut self) -> Option<i32> {
        let deadline = Instant::now() + WAIT;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("the server did not exit");
    }
}

fn uri_of(path: &Path) -> String {
    url::Url::from_file_path(path).unwrap().to_string()
}

const PREFS: &str = "import android.content.SharedPreferences\n\
                     class Settings(private val prefs: SharedPreferences) {\n\
                     \x20   fun save(on: Boolean) {\n\
                     \x20       prefs.edit().putBoolean(\"on\", on).commit()\n\
                     \x20   }\n\
                     }\n";

const CLEAN: &str = "import android.content.SharedPreferences\n\
                     class Settings(private val prefs: SharedPreferences) {\n\
                     \x20   fun save(on: Boolean) {\n\
                     \x20       prefs.edit().putBoolean(\"on\", on).apply()\n\
                     \x20   }\n\
                     }\n";

fn initialize(client: &mut Client, root: &Path) -> Value {
    let capabilities = json!({
        "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } }
    });
    let response = client.request(
        "initialize",
        json!({ "processId": null, "rootUri": uri_of(root), "capabilities": capabilities }),
    );
    client.notify("initialized", json!({}));
    // Once initialized, the server asks the client to watch the
    // configuration and the sources.
    let registration = client.wait_for(|m| m["method"] == "client/registerCapability");
    let watchers = &registration["params"]["registrations"][0]["registerOptions"]["watchers"];
    assert!(watchers.to_string().contains("storlint.toml"), "{watchers}");
    client.write_raw(
        &json!({ "jsonrpc": "2.0", "id": registration["id"], "result": null }).to_string(),
    );
    response
}

fn open(client: &mut Client, uri: &str, text: &str) {
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "kotlin", "version": 1, "text": text } }),
    );
}

#[test]
fn an_editor_session_gets_diagnostics_hover_actions_and_a_clean_exit() {
    let dir = common::project(&[("app/Settings.kt", PREFS)]);
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let root = dir.path().canonicalize().unwrap();
    let path = root.join("app/Settings.kt");
    let uri = uri_of(&path);
    let mut client = Client::start(&root);

    let initialized = initialize(&mut client, &root);
    let capabilities = &initialized["result"]["capabilities"];
    assert_eq!(capabilities["hoverProvider"], true);
    assert_eq!(capabilities["textDocumentSync"]["change"], 1);
    assert_eq!(initialized["result"]["serverInfo"]["name"], "storlint");

    open(&mut client, &uri, PREFS);
    let diagnostics = client.diagnostics(&uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let finding = &diagnostics[0];
    assert_eq!(finding["code"], "prefs-commit");
    assert_eq!(finding["source"], "storlint");
    assert_eq!(finding["severity"], 2);
    assert_eq!(finding["range"]["start"]["line"], 3);
    assert!(finding["codeDescription"]["href"]
        .as_str()
        .unwrap()
        .ends_with("/lints/prefs-commit.md"));
    // It is what the command line reports for the file.
    let cli = common::storlint(&["--format", "json", "app/Settings.kt"], &root);
    let reported: Value = serde_json::from_str(&common::stdout(&cli)).unwrap();
    let cli_finding = &reported["findings"][0];
    assert_eq!(cli_finding["rule"], finding["code"]);
    assert_eq!(
        cli_finding["range"]["start"]["line"].as_u64().unwrap() - 1,
        finding["range"]["start"]["line"].as_u64().unwrap()
    );

    let position = finding["range"]["start"].clone();
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": position }),
    );
    let shown = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(shown.contains("prefs-commit"), "{shown}");
    assert!(shown.contains("rule page"), "{shown}");

    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": finding["range"],
            "context": { "diagnostics": [finding] },
        }),
    );
    let actions = actions["result"].as_array().unwrap();
    let suppress = actions
        .iter()
        .find(|a| a["title"] == "Suppress `prefs-commit` on this line")
        .unwrap_or_else(|| panic!("{actions:?}"));
    assert!(actions
        .iter()
        .any(|a| a["title"] == "Suppress `prefs-commit` in this file"));
    // The rule's fix: safe, so preferred.
    let fix = actions
        .iter()
        .find(|a| !a["title"].as_str().unwrap().starts_with("Suppress"))
        .unwrap_or_else(|| panic!("{actions:?}"));
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["isPreferred"], true);
    assert_eq!(fix["edit"]["changes"][&uri][0]["newText"], "apply");
    // `source.fixAll.storlint` applies the file's safe fixes, and only that
    // kind is offered when only it is asked for.
    let fix_all = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
            "context": { "diagnostics": [], "only": ["source.fixAll.storlint"] },
        }),
    );
    let fix_all = fix_all["result"].as_array().unwrap();
    assert_eq!(fix_all.len(), 1, "{fix_all:?}");
    assert_eq!(fix_all[0]["kind"], "source.fixAll.storlint");
    assert_eq!(fix_all[0]["edit"]["changes"][&uri][0]["newText"], "apply");
    // Applying the suppression, as the editor would, silences the finding.
    let edit = &suppress["edit"]["changes"][&uri][0];
    assert_eq!(edit["range"]["start"]["line"], 3);
    let mut lines: Vec<&str> = PREFS.lines().collect();
    let comment = edit["newText"].as_str().unwrap().trim_end().to_string();
    assert_eq!(comment, "        // storlint-ignore prefs-commit");
    lines.insert(3, &comment);
    let suppressed = lines.join("\n") + "\n";
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": suppressed }] }),
    );
    assert_eq!(client.diagnostics(&uri), Vec::<Value>::new());

    // Back to the finding, then to clean code: the list empties again.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 3 }, "contentChanges": [{ "text": PREFS }] }),
    );
    assert_eq!(client.diagnostics(&uri).len(), 1);
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 4 }, "contentChanges": [{ "text": CLEAN }] }),
    );
    assert_eq!(client.diagnostics(&uri), Vec::<Value>::new());
    // The buffer was never written.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), PREFS);

    // Malformed input and unknown requests get errors or are ignored; the
    // server goes on.
    client.write_raw("{ this is not json");
    let unknown = client.request("storlint/nothing", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);
    let bad_params = client.request("textDocument/hover", json!({ "no": "position" }));
    assert_eq!(bad_params["error"]["code"], -32602);

    let shutdown = client.request("shutdown", Value::Null);
    assert_eq!(shutdown["result"], Value::Null);
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_code(), Some(0));
}

#[test]
fn exit_without_shutdown_is_exit_code_1() {
    let dir = common::project(&[]);
    let mut client = Client::start(dir.path());
    initialize(&mut client, dir.path());
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_code(), Some(1));
}

/// The project is the context: WAL enabled by a helper in a file that is
/// not open keeps the open file clean, and an unsaved edit of the helper
/// re-publishes the file that depends on it.
#[test]
fn open_files_are_judged_with_the_project_and_republished_when_it_changes() {
    let helper = "import android.database.sqlite.SQLiteDatabase\n\
                  object Wal {\n\
                  \x20   fun apply(db: SQLiteDatabase) { db.enableWriteAheadLogging() }\n\
                  }\n";
    let store = "import android.database.sqlite.SQLiteDatabase\n\
                 object Store {\n\
                 \x20   fun open(path: String): SQLiteDatabase {\n\
                 \x20       val db = SQLiteDatabase.openDatabase(path, null, 0)\n\
                 \x20       Wal.apply(db)\n\
                 \x20       return db\n\
                 \x20   }\n\
                 }\n";
    let dir = common::project(&[("app/Wal.kt", helper), ("app/Store.kt", store)]);
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let root = dir.path().canonicalize().unwrap();
    let store_uri = uri_of(&root.join("app/Store.kt"));
    let helper_uri = uri_of(&root.join("app/Wal.kt"));
    let mut client = Client::start(&root);
    initialize(&mut client, &root);
    open(&mut client, &store_uri, store);
    assert_eq!(client.diagnostics(&store_uri), Vec::<Value>::new());
    open(&mut client, &helper_uri, helper);
    assert_eq!(client.diagnostics(&store_uri), Vec::<Value>::new());
    let without_wal = helper.replace("db.enableWriteAheadLogging()", "");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": helper_uri, "version": 2 }, "contentChanges": [{ "text": without_wal }] }),
    );
    let diagnostics = client.diagnostics(&store_uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "missing-wal");
    // A configuration written since, and reported by the client's file
    // watcher, applies at once.
    std::fs::write(root.join("storlint.toml"), "ignore = [\"missing-wal\"]\n").unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": uri_of(&root.join("storlint.toml")), "type": 1 }] }),
    );
    assert_eq!(client.diagnostics(&store_uri), Vec::<Value>::new());
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_code(), Some(0));
}

/// A file in no project (no workspace folder, no `.git`, no configuration)
/// is judged on its own, its paths relative to where the server started.
#[test]
fn a_file_outside_any_project_is_checked_alone() {
    let dir = common::project(&[("Settings.kt", PREFS)]);
    let path = dir.path().canonicalize().unwrap().join("Settings.kt");
    let uri = uri_of(&path);
    let mut client = Client::start(&dir.path().canonicalize().unwrap());
    client.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    client.notify("initialized", json!({}));
    open(&mut client, &uri, PREFS);
    let diagnostics = client.diagnostics(&uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "prefs-commit");
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_code(), Some(0));
}
