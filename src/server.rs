//! `storlint server`: the language server. It adds no analysis of its own:
//! each open document is an unsaved buffer laid over its file in its
//! project (`lint_buffers`), so the editor shows for a file what
//! `storlint .` reports for it, with the project's configuration and the
//! analysis cache. Findings become diagnostics, their fixes and
//! `storlint-ignore` markers become code actions, and hovering one shows
//! its rule.
//!
//! The main loop never runs an analysis itself: one worker thread at a
//! time lints; an edit cancels it (`Options::cancel`) and its stale result
//! is dropped unpublished. Edits are debounced; opening and saving lint at
//! once.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};
use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{self as lsp, Url};

use crate::config::{self, Overrides, Settings};
use crate::context::Cancel;
use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::discover::Buffer;
use crate::rules::RULES;
use crate::source::{Language, SourceFile};
use crate::{FileProblem, Options, Report};

/// How long typing must pause before the buffer is linted again.
const DEBOUNCE: Duration = Duration::from_millis(250);

/// The rule pages, as SARIF's `helpUri` gives them.
const RULE_PAGES: &str = "https://github.com/storlint/storlint/blob/main/lints";

/// The code action kind that applies every safe fix of a file.
const FIX_ALL: &str = "source.fixAll.storlint";

/// Serves the client on stdin and stdout until it exits; the exit code is
/// 0 when the client asked for a shutdown first, 1 otherwise (LSP's rule).
pub fn run_stdio() -> u8 {
    let (to_client, from_client) = stdio_transport();
    let mut server = Server::new(to_client);
    server.serve(&from_client)
}

/// lsp-server's transport stops at the first malformed message; this one
/// reports it and reads on, so a client's bad message costs that message.
fn stdio_transport() -> (Sender<Message>, Receiver<Message>) {
    let (to_client, outgoing) = crossbeam_channel::unbounded::<Message>();
    let (incoming, from_client) = crossbeam_channel::unbounded::<Message>();
    std::thread::spawn(move || {
        let mut stdout = std::io::stdout().lock();
        for message in outgoing {
            if message.write(&mut stdout).is_err() {
                break;
            }
        }
    });
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        loop {
            match Message::read(&mut stdin) {
                Ok(Some(message)) => {
                    if incoming.send(message).is_err() {
                        break;
                    }
                }
                Ok(None) => break,
                Err(error) if error.kind() == std::io::ErrorKind::InvalidData => {
                    log(&format!("ignored a malformed message: {error}"));
                }
                Err(_) => break,
            }
        }
    });
    (to_client, from_client)
}

/// The server's log: stderr, which clients show as the server's output.
fn log(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "storlint server: {line}");
}

struct Document {
    path: PathBuf,
    language: Language,
    text: String,
}

/// What was last published for a document, kept to answer hovers and code
/// actions on it.
struct Published {
    source: SourceFile,
    findings: Vec<Diagnostic>,
}

/// A lint of the open documents of one project, running or done.
struct Lint {
    generation: u64,
    root: Option<PathBuf>,
    /// The documents linted, and their text then.
    documents: Vec<(Url, String)>,
    result: Result<(Report, Settings), String>,
}

struct Server {
    to_client: Sender<Message>,
    /// The workspace folders, longest first: a file belongs to the deepest.
    folders: Vec<PathBuf>,
    documents: BTreeMap<Url, Document>,
    published: HashMap<Url, Published>,
    /// Bumped by every change a lint must see; a result of an older
    /// generation is stale.
    generation: u64,
    /// When the next lint is due, if one is.
    due: Option<Instant>,
    /// A lint is running on the worker.
    running: bool,
    /// Stops the running lint, once an edit made its result stale.
    cancel: Cancel,
    results: (Sender<Vec<Lint>>, Receiver<Vec<Lint>>),
    shutdown_requested: bool,
    /// The client can watch files for the server (see `watch_files`).
    watch_files_when_initialized: bool,
}

impl Server {
    fn new(to_client: Sender<Message>) -> Server {
        Server {
            to_client,
            folders: Vec::new(),
            documents: BTreeMap::new(),
            published: HashMap::new(),
            generation: 0,
            due: None,
            running: false,
            cancel: Cancel::default(),
            results: crossbeam_channel::unbounded(),
            shutdown_requested: false,
            watch_files_when_initialized: false,
        }
    }

    fn serve(&mut self, from_client: &Receiver<Message>) -> u8 {
        loop {
            let timeout = match (self.due, self.running) {
                (Some(due), false) => due.saturating_duration_since(Instant::now()),
                _ => Duration::from_secs(3600),
            };
            let results = self.results.1.clone();
            crossbeam_channel::select! {
                recv(from_client) -> message => match message {
                    Ok(Message::Request(request)) => self.on_request(request),
                    Ok(Message::Notification(notification)) => {
                        if notification.method == lsp::notification::Exit::METHOD {
                            return u8::from(!self.shutdown_requested);
                        }
                        self.on_notification(notification);
                    }
                    Ok(Message::Response(_)) => {}
                    // The client went away without `exit`.
                    Err(_) => return 1,
                },
                recv(results) -> lints => {
                    self.running = false;
                    if let Ok(lints) = lints {
                        self.publish(lints);
                    }
                },
                default(timeout) => {}
            }
            if !self.running && self.due.is_some_and(|due| due <= Instant::now()) {
                self.start_lint();
            }
        }
    }

    fn send(&self, message: impl Into<Message>) {
        let _ = self.to_client.send(message.into());
    }

    fn on_request(&mut self, request: Request) {
        let id = request.id.clone();
        if self.shutdown_requested && request.method != lsp::request::Shutdown::METHOD {
            return self.send(Response::new_err(
                id,
                ErrorCode::InvalidRequest as i32,
                "the server is shutting down".into(),
            ));
        }
        let response = match request.method.as_str() {
            lsp::request::Initialize::METHOD => self.initialize(request),
            lsp::request::Shutdown::METHOD => {
                self.shutdown_requested = true;
                Ok(serde_json::Value::Null)
            }
            lsp::request::HoverRequest::METHOD => params(request).map(|p| to_json(self.hover(p))),
            lsp::request::CodeActionRequest::METHOD => {
                params(request).map(|p| to_json(self.code_actions(p)))
            }
            method => Err((
                ErrorCode::MethodNotFound,
                format!("storlint does not answer `{method}`"),
            )),
        };
        self.send(match response {
            Ok(result) => Response::new_ok(id, result),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        });
    }

    fn initialize(&mut self, request: Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        let params: lsp::InitializeParams = params(request)?;
        #[allow(deprecated)] // `root_uri` is what older clients (Neovim 0.7) send.
        let folders = params
            .workspace_folders
            .unwrap_or_default()
            .into_iter()
            .map(|folder| folder.uri)
            .chain(params.root_uri);
        self.folders = folders.filter_map(|uri| uri.to_file_path().ok()).collect();
        self.folders
            .sort_by_key(|folder| std::cmp::Reverse(folder.as_os_str().len()));
        self.folders.dedup();
        let capabilities = lsp::ServerCapabilities {
            text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(
                lsp::TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(lsp::TextDocumentSyncKind::FULL),
                    save: Some(lsp::TextDocumentSyncSaveOptions::Supported(true)),
                    ..Default::default()
                },
            )),
            hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
            code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
                lsp::CodeActionOptions {
                    code_action_kinds: Some(vec![
                        lsp::CodeActionKind::QUICKFIX,
                        lsp::CodeActionKind::new(FIX_ALL),
                    ]),
                    ..Default::default()
                },
            )),
            ..Default::default()
        };
        let watches_files = params
            .capabilities
            .workspace
            .and_then(|workspace| workspace.did_change_watched_files)
            .and_then(|watched| watched.dynamic_registration)
            .unwrap_or(false);
        // Asked once the client says it is initialized: no request may
        // reach it before the initialize response.
        self.watch_files_when_initialized = watches_files;
        Ok(serde_json::json!({
            "capabilities": capabilities,
            "serverInfo": { "name": "storlint", "version": env!("CARGO_PKG_VERSION") },
        }))
    }

    /// Asks the client to report changes of the configuration and of
    /// source files on disk (a branch switch, a file saved elsewhere): they
    /// change what open files are judged with.
    fn watch_files(&self) {
        let watchers = [
            "**/storlint.toml",
            "**/.storlint.toml",
            "**/*.{rs,swift,kt,sql,sq}",
        ]
        .into_iter()
        .map(|glob| lsp::FileSystemWatcher {
            glob_pattern: lsp::GlobPattern::String(glob.into()),
            kind: None,
        })
        .collect();
        let registration = lsp::Registration {
            id: "storlint-watched-files".into(),
            method: lsp::notification::DidChangeWatchedFiles::METHOD.into(),
            register_options: serde_json::to_value(lsp::DidChangeWatchedFilesRegistrationOptions {
                watchers,
            })
            .ok(),
        };
        self.send(Request::new(
            lsp_server::RequestId::from("storlint-watch".to_string()),
            lsp::request::RegisterCapability::METHOD.into(),
            lsp::RegistrationParams {
                registrations: vec![registration],
            },
        ));
    }

    fn on_notification(&mut self, notification: Notification) {
        use lsp::notification as n;
        match notification.method.as_str() {
            n::Initialized::METHOD if self.watch_files_when_initialized => self.watch_files(),
            n::DidOpenTextDocument::METHOD => {
                if let Ok(p) = notification
                    .extract::<lsp::DidOpenTextDocumentParams>(n::DidOpenTextDocument::METHOD)
                {
                    self.open(p.text_document.uri, p.text_document.text);
                    self.lint_in(Duration::ZERO);
                }
            }
            n::DidChangeTextDocument::METHOD => {
                if let Ok(p) = notification
                    .extract::<lsp::DidChangeTextDocumentParams>(n::DidChangeTextDocument::METHOD)
                {
                    // Full sync: the last change is the whole text.
                    if let (Some(document), Some(change)) = (
                        self.documents.get_mut(&p.text_document.uri),
                        p.content_changes.into_iter().last(),
                    ) {
                        document.text = change.text;
                        self.lint_in(DEBOUNCE);
                    }
                }
            }
            n::DidCloseTextDocument::METHOD => {
                if let Ok(p) = notification
                    .extract::<lsp::DidCloseTextDocumentParams>(n::DidCloseTextDocument::METHOD)
                {
                    self.documents.remove(&p.text_document.uri);
                    self.published.remove(&p.text_document.uri);
                    self.send(diagnostics_notification(p.text_document.uri, Vec::new()));
                }
            }
            // A saved file, a changed configuration or a file changed on
            // disk can change what every open file is judged with.
            n::DidSaveTextDocument::METHOD
            | n::DidChangeConfiguration::METHOD
            | n::DidChangeWatchedFiles::METHOD => self.lint_in(Duration::ZERO),
            _ => {}
        }
    }

    fn open(&mut self, uri: Url, text: String) {
        let Some(path) = uri.to_file_path().ok() else {
            return log(&format!("{uri}: not a file, not checked"));
        };
        let Some(language) = Language::from_path(&path) else {
            return;
        };
        self.documents.insert(
            uri,
            Document {
                path,
                language,
                text,
            },
        );
    }

    fn lint_in(&mut self, delay: Duration) {
        // The running lint's result would be dropped: stop it early.
        self.cancel.cancel();
        self.generation += 1;
        self.due = Some(Instant::now() + delay);
    }

    /// Lints every open document, grouped by project, on the worker.
    fn start_lint(&mut self) {
        self.due = None;
        let mut projects: BTreeMap<Option<PathBuf>, Vec<(Url, Buffer)>> = BTreeMap::new();
        for (uri, document) in &self.documents {
            let root = self.root_of(&document.path);
            projects.entry(root).or_default().push((
                uri.clone(),
                Buffer {
                    path: document.path.clone(),
                    language: document.language,
                    text: document.text.clone(),
                },
            ));
        }
        if projects.is_empty() {
            return;
        }
        self.running = true;
        self.cancel = Cancel::default();
        let cancel = self.cancel.clone();
        let generation = self.generation;
        let results = self.results.0.clone();
        std::thread::spawn(move || {
            let lints = projects
                .into_iter()
                .map(|(root, documents)| {
                    let texts = documents
                        .iter()
                        .map(|(uri, buffer)| (uri.clone(), buffer.text.clone()))
                        .collect();
                    let buffers = documents.into_iter().map(|(_, buffer)| buffer).collect();
                    Lint {
                        generation,
                        // A bug that panics costs this lint, not the server.
                        result: std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            lint_project(buffers, root.as_deref(), &cancel)
                        }))
                        .unwrap_or_else(|_| {
                            Err(
                                "failed on this project (a bug in storlint: please report it)"
                                    .to_string(),
                            )
                        }),
                        root,
                        documents: texts,
                    }
                })
                .collect();
            let _ = results.send(lints);
        });
    }

    /// The project a file belongs to: the deepest workspace folder holding
    /// it, or else what a command-line run would take.
    fn root_of(&self, path: &Path) -> Option<PathBuf> {
        self.folders
            .iter()
            .find(|folder| path.starts_with(folder))
            .cloned()
            .or_else(|| {
                let dir = path.parent().unwrap_or(path);
                crate::workspace::find_root(&[path.to_path_buf()], dir)
            })
    }

    fn publish(&mut self, lints: Vec<Lint>) {
        if lints.iter().any(|lint| lint.generation != self.generation) {
            // An edit came in while this ran: lint again, now.
            self.due.get_or_insert_with(Instant::now);
            return;
        }
        for lint in lints {
            let (mut report, settings) = match lint.result {
                Ok(done) => done,
                Err(problem) => {
                    self.show_message(lsp::MessageType::ERROR, &problem);
                    continue;
                }
            };
            settings.apply(&mut report);
            let cwd = working_directory(lint.root.as_deref());
            for (uri, text) in lint.documents {
                let Some(document) = self.documents.get(&uri) else {
                    continue;
                };
                if document.text != text {
                    continue;
                }
                let display = crate::discover::display_path(&document.path, &cwd);
                let checked = report
                    .files
                    .iter()
                    .position(|file| file.source.display == display)
                    .map(|index| report.files.swap_remove(index));
                let source = match checked {
                    Some(file) => Published {
                        source: file.source,
                        findings: file.diagnostics,
                    },
                    None => Published {
                        source: SourceFile::new(
                            document.path.clone(),
                            display.clone(),
                            document.language,
                            text,
                        ),
                        findings: Vec::new(),
                    },
                };
                let problems = report
                    .problems
                    .iter()
                    .chain(&report.suppression_warnings)
                    .filter(|problem| problem.path == display);
                let mut diagnostics: Vec<lsp::Diagnostic> = source
                    .findings
                    .iter()
                    .map(|finding| to_lsp(finding, &source.source, &cwd))
                    .collect();
                diagnostics.extend(problems.map(|problem| problem_to_lsp(problem, &source.source)));
                self.send(diagnostics_notification(uri.clone(), diagnostics));
                self.published.insert(uri, source);
            }
        }
    }

    fn show_message(&self, kind: lsp::MessageType, message: &str) {
        self.send(Notification::new(
            lsp::notification::ShowMessage::METHOD.into(),
            lsp::ShowMessageParams {
                typ: kind,
                message: format!("storlint: {message}"),
            },
        ));
    }

    fn hover(&self, params: lsp::HoverParams) -> Option<lsp::Hover> {
        let position = &params.text_document_position_params;
        let published = self.published.get(&position.text_document.uri)?;
        let offset = offset_of(&published.source, position.position)?;
        let finding = published
            .findings
            .iter()
            .find(|f| f.primary.range.start <= offset && offset <= f.primary.range.end)?;
        let rule = RULES.iter().find(|rule| rule.id == finding.rule)?;
        let mut text = format!("**storlint `{}`**: {}\n\n", rule.id, rule.summary());
        text.push_str(&finding.message);
        if let Some(note) = &finding.note {
            text.push_str(&format!("\n\n{note}"));
        }
        text.push_str(&format!(
            "\n\n**Help:** {}\n\n[{} rule page]({})",
            finding.help,
            rule.id,
            rule_page(rule.id)
        ));
        Some(lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: text,
            }),
            range: Some(range_of(&published.source, &finding.primary.range)),
        })
    }

    fn code_actions(&self, params: lsp::CodeActionParams) -> Vec<lsp::CodeActionOrCommand> {
        let uri = &params.text_document.uri;
        let Some(published) = self.published.get(uri) else {
            return Vec::new();
        };
        let source = &published.source;
        let (Some(start), Some(end)) = (
            offset_of(source, params.range.start),
            offset_of(source, params.range.end),
        ) else {
            return Vec::new();
        };
        let wants = |kind: &str| {
            params.context.only.as_ref().is_none_or(|only| {
                only.iter()
                    .any(|k| kind == k.as_str() || kind.starts_with(&format!("{}.", k.as_str())))
            })
        };
        let mut actions = Vec::new();
        let cwd = working_directory(self.root_of(&published.source.path).as_deref());
        if wants(lsp::CodeActionKind::QUICKFIX.as_str()) {
            let touched: Vec<&Diagnostic> = (published.findings.iter())
                .filter(|f| f.primary.range.start <= end && start <= f.primary.range.end)
                .collect();
            // The suppress actions need the comment syntax of the line, from
            // the model: parsed only when the request touches a finding
            // (editors ask on every cursor move).
            let model = (!touched.is_empty())
                .then(|| crate::lang::lower_within(source, crate::lang::PARSE_BUDGET).ok())
                .flatten();
            for finding in touched {
                let diagnostic = to_lsp(finding, source, &cwd);
                if let Some(fix) = finding
                    .fix
                    .as_ref()
                    .filter(|fix| fix.applicability != Applicability::DisplayOnly)
                {
                    let safe = fix.applicability == Applicability::Safe;
                    actions.push(code_action(
                        if safe {
                            fix.title.clone()
                        } else {
                            format!("{} (unsafe: changes behaviour)", fix.title)
                        },
                        lsp::CodeActionKind::QUICKFIX,
                        Some(diagnostic.clone()),
                        uri,
                        fix.edits
                            .iter()
                            .map(|edit| text_edit(source, &edit.range, edit.content.clone()))
                            .collect(),
                        safe,
                    ));
                }
                let Some(model) = &model else { continue };
                for (whole_file, scope) in [(false, "on this line"), (true, "in this file")] {
                    let (at, comment) = crate::add_ignore::marker_insertion(
                        source,
                        model,
                        finding.primary.range.start,
                        finding.rule,
                        whole_file,
                    );
                    actions.push(code_action(
                        format!("Suppress `{}` {scope}", finding.rule),
                        lsp::CodeActionKind::QUICKFIX,
                        Some(diagnostic.clone()),
                        uri,
                        vec![text_edit(source, &(at..at), comment)],
                        false,
                    ));
                }
            }
        }
        if wants(FIX_ALL) {
            let edits = safe_edits(&published.findings);
            if !edits.is_empty() {
                actions.push(code_action(
                    "Apply every safe storlint fix".into(),
                    lsp::CodeActionKind::new(FIX_ALL),
                    None,
                    uri,
                    edits
                        .into_iter()
                        .map(|edit| text_edit(source, &edit.range, edit.content.clone()))
                        .collect(),
                    false,
                ));
            }
        }
        actions
    }
}

/// The safe fixes' edits, leaving out any that overlaps an earlier one.
fn safe_edits(findings: &[Diagnostic]) -> Vec<&crate::diagnostic::Edit> {
    let mut edits: Vec<&crate::diagnostic::Edit> = Vec::new();
    for fix in findings
        .iter()
        .filter_map(|f| f.fix.as_ref())
        .filter(|fix| fix.applicability == Applicability::Safe)
    {
        let overlaps = fix.edits.iter().any(|edit| {
            edits
                .iter()
                .any(|kept| edit.range.start < kept.range.end && kept.range.start < edit.range.end)
        });
        if !overlaps {
            edits.extend(&fix.edits);
        }
    }
    edits
}

/// Reads the project's configuration and lints the buffers in it.
fn lint_project(
    buffers: Vec<Buffer>,
    root: Option<&Path>,
    cancel: &Cancel,
) -> Result<(Report, Settings), String> {
    let cwd = working_directory(root);
    let file = root
        .and_then(config::find)
        .map(|path| config::load(&path).map_err(|error| error.to_string()))
        .transpose()?;
    let settings = Settings::resolve(file.as_ref(), &Overrides::default(), &cwd)?;
    let options = Options {
        cache_dir: root.map(|root| root.join(crate::cache::DIR_NAME)),
        cancel: cancel.clone(),
        ..settings.options()?
    };
    let report =
        crate::lint_buffers(buffers, root, &cwd, &options).map_err(|error| error.to_string())?;
    Ok((report, settings))
}

fn params<P: serde::de::DeserializeOwned>(request: Request) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(request.params).map_err(|error| {
        (
            ErrorCode::InvalidParams,
            format!("invalid parameters: {error}"),
        )
    })
}

fn to_json(value: impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

fn diagnostics_notification(uri: Url, diagnostics: Vec<lsp::Diagnostic>) -> Notification {
    Notification::new(
        lsp::notification::PublishDiagnostics::METHOD.into(),
        lsp::PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        },
    )
}

fn rule_page(rule: &str) -> String {
    format!("{RULE_PAGES}/{rule}.md")
}

fn position(source: &SourceFile, offset: usize) -> lsp::Position {
    let (line, character) = source.line_col_utf16(offset);
    lsp::Position::new(line as u32, character as u32)
}

fn range_of(source: &SourceFile, range: &std::ops::Range<usize>) -> lsp::Range {
    lsp::Range::new(position(source, range.start), position(source, range.end))
}

/// The byte offset of an LSP position (a UTF-16 column), clamped to its line.
fn offset_of(source: &SourceFile, position: lsp::Position) -> Option<usize> {
    let line = position.line as usize;
    if line >= source.line_count() {
        return (line == source.line_count()).then_some(source.text.len());
    }
    let range = source.line_range(line);
    let mut units = 0usize;
    for (index, character) in source.text[range.clone()].char_indices() {
        if units >= position.character as usize {
            return Some(range.start + index);
        }
        units += character.len_utf16();
    }
    Some(range.end)
}

fn text_edit(source: &SourceFile, range: &std::ops::Range<usize>, text: String) -> lsp::TextEdit {
    lsp::TextEdit {
        range: range_of(source, range),
        new_text: text,
    }
}

fn code_action(
    title: String,
    kind: lsp::CodeActionKind,
    diagnostic: Option<lsp::Diagnostic>,
    uri: &Url,
    edits: Vec<lsp::TextEdit>,
    preferred: bool,
) -> lsp::CodeActionOrCommand {
    lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title,
        kind: Some(kind),
        diagnostics: diagnostic.map(|d| vec![d]),
        edit: Some(lsp::WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..Default::default()
        }),
        is_preferred: preferred.then_some(true),
        ..Default::default()
    })
}

/// What a lint's paths are relative to: the project root, or without one
/// the server's own working directory, as for a command-line run there.
fn working_directory(root: Option<&Path>) -> PathBuf {
    root.map(Path::to_path_buf)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default()
}

/// `cwd`: what the report's displayed paths are relative to.
fn to_lsp(finding: &Diagnostic, source: &SourceFile, cwd: &Path) -> lsp::Diagnostic {
    let mut message = finding.message.clone();
    if let Some(note) = &finding.note {
        message.push_str(&format!("\nnote: {note}"));
    }
    message.push_str(&format!("\nhelp: {}", finding.help));
    let here = Url::from_file_path(&source.path).ok();
    let mut related: Vec<lsp::DiagnosticRelatedInformation> = finding
        .secondary
        .iter()
        .filter_map(|label| {
            Some(lsp::DiagnosticRelatedInformation {
                location: lsp::Location::new(here.clone()?, range_of(source, &label.range)),
                message: label.message.clone(),
            })
        })
        .collect();
    related.extend(finding.related.iter().filter_map(|step| {
        let path = cwd.join(&step.path);
        let position =
            |(line, character): (usize, usize)| lsp::Position::new(line as u32, character as u32);
        Some(lsp::DiagnosticRelatedInformation {
            location: lsp::Location::new(
                Url::from_file_path(path).ok()?,
                lsp::Range::new(position(step.start), position(step.end)),
            ),
            message: step.message.clone(),
        })
    }));
    lsp::Diagnostic {
        range: range_of(source, &finding.primary.range),
        severity: Some(match finding.severity {
            Severity::Error => lsp::DiagnosticSeverity::ERROR,
            Severity::Warning => lsp::DiagnosticSeverity::WARNING,
            Severity::Hint => lsp::DiagnosticSeverity::HINT,
        }),
        code: Some(lsp::NumberOrString::String(finding.rule.to_string())),
        code_description: Url::parse(&rule_page(finding.rule))
            .ok()
            .map(|href| lsp::CodeDescription { href }),
        source: Some("storlint".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

/// A file that could not be checked, or a `storlint-ignore` comment that
/// suppresses nothing: shown where it is, or on the first line.
fn problem_to_lsp(problem: &FileProblem, source: &SourceFile) -> lsp::Diagnostic {
    let position = problem
        .position
        .map_or(lsp::Position::new(0, 0), |(line, column)| {
            let offset = source
                .line_start(line.saturating_sub(1).min(source.line_count() - 1))
                .saturating_add(column.saturating_sub(1));
            self::position(source, offset.min(source.text.len()))
        });
    lsp::Diagnostic {
        range: lsp::Range::new(position, position),
        severity: Some(lsp::DiagnosticSeverity::WARNING),
        source: Some("storlint".into()),
        message: problem.message.clone(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_clamp_to_the_line() {
        let source = SourceFile::from_text("a.kt", Language::Kotlin, "val é = 1\n😀x\n");
        assert_eq!(offset_of(&source, lsp::Position::new(0, 5)), Some(6));
        assert_eq!(
            offset_of(&source, lsp::Position::new(1, 2)),
            Some(source.text.find('x').unwrap())
        );
        assert_eq!(
            offset_of(&source, lsp::Position::new(1, 99)),
            Some(source.text.len() - 1)
        );
        assert_eq!(offset_of(&source, lsp::Position::new(7, 0)), None);
        let offset = source.text.find('x').unwrap();
        assert_eq!(position(&source, offset), lsp::Position::new(1, 2));
    }
}
