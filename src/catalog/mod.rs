//! What calls mean: per-language tables from call shapes to storage
//! operations. Rules match on `Op`s and never spell API names; supporting a
//! new library means adding rows here.

mod kotlin;
mod rust;
pub mod sql;
mod swift;

use crate::model::{BindingKind, Call, Model, NodeId, NodeKind, Segment, StrLit, Value};
use crate::source::{ByteRange, Language};
use crate::sql_facts::{CreateIndex, IndexedColumn};
pub use crate::types::TypeFlow;
use crate::types::{starts_uppercase, TypeResolver};

/// A storage operation a call performs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// Executes the SQL in the string literal node `sql`.
    SqlExec { sql: NodeId },
    /// Executes the SQL held by a named value (a constant or variable)
    /// that the file stage could not resolve to a literal.
    SqlExecNamed { name: String },
    /// Sets a pragma through an API (rusqlite `pragma_update`): both are string literal nodes.
    PragmaSet { name: NodeId, value: NodeId },
    /// Sets a pragma through a typed API (`.journal_mode(SqliteJournalMode::Wal)`,
    /// `setJournalMode(JournalMode.TRUNCATE)`): the value as SQL would spell it.
    PragmaApi {
        pragma: &'static str,
        value: String,
        value_range: ByteRange,
    },
    /// Opens a SQLite database. `wal_flag`: the open flags already ask for
    /// WAL; `read_only`: it cannot choose a journal mode; `in_memory`: it has
    /// no file and no journal at all (`:memory:`, no path).
    DbOpen {
        wal_flag: bool,
        read_only: bool,
        in_memory: bool,
    },
    /// Switches a connection to WAL without SQL (`enableWriteAheadLogging()`).
    WalEnable,
    /// Declares an index without SQL (Room's `@Entity(indices = [Index(...)])`).
    IndexDecl(Box<CreateIndex>),
    /// Declares a table without SQL (Room's `@Entity`).
    TableDecl { table: String },
    /// Declares a table's key column AUTOINCREMENT without SQL (Room's
    /// `@PrimaryKey(autoGenerate = true)`); `range` is the declaration.
    GeneratedKeyDecl {
        table: String,
        column: String,
        range: ByteRange,
    },
    /// Flushes a file to the drive.
    Fsync(SyncStrength),
    // prefs-commit, userdefaults-synchronize:
    /// Writes a preferences store synchronously on the calling thread.
    PrefsSyncWrite(PrefsSyncWrite),
    // plist-as-database and temp-file-churn:
    /// Writes a whole serialized document (JSON, plist, keyed archive, bincode)
    /// to a file. `target`: the source range naming the file written, when known.
    SerializedWrite { target: Option<ByteRange> },
    /// Writes a preference store that persists as one file (SharedPreferences
    /// `apply()`/`edit { }`, UserDefaults `set(_:forKey:)`); `commit()` is a
    /// `PrefsSyncWrite`.
    PrefsWrite,
    /// Creates or truncates the file named by `target`.
    FileCreate { target: Option<ByteRange> },
    /// Deletes the file named by `target`.
    FileDelete { target: Option<ByteRange> },
    /// Creates a temporary file that deletes itself when dropped (tempfile's
    /// `NamedTempFile::new()`, `tempfile()`).
    TempFile,
    /// Keeps a self-deleting temporary file (`NamedTempFile::persist`); `target`
    /// names the temporary file.
    TempFileKeep { target: Option<ByteRange> },
    // open-per-query, write-without-transaction:
    /// Closes a database connection (`sqlite3_close`, `close()` or Kotlin's
    /// `use {}` on a value typed as a database, Rust's `drop`).
    DbClose,
    /// Takes the connection an open helper keeps (`helper.writableDatabase`):
    /// the helper opens the database on first use and keeps it open, so this
    /// is an open per use only where the same code also closes it. `range`:
    /// the member's token (a property read is no call and has no name range).
    DbFromHelper { range: ByteRange },
    /// Begins a transaction (`beginTransaction()`, rusqlite `transaction()`,
    /// sqlx `begin()`). A closure handed to it runs inside the transaction
    /// (Diesel's `transaction(|conn| ..)`).
    TxBegin,
    /// Ends a transaction (`endTransaction()`, `commit()`, `rollback()`).
    TxEnd,
    /// Runs its closure argument inside one transaction (GRDB `write {}`,
    /// Room `runInTransaction {}`, the KTX and SQLDelight `transaction {}`).
    TxBlock,
    /// Writes rows through an API rather than SQL (`SQLiteDatabase.insert`).
    DbWrite,
    /// A Room DAO annotation (`@Insert`, `@Update`, `@Delete`, `@Upsert`):
    /// the annotated method writes. `batched`: it takes a collection (or
    /// varargs), and Room writes all of it in one transaction.
    DaoWrite { batched: bool },
    /// Room's `@Transaction`: the annotated method runs in one transaction.
    TxFunction,
    /// A supertype (its constructor call in a type's header) whose listed
    /// methods the framework runs inside a transaction: Room's
    /// `Migration.migrate`.
    TxMethods(&'static [&'static str]),
}

/// How a preferences write is forced to happen now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrefsSyncWrite {
    /// `SharedPreferences.Editor.commit()`: writes the file before it
    /// returns, and returns whether it succeeded.
    Commit,
    /// KTX `prefs.edit(commit = true) { }`: `flag` is the `true` literal.
    EditCommit { flag: ByteRange },
    /// `UserDefaults.synchronize()`: forces the defaults plist out now.
    Synchronize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SyncStrength {
    /// fsync, fdatasync, sync_all, FileHandle.synchronize(), FileChannel.force().
    Plain,
    /// `fcntl(fd, F_BARRIERFSYNC)`: an fsync with an I/O barrier.
    Barrier,
    /// `fcntl(fd, F_FULLFSYNC)`: flushes the drive's whole cache.
    Full,
    /// Rust's `sync_all`/`sync_data` in code built only for Apple targets,
    /// where std makes them `F_FULLFSYNC`. Still a sync of the one file it is
    /// called on, so a per-file loop reads as for a plain sync.
    StdOnApple,
}

/// A call (or assignment) the catalog recognised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classified {
    pub node: NodeId,
    pub op: Op,
}

/// One catalog row: calls named `name` whose receiver matches mean `action`.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub name: &'static str,
    pub receiver: Receiver,
    pub action: Action,
    /// For generic names (`Connection(...)`): the row counts only in files
    /// importing this module.
    pub import: Option<&'static str>,
    /// The name is too common a word to make a file worth reading
    /// (`use`, `insert`, `drop`): the prefilter looks for the row's type or
    /// import instead, without which the row cannot match anyway.
    pub quiet: bool,
    /// Words that must appear in a file for this row to match there, when
    /// neither the name nor the receiver is distinctive enough to scan for
    /// (`write` of encoder output: `Encoder`, `Serialization`, `Archiver`).
    pub hints: &'static [&'static str],
}

impl Row {
    pub const fn new(name: &'static str, receiver: Receiver, action: Action) -> Row {
        Row {
            name,
            receiver,
            action,
            import: None,
            quiet: false,
            hints: &[],
        }
    }

    pub const fn imported(
        name: &'static str,
        import: &'static str,
        receiver: Receiver,
        action: Action,
    ) -> Row {
        Row {
            name,
            receiver,
            action,
            import: Some(import),
            quiet: false,
            hints: &[],
        }
    }

    /// Marks a row whose name is a common word (see `quiet`).
    pub const fn quiet(self) -> Row {
        Row {
            quiet: true,
            ..self
        }
    }

    /// Scans for `hints` instead of the name (see `hints`).
    pub const fn hint(self, hints: &'static [&'static str]) -> Row {
        Row { hints, ..self }
    }

    /// What must be written in a file for this row to match there: one or
    /// more alternatives, each a set of identifiers that must all appear.
    /// The call's name always, with what places it when the name alone is a
    /// common word (`insert`, `write`, `sync`): its type, module, import or
    /// hints. A quiet row without a type to look for adds nothing: it
    /// matches only in files other words let through.
    fn prefilter_terms(&self) -> Vec<Vec<Word<'static>>> {
        let name = Word::whole(self.name);
        if !self.hints.is_empty() {
            // A hint is part of a name (`Encoder` in `JSONEncoder`).
            return self
                .hints
                .iter()
                .map(|&hint| {
                    vec![
                        Word {
                            text: hint,
                            whole: false,
                        },
                        name,
                    ]
                })
                .collect();
        }
        let placing = match (self.import, self.receiver) {
            (Some(module), _) => Some(module),
            // A path receiver is written out wherever the row matches.
            (None, Receiver::Path(path) | Receiver::PathLast(path)) if path.len() >= 4 => {
                Some(path)
            }
            (None, Receiver::Typed(ty)) if self.quiet => Some(ty),
            (None, _) if self.quiet => return Vec::new(),
            (None, _) => None,
        };
        vec![placing.map(Word::whole).into_iter().chain([name]).collect()]
    }
}

/// A word the prefilter looks for, as the language writes it: a whole
/// identifier, or a part of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Word<'w> {
    pub text: &'w str,
    pub whole: bool,
}

impl<'w> Word<'w> {
    pub const fn whole(text: &'w str) -> Word<'w> {
        Word { text, whole: true }
    }
}

/// An assignment to a property named `property` sets `pragma` to the
/// assigned value (GRDB's `config.journalMode = .wal`).
#[derive(Debug, Clone, Copy)]
pub struct AssignRow {
    pub property: &'static str,
    pub pragma: &'static str,
}

#[derive(Debug, Clone, Copy)]
pub enum Receiver {
    /// Any receiver, or none: the name alone is specific enough.
    Any,
    /// A path or static call through this module or type (`sqlx::query`,
    /// `Connection::open`, `SQLiteDatabase.openDatabase`).
    Path(&'static str),
    /// A receiver whose type resolves to this one; common method names such
    /// as `sync()` count only on the right type.
    Typed(&'static str),
    /// A path call whose path ends in this module or type (`fs::write`,
    /// `std::fs::write`, but not `fs::OpenOptions::new().write(true)`).
    PathLast(&'static str),
}

#[derive(Debug, Clone, Copy)]
pub enum Action {
    /// Executes SQL held by this argument.
    Sql(ArgAt),
    /// Sets the pragma named by argument `name` to argument `value`.
    PragmaSet {
        name: usize,
        value: usize,
    },
    Fsync,
    /// Rust `File::sync_all`/`sync_data` (std, and tokio which calls std):
    /// std implements both with `fcntl(F_FULLFSYNC)` on Apple targets.
    StdFileSync,
    /// `fcntl(fd, cmd)`: a sync when `cmd` is F_FULLFSYNC or F_BARRIERFSYNC.
    FcntlSync {
        command: usize,
    },
    /// Opens a database; WAL is already on when the call's text names `wal_flag`.
    Open {
        wal_flag: Option<&'static str>,
    },
    /// Opens a database that is always in WAL mode (Core Data's stores).
    OpenInWal,
    /// Turns WAL on; with `when_true`, only when that argument is `true`.
    EnableWal {
        when_true: Option<usize>,
    },
    /// Sets `pragma` to the enum value named by argument `arg`
    /// (`SqliteJournalMode::Wal` -> WAL).
    PragmaEnum {
        pragma: &'static str,
        arg: usize,
    },
    /// Sets `pragma` to a fixed value (`disableWriteAheadLogging()` -> DELETE).
    PragmaFixed {
        pragma: &'static str,
        value: &'static str,
    },
    /// Core Data store options: string pairs `"journal_mode": "DELETE"` in a
    /// dictionary handed to the call.
    PragmaDictionary,
    /// Room's `Index("a", "b")` inside `@Entity(...)`: an index on the
    /// entity's table.
    RoomIndex,
    /// Room's `@Entity` on a class: the class declares a table.
    RoomEntity,
    /// Room's `@ColumnInfo(index = true)` on a property of an `@Entity`
    /// class: an index on that column.
    RoomColumnIndex,
    /// Room's `@PrimaryKey(autoGenerate = true)` on a property of an
    /// `@Entity` class: Room declares that column AUTOINCREMENT.
    RoomPrimaryKey,
    // prefs-commit, userdefaults-synchronize:
    /// A synchronous preferences write (`commit()`, `synchronize()`).
    PrefsSyncWrite(PrefsSyncAction),
    // plist-as-database and temp-file-churn:
    /// Writes serialized data to the file at `target`: the data is `payload`.
    /// With `file_only`, only when the target is (or wraps) a file
    /// (`serde_json::to_writer(File::create(p)?, ..)`, not a `Vec<u8>`).
    SerializedWrite {
        target: Place,
        payload: Payload,
        file_only: bool,
    },
    /// Foundation's `write(to:atomically:)` / `write(toFile:atomically:)`
    /// without an `encoding:` label: an NSDictionary/NSArray (or NSData) plist
    /// write. The file is the first argument.
    PlistWrite,
    /// Writes a preference store. `block`: the call must take a closure (KTX
    /// `prefs.edit { }`); otherwise it must not (so Kotlin's scope function
    /// `editor.apply { }` is no write).
    PrefsWrite {
        block: bool,
    },
    /// Creates or truncates the file named at `target` (none: a fresh temporary
    /// name). With `flag`, only when the receiver chain calls `flag`
    /// (`OpenOptions::new().create(true).open(p)`).
    FileCreate {
        target: Option<Place>,
        flag: Option<&'static str>,
    },
    /// Deletes the file named at `target`.
    FileDelete {
        target: Place,
    },
    /// A self-deleting temporary file.
    TempFile,
    /// Keeps the self-deleting temporary file that is the receiver.
    TempFileKeep,
    // open-per-query, write-without-transaction:
    Close,
    /// Hands out the connection an open helper keeps (`getWritableDatabase()`).
    FromHelper,
    TxBegin,
    TxEnd,
    TxBlock,
    Write,
    /// A Room write annotation on a DAO method.
    DaoWrite,
    TxFunction,
    TxMethods(&'static [&'static str]),
}

/// Reading the member `member` (a property, not a call) means `action`:
/// `helper.writableDatabase` hands out the helper's connection.
#[derive(Debug, Clone, Copy)]
pub struct MemberRow {
    pub member: &'static str,
    pub action: Action,
}

/// Which synchronous preferences write a row stands for.
#[derive(Debug, Clone, Copy)]
pub enum PrefsSyncAction {
    Commit,
    /// A builder that commits synchronously when argument `label` (or its
    /// first positional argument) is `true`.
    EditCommit {
        label: &'static str,
    },
    Synchronize,
}

#[derive(Debug, Clone, Copy)]
pub enum ArgAt {
    Index(usize),
    Label(&'static str),
}

/// Where a call names the file it works on.
#[derive(Debug, Clone, Copy)]
pub enum Place {
    Arg(ArgAt),
    /// The receiver expression (`file.writeText(..)`, `tmp.delete()`).
    Receiver,
}

/// Where the serialized data of a `SerializedWrite` comes from.
#[derive(Debug, Clone, Copy)]
pub enum Payload {
    /// The call serializes by itself (`serde_json::to_writer`, `writeObject`),
    /// or the row's receiver type already says the receiver is serialized data.
    Itself,
    /// This argument must be serialized data (a value of type `SERIALIZED`).
    Arg(ArgAt),
}

/// The pseudo-type of an encoder's output (`JSONEncoder().encode(x)`,
/// `gson.toJson(x)`, `serde_json::to_vec(&x)`): a whole serialized document.
pub const SERIALIZED: &str = "SerializedData";

fn rows(language: Language) -> &'static [Row] {
    match language {
        Language::Rust => rust::ROWS,
        Language::Swift => swift::ROWS,
        Language::Kotlin => kotlin::ROWS,
        Language::Sql => &[],
    }
}

fn assign_rows(language: Language) -> &'static [AssignRow] {
    match language {
        Language::Swift => swift::ASSIGN_ROWS,
        _ => &[],
    }
}

pub(crate) fn type_flows(language: Language) -> &'static [TypeFlow] {
    match language {
        Language::Swift => swift::TYPE_FLOWS,
        Language::Kotlin => kotlin::TYPE_FLOWS,
        Language::Rust => rust::TYPE_FLOWS,
        Language::Sql => &[],
    }
}

fn member_rows(language: Language) -> &'static [MemberRow] {
    match language {
        Language::Kotlin => kotlin::MEMBER_ROWS,
        _ => &[],
    }
}

/// Names a closure's parameters have without being declared (Kotlin's `it`,
/// Swift's `$0`): in an iteration closure they differ per element.
pub fn implicit_closure_parameters(language: Language) -> &'static [&'static str] {
    match language {
        Language::Kotlin => &["it"],
        Language::Swift => &["$0", "$1", "$2"],
        Language::Rust | Language::Sql => &[],
    }
}

/// Whether waiting on a `suspend`/`async` call is written at the call
/// site (`.await`, `await`); Kotlin's `suspend` calls look like any call.
pub fn awaits_are_written(language: Language) -> bool {
    !matches!(language, Language::Kotlin)
}

/// Argument labels that hand a closure over to run later, on an event
/// (`click = { .. }`, `handler:`, `completion:`): building a menu in a loop
/// runs none of them.
pub fn is_handler_label(label: &str) -> bool {
    const LABELS: &[&str] = &[
        "click",
        "onClick",
        "onLongClick",
        "onTap",
        "onSelect",
        "onDismiss",
        "handler",
        "action",
        "completion",
        "completionHandler",
        "listener",
        "callback",
    ];
    LABELS.contains(&label)
}

/// Calls that compile a statement to run later, maybe many times.
pub fn is_statement_preparation(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Rust => &["prepare", "prepare_cached"],
        Language::Kotlin => &["compileStatement"],
        Language::Swift => &["prepare"],
        Language::Sql => &[],
    };
    names.contains(&name)
}

/// Calls that run a prepared statement once.
pub fn is_statement_execution(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Rust => &["execute", "insert", "raw_execute"],
        Language::Kotlin => &["execute", "executeInsert", "executeUpdateDelete"],
        Language::Swift => &["run"],
        Language::Sql => &[],
    };
    names.contains(&name)
}

/// Calls that split a collection into batches (`ids.chunked(500)`): a loop
/// over their result runs once per batch, and a write per batch is the
/// batching a transaction-per-row finding asks for.
pub fn is_batching_call(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Kotlin => &["chunked", "windowed"],
        Language::Swift => &["chunked", "chunks"],
        Language::Rust => &["chunks", "chunks_exact"],
        Language::Sql => &[],
    };
    names.contains(&name)
}

/// Types whose value is an open transaction: a function handed one as a
/// parameter runs its writes through it inside that transaction, whoever
/// began it (rusqlite's and sqlx's `Transaction`, rusqlite's `Savepoint`).
pub fn is_transaction_handle_type(language: Language, ty: &str) -> bool {
    match language {
        Language::Rust => matches!(ty, "Transaction" | "Savepoint"),
        Language::Kotlin | Language::Swift | Language::Sql => false,
    }
}

/// Types holding one value (or none), whose `map`, `flatMap` and `fold`
/// run their closure once: not a loop, whatever the method is called.
pub fn is_single_value_type(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Kotlin => &[
            "Single",
            "Maybe",
            "Completable",
            "Result",
            "Deferred",
            "Optional",
        ],
        Language::Swift => &["Optional", "Result", "Future", "Task"],
        Language::Rust => &["Option", "Result"],
        Language::Sql => &[],
    };
    names.contains(&name)
}

/// Whether calling `method` on a single-value `ty` gives a single-value
/// type again (`Single.doOnSuccess { }` is a `Single`, `flatMapCompletable`
/// a `Completable`, `Result.map { }` a `Result`): RxJava's operators that
/// neither stream nor unwrap, and `Result`'s.
pub fn keeps_single_value(language: Language, ty: &str, method: &str) -> bool {
    const RX_OPERATORS: &[&str] = &[
        "andThen",
        "cache",
        "defaultIfEmpty",
        "delay",
        "doAfterSuccess",
        "doAfterTerminate",
        "doFinally",
        "doOnComplete",
        "doOnDispose",
        "doOnError",
        "doOnEvent",
        "doOnSubscribe",
        "doOnSuccess",
        "filter",
        "flatMap",
        "flatMapCompletable",
        "flatMapMaybe",
        "flatMapSingle",
        "ignoreElement",
        "map",
        "observeOn",
        "onErrorComplete",
        "onErrorResumeNext",
        "onErrorReturn",
        "onErrorReturnItem",
        "retry",
        "retryWhen",
        "subscribeOn",
        "switchIfEmpty",
        "timeout",
        "toCompletable",
        "toMaybe",
        "toSingle",
        "zipWith",
    ];
    // Kotlin's `Result` and the `flatMap` apps add to it.
    const RESULT_OPERATORS: &[&str] = &[
        "flatMap",
        "map",
        "mapCatching",
        "onFailure",
        "onSuccess",
        "recover",
        "recoverCatching",
    ];
    language == Language::Kotlin
        && match ty {
            "Single" | "Maybe" | "Completable" => RX_OPERATORS.contains(&method),
            "Result" => RESULT_OPERATORS.contains(&method),
            _ => false,
        }
}

/// The versions a migration upgrades from and to, read from its header:
/// `…Migration(a, b)` with two integer versions, `a < b` (Room's `object :
/// Migration(1, 2)`, an app's `addMigration(1, 2) { db -> }`).
pub fn migration_versions(header: &str) -> Option<(u32, u32)> {
    let at = header.find("igration(")?;
    let args = &header[at + "igration(".len()..];
    let args = &args[..args.find(')')?];
    let mut versions = args.split(',').map(|v| v.trim().parse::<u32>());
    match (versions.next(), versions.next(), versions.next()) {
        (Some(Ok(from)), Some(Ok(to)), None) if from < to => Some((from, to)),
        _ => None,
    }
}

/// The call that opens a preferences editor on a store
/// (SharedPreferences' `edit()`): what a write's chain holds before it is
/// the store, what comes after are keys and values.
pub fn prefs_editor_opener(language: Language) -> Option<&'static str> {
    (language == Language::Kotlin).then_some("edit")
}

/// Whether the language's libraries chain single values through operators
/// (`keeps_single_value`): there, whether a loop runs once depends on the
/// declared return type at the start of its receiver chain.
pub fn chains_single_values(language: Language) -> bool {
    language == Language::Kotlin
}

/// Whether a file naming only a transaction is read for the catalog's
/// words. A transaction holds writes and decides nothing alone: a Rust file
/// naming only one (an IndexedDB or redb store's `transaction`) joins when
/// the later passes find it calling a writer, or declaring the helper a
/// writing loop's closure is handed to (`fn in_transaction`). A Kotlin
/// helper is often an extension (`fun SQLiteDatabase.inTransaction`), which
/// the declaration search cannot find by its name; in Swift the helper
/// search joined files for library closures (`DispatchQueue`).
pub fn reads_transaction_only_files(language: Language) -> bool {
    language != Language::Rust
}

/// Whether a value is commonly reached through a getter named after its
/// type with a lower-case initial (Room's `db.noteDao()`).
pub fn getters_named_after_types(language: Language) -> bool {
    language == Language::Kotlin
}

/// Higher-order calls whose closure argument runs once per element, making
/// the closure a loop body.
pub fn is_iteration_call(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Rust => &[
            "for_each",
            "try_for_each",
            "map",
            "filter_map",
            "flat_map",
            "try_fold",
            "fold",
            "scan",
            "inspect",
            "retain",
        ],
        Language::Swift => &[
            "forEach",
            "map",
            "compactMap",
            "flatMap",
            "filter",
            "reduce",
            "enumerateObjects",
            "enumerateLines",
            "concurrentPerform",
        ],
        Language::Kotlin => &[
            "forEach",
            "forEachIndexed",
            "map",
            "mapIndexed",
            "mapNotNull",
            "flatMap",
            "filter",
            "onEach",
            "repeat",
            "fold",
            "associate",
            "associateWith",
            "associateBy",
        ],
        Language::Sql => &[],
    };
    names.contains(&name)
}

/// Libraries whose databases are in WAL mode unless told otherwise (Room's
/// `JournalMode.AUTOMATIC`).
pub fn imports_wal_by_default(import: &str) -> bool {
    import.starts_with("androidx.room")
}

/// What makes a file of `language` worth parsing: alternatives, each a set
/// of identifiers that must all be written in it. Derived from the tables
/// so that a new row can never be missed by the prefilter. SQL keywords are
/// `sql::KEYWORDS`, looked for in strings.
pub fn prefilter_terms(language: Language) -> Vec<Vec<Word<'static>>> {
    let mut terms: Vec<Vec<Word<'static>>> = rows(language)
        .iter()
        .filter(|row| {
            reads_transaction_only_files(language)
                || !matches!(row.action, Action::TxBegin | Action::TxEnd)
        })
        .flat_map(Row::prefilter_terms)
        .chain(
            member_rows(language)
                .iter()
                .map(|r| vec![Word::whole(r.member)]),
        )
        .collect();
    terms.sort_unstable();
    terms.dedup();
    terms
}

/// Classifies every call and assignment in the model. `text` is the file's
/// text, for the few rows that read an argument as written (`true`, flags).
pub fn classify(model: &Model, text: &str) -> Vec<Classified> {
    let table = rows(model.language);
    let assigns = assign_rows(model.language);
    if table.is_empty() && assigns.is_empty() {
        return Vec::new();
    }
    let types = TypeResolver::new(model, type_flows(model.language));
    let imported = |module: &str| {
        model.imports.iter().any(|i| {
            i == module
                || i.strip_prefix(module)
                    .is_some_and(|rest| rest.starts_with('.') || rest.starts_with("::"))
        })
    };
    // Whether each row's hints are in the file, looked up when a call of
    // its name is met: a file read for another reason (a later pass joins
    // it for its calls) may use a common name the hints would not place
    // (`ctx.execute(sql)` on a dataframe's SQL context).
    let mut hinted: Vec<Option<bool>> = vec![None; table.len()];
    let mut placed = |index: usize, row: &Row| {
        *hinted[index].get_or_insert_with(|| {
            row.hints.is_empty() || row.hints.iter().any(|hint| text.contains(hint))
        })
    };
    let mut classified = Vec::new();
    for id in model.ids() {
        let op = match &model.node(id).kind {
            NodeKind::Call(call) => (table.iter().enumerate())
                .filter(|(_, row)| row.name == call.name)
                .filter(|&(index, row)| placed(index, row))
                .map(|(_, row)| row)
                .filter(|row| row.import.is_none_or(imported))
                .filter(|row| receiver_matches(row.receiver, &types, id, call))
                .find_map(|row| action_op(row.action, model, &types, id, call, text)),
            NodeKind::Assign { target, value } => {
                assign_op(assigns, target, value, model.node(id).range.clone())
            }
            _ => None,
        };
        if let Some(op) = op {
            classified.push(Classified { node: id, op });
        }
    }
    // A node may read a member and call a method at once
    // (`helper.writableDatabase.insert(..)`): member ops come on top.
    classified.extend(member_ops(model, text));
    classified
}

fn assign_op(
    rows: &[AssignRow],
    target: &[Segment],
    value: &Value,
    range: ByteRange,
) -> Option<Op> {
    let Some(Segment::Name(property)) = target.last() else {
        return None;
    };
    let row = rows.iter().find(|r| r.property == property)?;
    let Value::Chain(chain) = value else {
        return None;
    };
    Some(Op::PragmaApi {
        pragma: row.pragma,
        value: enum_value_as_sql(last_name(chain)?),
        value_range: range,
    })
}

fn last_name(chain: &[Segment]) -> Option<&str> {
    match chain.last()? {
        Segment::Name(name) => Some(name),
        _ => None,
    }
}

/// `Wal`, `wal`, `WRITE_AHEAD_LOGGING` -> `WAL`; `Truncate` -> `TRUNCATE`.
fn enum_value_as_sql(variant: &str) -> String {
    match variant.to_ascii_uppercase().as_str() {
        "WRITE_AHEAD_LOGGING" => "WAL".to_string(),
        upper => upper.to_string(),
    }
}

fn receiver_matches(receiver: Receiver, types: &TypeResolver, at: NodeId, call: &Call) -> bool {
    match receiver {
        Receiver::Any => true,
        Receiver::Path(module) => call
            .receiver
            .iter()
            .any(|s| matches!(s, Segment::Name(n) if n == module)),
        Receiver::Typed(wanted) => {
            types.type_of_chain(at, &call.receiver, 0).as_deref() == Some(wanted)
        }
        Receiver::PathLast(module) => {
            matches!(call.receiver.last(), Some(Segment::Name(n)) if n == module)
        }
    }
}

fn action_op(
    action: Action,
    model: &Model,
    types: &TypeResolver,
    id: NodeId,
    call: &Call,
    text: &str,
) -> Option<Op> {
    let arg_text = |index: usize| {
        call.args
            .get(index)
            .and_then(|a| text.get(a.range.clone()))
            .map(str::trim)
    };
    match action {
        Action::Sql(at) => {
            let arg = match at {
                ArgAt::Index(i) => call.args.get(i),
                ArgAt::Label(label) => call.args.iter().find(|a| a.label.as_deref() == Some(label)),
            }?;
            match &arg.value {
                Value::Str(sql) => Some(Op::SqlExec { sql: *sql }),
                Value::Chain(chain) if chain.len() == 1 || is_type_qualified(chain) => {
                    Some(Op::SqlExecNamed {
                        name: last_name(chain)?.to_string(),
                    })
                }
                _ => None,
            }
        }
        Action::PragmaSet { name, value } => {
            match (&call.args.get(name)?.value, &call.args.get(value)?.value) {
                (Value::Str(name), Value::Str(value)) => Some(Op::PragmaSet {
                    name: *name,
                    value: *value,
                }),
                _ => None,
            }
        }
        Action::Fsync => Some(Op::Fsync(SyncStrength::Plain)),
        Action::StdFileSync if model.is_apple_only(&model.node(id).range) => {
            Some(Op::Fsync(SyncStrength::StdOnApple))
        }
        Action::StdFileSync => Some(Op::Fsync(SyncStrength::Plain)),
        Action::FcntlSync { command } => match &call.args.get(command)?.value {
            Value::Chain(chain) => match chain.last() {
                Some(Segment::Name(name)) if name == "F_FULLFSYNC" => {
                    Some(Op::Fsync(SyncStrength::Full))
                }
                Some(Segment::Name(name)) if name == "F_BARRIERFSYNC" => {
                    Some(Op::Fsync(SyncStrength::Barrier))
                }
                _ => None,
            },
            _ => None,
        },
        Action::Open { wal_flag } => {
            let call_text = text.get(model.node(id).range.clone()).unwrap_or("");
            Some(Op::DbOpen {
                wal_flag: wal_flag.is_some_and(|flag| call_text.contains(flag)),
                read_only: READ_ONLY_FLAGS.iter().any(|flag| call_text.contains(flag))
                    || configured_read_only(model, id, call, text),
                in_memory: opens_in_memory(model, types, call, text),
            })
        }
        Action::OpenInWal => Some(Op::DbOpen {
            wal_flag: true,
            read_only: false,
            in_memory: false,
        }),
        Action::EnableWal { when_true } => match when_true {
            Some(index) => (arg_text(index)? == "true").then_some(Op::WalEnable),
            None => Some(Op::WalEnable),
        },
        Action::PragmaEnum { pragma, arg } => {
            let argument = call.args.get(arg)?;
            let Value::Chain(chain) = &argument.value else {
                return None;
            };
            Some(Op::PragmaApi {
                pragma,
                value: enum_value_as_sql(last_name(chain)?),
                value_range: argument.range.clone(),
            })
        }
        Action::PragmaFixed { pragma, value } => Some(Op::PragmaApi {
            pragma,
            value: value.to_string(),
            value_range: call.name_range.clone(),
        }),
        Action::PragmaDictionary => pragma_dictionary(model, id, text),
        Action::RoomIndex => {
            room_index(model, id, call, text).map(|index| Op::IndexDecl(Box::new(index)))
        }
        Action::RoomPrimaryKey => room_generated_key(model, id, call, text),
        Action::RoomEntity => entity_table(model, id, call).map(|table| Op::TableDecl { table }),
        Action::RoomColumnIndex => {
            room_column_index(model, id, call, text).map(|index| Op::IndexDecl(Box::new(index)))
        }
        Action::PrefsSyncWrite(kind) => prefs_sync_write(kind, call, text).map(Op::PrefsSyncWrite),
        Action::SerializedWrite {
            target,
            payload,
            file_only,
        } => {
            if file_only && !place_is_file(model, types, text, id, call, target) {
                return None;
            }
            if let Payload::Arg(at) = payload {
                let Value::Chain(chain) = &find_arg(call, at)?.value else {
                    return None;
                };
                if types.type_of_chain(id, chain, 0).as_deref() != Some(SERIALIZED) {
                    return None;
                }
            }
            Some(Op::SerializedWrite {
                target: place_range(model, text, id, call, target),
            })
        }
        Action::PlistWrite => {
            let labeled = |label: &str| call.args.iter().any(|a| a.label.as_deref() == Some(label));
            // `String`/`NSString` writes carry an `encoding:`; `Data` has no
            // `atomically:`. An unknown receiver with these labels is a
            // property-list collection (or NSData) by elimination.
            if !labeled("atomically") || labeled("encoding") {
                return None;
            }
            let receiver_type = types.type_of_chain(id, &call.receiver, 0);
            let plist_type = receiver_type.as_deref().is_none_or(|ty| {
                matches!(
                    ty,
                    "NSDictionary" | "NSMutableDictionary" | "NSArray" | "NSMutableArray"
                ) || ty == SERIALIZED
            });
            plist_type.then(|| Op::SerializedWrite {
                target: place_range(model, text, id, call, Place::Arg(ArgAt::Index(0))),
            })
        }
        Action::PrefsWrite { block } => {
            let has_closure = model
                .children(id)
                .any(|c| matches!(model.node(c).kind, NodeKind::Closure { .. }));
            (has_closure == block).then_some(Op::PrefsWrite)
        }
        Action::FileCreate { target, flag } => {
            // A row that names its file where the call has none is another
            // overload (`handle.write(data)` next to `data.write(to: url)`).
            let target = match target {
                Some(place) => Some(place_range(model, text, id, call, place)?),
                None => None,
            };
            if let Some(flag) = flag {
                let flagged = call
                    .receiver
                    .iter()
                    .any(|s| matches!(s, Segment::Call(n) if n == flag));
                if !flagged {
                    return None;
                }
            }
            Some(Op::FileCreate { target })
        }
        Action::FileDelete { target } => Some(Op::FileDelete {
            target: place_range(model, text, id, call, target),
        }),
        Action::TempFile => Some(Op::TempFile),
        Action::TempFileKeep => Some(Op::TempFileKeep {
            target: place_range(model, text, id, call, Place::Receiver),
        }),
        Action::Close => Some(Op::DbClose),
        Action::FromHelper => Some(Op::DbFromHelper {
            range: call.name_range.clone(),
        }),
        Action::TxBegin => Some(Op::TxBegin),
        Action::TxEnd => Some(Op::TxEnd),
        Action::TxBlock => Some(Op::TxBlock),
        Action::Write => Some(Op::DbWrite),
        Action::DaoWrite => Some(Op::DaoWrite {
            batched: takes_collection(model, id, text)?,
        }),
        Action::TxFunction => {
            let function = model.node(id).parent?;
            matches!(model.node(function).kind, NodeKind::Function(_)).then_some(Op::TxFunction)
        }
        Action::TxMethods(methods) => {
            let declared = model.node(id).parent?;
            matches!(model.node(declared).kind, NodeKind::TypeDecl { .. })
                .then_some(Op::TxMethods(methods))
        }
    }
}

fn find_arg(call: &Call, at: ArgAt) -> Option<&crate::model::Arg> {
    match at {
        ArgAt::Index(i) => call.args.get(i),
        ArgAt::Label(label) => call.args.iter().find(|a| a.label.as_deref() == Some(label)),
    }
}

/// The source range of the expression naming the file a call works on: an
/// argument, or the receiver (from the call's start to the `.` before its name).
fn place_range(
    model: &Model,
    text: &str,
    id: NodeId,
    call: &Call,
    place: Place,
) -> Option<ByteRange> {
    match place {
        Place::Arg(at) => {
            let arg = find_arg(call, at)?;
            // The value only: without a Swift `label:` or Kotlin `name =`.
            let written = text.get(arg.range.clone())?;
            let value_start = arg
                .label
                .as_deref()
                .and_then(|label| written.strip_prefix(label))
                .map(|rest| rest.trim_start())
                .and_then(|rest| rest.strip_prefix(':').or_else(|| rest.strip_prefix('=')))
                .map_or(0, |rest| written.len() - rest.trim_start().len());
            Some(arg.range.start + value_start..arg.range.end)
        }
        Place::Receiver => {
            if call.receiver.is_empty() {
                return None;
            }
            // Up to the `.` (or `?.`, `!.`) before the call's name.
            let start = model.node(id).range.start;
            let written = text.get(start..call.name_range.start)?;
            let end = start
                + written
                    .trim_end_matches(['.', '?', '!', ' ', '\n', '\t'])
                    .len();
            (start < end).then_some(start..end)
        }
    }
}

/// Types whose values are open files or streams into one, for rows that
/// only count when they write to a file.
fn is_file_type(language: Language, ty: &str) -> bool {
    match language {
        Language::Rust => ty == "File",
        Language::Kotlin => matches!(ty, "File" | "FileOutputStream"),
        Language::Swift | Language::Sql => false,
    }
}

/// Whether the expression at `place` is, wraps, or was bound from a file:
/// its own chain, a call or argument inside it, or (one hop) the
/// initializer of the local it names.
fn place_is_file(
    model: &Model,
    types: &TypeResolver,
    text: &str,
    id: NodeId,
    call: &Call,
    place: Place,
) -> bool {
    let chain = match place {
        Place::Arg(at) => match find_arg(call, at) {
            Some(arg) => match &arg.value {
                Value::Chain(chain) => Some(chain.as_slice()),
                _ => None,
            },
            None => return false,
        },
        Place::Receiver => Some(call.receiver.as_slice()),
    };
    let Some(range) = place_range(model, text, id, call, place) else {
        return false;
    };
    let is_file = |ty: Option<String>| ty.is_some_and(|ty| is_file_type(model.language, &ty));
    if chain.is_some_and(|c| is_file(types.type_of_chain(id, c, 0))) {
        return true;
    }
    let inside = |within: ByteRange| {
        model.ids().any(|n| {
            let node = model.node(n);
            let NodeKind::Call(inner) = &node.kind else {
                return false;
            };
            if node.range.start < within.start || node.range.end > within.end {
                return false;
            }
            let mut whole = inner.receiver.clone();
            whole.push(Segment::Call(inner.name.clone()));
            is_file(types.type_of_chain(n, &whole, 0))
                || inner.args.iter().any(|a| match &a.value {
                    Value::Chain(c) => is_file(types.type_of_chain(n, c, 0)),
                    _ => false,
                })
        })
    };
    if inside(range) {
        return true;
    }
    // `val out = ObjectOutputStream(FileOutputStream(f)); out.writeObject(x)`.
    let head = match chain.and_then(|c| c.first()) {
        Some(Segment::Name(name)) => name.as_str(),
        _ => return false,
    };
    types
        .binding_of(id, head)
        .is_some_and(|binding| inside(model.node(binding).range.clone()))
}

/// Calls that defer or coalesce the closure they are handed (or, for
/// operators in a receiver chain such as `flow.debounce(..).collect { }`,
/// the closure handed to the chain): work inside runs once per quiet
/// period, not once per change.
pub fn is_deferring_call(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Swift => &[
            "asyncAfter",
            "debounce",
            "throttle",
            "DispatchWorkItem",
            "scheduledTimer",
            "UIAction",
            "UIAlertAction",
            // `DispatchQueue.async`, `Task { }`: runs elsewhere, concurrently.
            "async",
            "Task",
        ],
        Language::Kotlin => &[
            "debounce",
            "sample",
            "throttleFirst",
            "throttleLast",
            "throttleLatest",
            "postDelayed",
            "sendEmptyMessageDelayed",
            "schedule",
            // A coroutine per item runs concurrently, not in the loop's turn.
            "launch",
            "async",
        ],
        Language::Rust => &["debounce", "throttle", "new_debouncer"],
        Language::Sql => &[],
    };
    names.contains(&name) || (language == Language::Kotlin && is_coroutine_launcher(name))
}

/// Calls that register a closure to run on a user's event (a tap, a text
/// change, a dialog button): a loop building a list of rows registers one
/// per row and runs none of them.
pub fn registers_event_handler(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Kotlin => &[
            "clickable",
            "combinedClickable",
            "toggleable",
            "selectable",
            "setOnClickListener",
            "setOnLongClickListener",
            "setOnCheckedChangeListener",
            "setOnItemClickListener",
            "setOnItemSelectedListener",
            "setOnMenuItemClickListener",
            "setOnPreferenceClickListener",
            "setOnPreferenceChangeListener",
            "setOnDismissListener",
            "setPositiveButton",
            "setNegativeButton",
            "setNeutralButton",
            "addTextChangedListener",
            "doAfterTextChanged",
            "doOnTextChanged",
        ],
        Language::Swift => &[
            "onTapGesture",
            "onSubmit",
            "onLongPressGesture",
            "addAction",
        ],
        Language::Rust | Language::Sql => &[],
    };
    names.contains(&name)
}

/// Whether `call` hands the closure it is given to an executor's thread
/// (`executor.execute { }`, `ioExecutor.submit { }`): the caller goes on
/// without waiting for it.
pub fn runs_on_executor(language: Language, call: &Call) -> bool {
    let executor = matches!(call.receiver.last(), Some(Segment::Name(name))
        if name.to_ascii_lowercase().ends_with("executor"));
    language == Language::Kotlin && executor && matches!(call.name.as_str(), "execute" | "submit")
}

/// What a call waits on, when it is something other than the device's
/// storage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Wait {
    /// The network or another process: a request, a blocking subscription.
    Remote,
    /// The clock: a sleep, a coroutine's `delay`. A pause in the loop
    /// itself paces the loop; one deep in a helper is usually a rare
    /// branch's (a retry, a throttled notification).
    Clock,
}

/// Calls that wait on something other than the device's storage: the
/// network, another process, the clock. A loop that waits on one of them
/// each time round pays far more for the wait than for a commit, and a
/// transaction around it would hold the database's write lock across
/// every wait. Awaited calls the catalog does not know as storage are
/// told apart where they are made; these are the blocking ones.
pub fn waits_elsewhere(language: Language, call: &Call, hands_closure: bool) -> Option<Wait> {
    let name = call.name.as_str();
    // `executor.execute { }` hands its work over to another thread.
    if hands_closure {
        return None;
    }
    let on_a_call = matches!(call.receiver.last(), Some(Segment::Call(inner))
        if !is_statement_preparation(language, inner));
    let (clock, remote) = match language {
        Language::Kotlin => (
            matches!(name, "sleep" | "delay"),
            // Not Rx's `blockingGet()`/`blockingFirst()`: as often read a
            // relay's current value as they wait on a request.
            matches!(name, "openConnection" | "openStream")
            // Retrofit's and OkHttp's `service.fetch(id).execute()`,
            // `client.newCall(request).execute()`, a Google API request's:
            // a statement compiled from SQL is storage the catalog knows,
            // and its calls are not asked about.
            || name == "execute" && call.args.is_empty(),
        ),
        Language::Swift => (
            matches!(name, "sleep" | "usleep"),
            // `semaphore.wait()`, `group.wait()`: blocking on work elsewhere.
            name == "wait",
        ),
        Language::Rust => (
            name == "sleep",
            matches!(name, "recv" | "recv_timeout")
            // reqwest's and ureq's blocking requests: `client.get(url).send()`.
            || matches!(name, "send" | "call") && on_a_call && call.args.is_empty(),
        ),
        Language::Sql => (false, false),
    };
    if remote {
        Some(Wait::Remote)
    } else if clock {
        Some(Wait::Clock)
    } else {
        None
    }
}

/// Types of HTTP clients: a function handed one (`fetchChanges(.., client:
/// OkHttpClient)`) talks to the network with it, through whichever library
/// call the catalog does not know (a WebDAV client's `calendarQuery`).
pub fn is_network_client_type(language: Language, ty: &str) -> bool {
    let name = ty
        .trim_start_matches('&')
        .trim_end_matches('?')
        .rsplit("::")
        .next()
        .unwrap_or(ty);
    match language {
        Language::Kotlin => matches!(name, "OkHttpClient" | "HttpClient"),
        Language::Swift => name == "URLSession",
        // `reqwest::Client` as written with its path: a bare `Client` is
        // any library's.
        Language::Rust => ty.contains("reqwest::") && name == "Client",
        Language::Sql => false,
    }
}

/// Whether an import brings in Room's migrations (`androidx.room.migration.Migration`):
/// DDL in such a file is checked by Room against its `@Entity` classes.
pub fn imports_room_migrations(import: &str) -> bool {
    import.starts_with("androidx.room.migration")
}

/// An app's own coroutine builders are named for `launch` (`launchIO`,
/// `launchUI`, `launchNonCancellable`): they start a coroutine and return.
fn is_coroutine_launcher(name: &str) -> bool {
    name.strip_prefix("launch")
        .and_then(|rest| rest.chars().next())
        .is_some_and(char::is_uppercase)
}

/// Whether a call keeps the closures it is given for later rather than
/// running them now: a constructor (`OptionAction(title) { .. }`,
/// `Runnable { }`, a Compose `Button(onClick = { })`) stores its handler.
/// Kotlin's collection builders (`List(n) { i -> .. }`) and Swift's
/// `Dictionary(grouping:by:)` run theirs at once.
pub fn keeps_closure(language: Language, name: &str) -> bool {
    let runs_now: &[&str] = match language {
        Language::Kotlin => &[
            "List",
            "MutableList",
            "Array",
            "IntArray",
            "LongArray",
            "ByteArray",
            "CharArray",
            "ShortArray",
            "FloatArray",
            "DoubleArray",
            "BooleanArray",
            "String",
        ],
        Language::Swift => &["Dictionary", "Array", "Set", "String"],
        Language::Rust | Language::Sql => return false,
    };
    name.chars().next().is_some_and(char::is_uppercase) && !runs_now.contains(&name)
}

/// Parameter types that hold many rows: a DAO method taking one writes
/// them all in one call (and Room runs it in one transaction).
const COLLECTION_TYPES: &[&str] = &[
    "List",
    "MutableList",
    "ArrayList",
    "Collection",
    "MutableCollection",
    "Iterable",
    "Set",
    "MutableSet",
    "Array",
    "Sequence",
];

/// For an annotation on a function: whether the function takes a
/// collection or varargs. `None` when the annotation is not on a function.
pub(crate) fn takes_collection(model: &Model, annotation: NodeId, text: &str) -> Option<bool> {
    let function = model.node(annotation).parent?;
    let NodeKind::Function(f) = &model.node(function).kind else {
        return None;
    };
    Some(model.children(function).any(|child| {
        let NodeKind::Binding(b) = &model.node(child).kind else {
            return false;
        };
        if b.kind != BindingKind::Parameter {
            return false;
        }
        let many = b
            .declared_type
            .as_deref()
            .is_some_and(|t| COLLECTION_TYPES.contains(&t));
        // `vararg notes: Note`: the modifier sits before the parameter's name.
        let modifiers = text
            .get(f.name_range.end..b.name_range.start)
            .and_then(|s| s.rsplit([',', '(']).next())
            .unwrap_or("");
        many || modifiers.split_whitespace().any(|w| w == "vararg")
    }))
}

/// Reads of members that mean an operation (`helper.writableDatabase`):
/// a binding's initializer or a call's receiver that ends with the member. The op carries the
/// member's token, found in the node's text.
fn member_ops(model: &Model, text: &str) -> Vec<Classified> {
    let table = member_rows(model.language);
    let mut found = Vec::new();
    if table.is_empty() {
        return found;
    }
    for id in model.ids() {
        let node = model.node(id);
        let chain = match &node.kind {
            NodeKind::Binding(b) => match &b.init {
                Value::Chain(chain) => chain,
                _ => continue,
            },
            NodeKind::Call(call) => &call.receiver,
            _ => continue,
        };
        for row in table {
            // The node that reads the member first: a binding holding it,
            // or the call made on it (not every later call of the chain).
            let reads = matches!(chain.last(), Some(Segment::Name(n)) if n == row.member);
            if !reads {
                continue;
            }
            let Some(range) = word_in(text, node.range.clone(), row.member) else {
                continue;
            };
            if let Action::FromHelper = row.action {
                found.push(Classified {
                    node: id,
                    op: Op::DbFromHelper { range },
                });
            }
        }
    }
    found
}

/// The first occurrence of `word` as a whole identifier within `range`.
fn word_in(text: &str, range: ByteRange, word: &str) -> Option<ByteRange> {
    let haystack = text.get(range.clone())?;
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(at) = haystack[from..].find(word) {
        let start = from + at;
        let end = start + word.len();
        let before = haystack[..start].chars().next_back();
        let after = haystack[end..].chars().next();
        if !before.is_some_and(is_ident) && !after.is_some_and(is_ident) {
            return Some(range.start + start..range.start + end);
        }
        from = end;
    }
    None
}

/// Words in a type's header that make it a test class: an `XCTestCase`
/// (or Quick `QuickSpec`) subclass, a Swift Testing `@Suite`, a JUnit
/// `@RunWith` or Hilt `@HiltAndroidTest` class.
pub fn test_class_markers(language: Language) -> &'static [&'static str] {
    match language {
        Language::Swift => &["XCTestCase", "QuickSpec", "@Suite"],
        Language::Kotlin => &["@RunWith", "@HiltAndroidTest"],
        Language::Rust | Language::Sql => &[],
    }
}

/// Whether a connection's journal mode must be asked for on every
/// connection. Android's framework sets it again on each connection it
/// opens; elsewhere `journal_mode=WAL` is stored in the database file and
/// holds for every later connection.
pub fn journal_mode_is_per_connection(language: Language) -> bool {
    language == Language::Kotlin
}

/// The rollback journal a connection keeps when nothing asks for WAL, and
/// what it costs per commit.
pub fn default_journal(language: Language) -> &'static str {
    match language {
        Language::Kotlin => "Android's default rollback journal (TRUNCATE): every changed page is written twice and each commit truncates a journal file",
        _ => "SQLite's default rollback journal: every changed page is written twice and each commit creates and deletes a journal file",
    }
}

/// Android callbacks the framework runs inside a transaction of its own,
/// when handed the database (`parameter_words`: the identifiers of the
/// parameter list): `SQLiteOpenHelper.onCreate`/`onUpgrade`/`onDowngrade`
/// (wrapped in `beginTransaction`/`endTransaction` by the helper) and a
/// Room `Migration.migrate` (run inside Room's upgrade transaction).
/// `onOpen` and `onConfigure` run outside one.
pub fn runs_in_framework_transaction<'w>(
    name: &str,
    parameter_words: impl IntoIterator<Item = &'w str>,
) -> bool {
    matches!(name, "onCreate" | "onUpgrade" | "onDowngrade" | "migrate")
        && parameter_words
            .into_iter()
            .any(|word| matches!(word, "SQLiteDatabase" | "SupportSQLiteDatabase"))
}

/// Whether a Kotlin function made for Java callers that no code storlint
/// reads calls, named for a schema upgrade (`upgradeDatabase`, or any
/// function of a `DatabaseUpgrades` type) and handed Android's database
/// (`parameter_words`: its parameter list's identifiers), is a step of the
/// app's Java `onUpgrade`, which `SQLiteOpenHelper` wraps in a transaction.
pub fn upgrade_step_of_android_database<'w>(
    name: &str,
    owner: Option<&str>,
    parameter_words: impl IntoIterator<Item = &'w str>,
) -> bool {
    let upgrade = |word: &str| {
        let lower = word.to_ascii_lowercase();
        ["upgrade", "migrat", "downgrade"]
            .iter()
            .any(|part| lower.contains(part))
    };
    (upgrade(name) || owner.is_some_and(upgrade))
        && parameter_words
            .into_iter()
            .any(|word| matches!(word, "SQLiteDatabase" | "SupportSQLiteDatabase"))
}

/// Annotations that mark a function as a test or test fixture (JUnit, kotlin.test).
pub fn is_test_annotation(name: &str) -> bool {
    matches!(
        name,
        "Test"
            | "ParameterizedTest"
            | "RepeatedTest"
            | "TestFactory"
            | "Before"
            | "BeforeEach"
            | "BeforeAll"
            | "BeforeClass"
            | "BeforeTest"
            | "After"
            | "AfterEach"
            | "AfterAll"
            | "AfterClass"
            | "AfterTest"
    )
}

/// Whether the attributes written right before a Rust item (`text` ends
/// where the item starts) mark it as a test: `#[test]`, `#[tokio::test]`.
pub fn has_test_attribute(text: &str) -> bool {
    text.lines()
        .rev()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| l.starts_with("#[") || l.starts_with("//") || l.is_empty())
        .filter(|l| l.starts_with("#["))
        .any(|attr| {
            let path = attr
                .trim_start_matches("#[")
                .split(['(', ']'])
                .next()
                .unwrap_or("");
            path == "test" || path.ends_with("::test")
        })
}

/// Whether an open call makes an in-memory database: a `:memory:` or
/// `mode=memory` name (written or through a constant), SQLite.swift's
/// `.inMemory`, a constructor given no path at all (GRDB `DatabaseQueue()`,
/// SQLite.swift `Connection()`, FMDB `FMDatabase()`), or a `nil`/`null`
/// name (`FMDatabase(path: nil)`, `SQLiteOpenHelper(context, null, ..)`,
/// whose name is its second argument).
fn opens_in_memory(model: &Model, types: &TypeResolver, call: &Call, text: &str) -> bool {
    let call_text = text.get(call.name_range.start..).unwrap_or("");
    let call_text = call
        .args
        .last()
        .and_then(|last| text.get(call.name_range.start..last.range.end))
        .unwrap_or(call_text.get(..call.name.len()).unwrap_or(""));
    let memory_name = |value: &str| value.contains(":memory:") || value.contains("mode=memory");
    if memory_name(call_text) || call_text.contains(".inMemory") {
        return true;
    }
    let named_in_memory = call.args.iter().any(|arg| match &arg.value {
        Value::Str(id) => model.str_lit(*id).is_some_and(|s| memory_name(&s.value)),
        Value::Chain(chain) => last_name(chain)
            .and_then(|name| types.constant_string(name))
            .is_some_and(|s| memory_name(&s.value)),
        Value::Other => false,
    });
    if named_in_memory {
        return true;
    }
    let constructor = call.name.starts_with(char::is_uppercase);
    // No path at all, or only a configuration (GRDB's
    // `DatabaseQueue(configuration: config)`).
    let no_path = call
        .args
        .iter()
        .all(|arg| arg.label.as_deref() == Some("configuration"));
    if constructor && no_path {
        return true;
    }
    let name_index = usize::from(call.name == "SQLiteOpenHelper");
    call.args.get(name_index).is_some_and(|arg| {
        arg.label.as_deref().is_none_or(|l| l == "path")
            && text.get(arg.range.clone()).is_some_and(|written| {
                // A Swift argument's range includes its label.
                let value = match &arg.label {
                    Some(label) => written
                        .trim_start()
                        .strip_prefix(label.as_str())
                        .and_then(|rest| rest.trim_start().strip_prefix(':'))
                        .unwrap_or(written),
                    None => written,
                };
                // An empty name is SQLite's private temporary database,
                // deleted when it closes: no journal worth choosing.
                matches!(value.trim(), "nil" | "null" | "\"\"")
            })
    })
}

/// Whether the open is configured read-only through a value set up beside
/// it in the same function: GRDB's `config.readonly = true` handed over as
/// `configuration: config`, sqlx's `options.read_only(true)`.
fn configured_read_only(model: &Model, id: NodeId, call: &Call, text: &str) -> bool {
    let Some(function) = model.enclosing_function(id) else {
        return false;
    };
    let Some(body) = text.get(model.node(function).range.clone()) else {
        return false;
    };
    let compact: String = body.split_whitespace().collect();
    call.args.iter().any(|arg| {
        let Value::Chain(chain) = &arg.value else {
            return false;
        };
        let Some(Segment::Name(name)) = chain.first() else {
            return false;
        };
        ["readonly=true", "readOnly=true", "read_only(true)"]
            .iter()
            .any(|setting| compact.contains(&format!("{name}.{setting}")))
    })
}

/// Open flags that make a connection read-only: Android's `OPEN_READONLY`,
/// the C API's `SQLITE_OPEN_READONLY`, rusqlite's `SQLITE_OPEN_READ_ONLY`.
/// A read-only connection cannot switch the journal mode.
/// A URI filename's `mode=ro` (or `immutable=1`) opens it read-only too.
const READ_ONLY_FLAGS: &[&str] = &["OPEN_READONLY", "OPEN_READ_ONLY", "mode=ro", "immutable=1"];

/// `Queries.SELECT_ALL`, `Companion.SQL`, `Self::SQL`: a constant reached through its type.
fn is_type_qualified(chain: &[Segment]) -> bool {
    chain.len() == 2
        && matches!(&chain[0], Segment::Name(owner) if starts_uppercase(owner) || owner == "Self")
}

/// `@Entity(tableName = "notes", indices = [Index(value = ["a", "b"], unique = true)])`:
/// the table is `tableName` or the class name, the columns are the index's
/// strings, the name is Room's default `index_<table>_<columns>` unless given.
fn room_index(model: &Model, index: NodeId, call: &Call, text: &str) -> Option<CreateIndex> {
    let entity_id = model.node(index).parent?;
    let NodeKind::Call(entity) = &model.node(entity_id).kind else {
        return None;
    };
    if entity.name != "Entity" {
        return None;
    }
    let labeled_str = |c: &Call, label: &str| {
        c.args.iter().find_map(|a| match a.value {
            Value::Str(id) if a.label.as_deref() == Some(label) => model.str_lit(id),
            _ => None,
        })
    };
    let table = entity_table(model, entity_id, entity)?;
    let name_arg = labeled_str(call, "name");
    let name_node = call.args.iter().find_map(|a| match a.value {
        Value::Str(id) if a.label.as_deref() == Some("name") => Some(id),
        _ => None,
    });
    // The column names are the index's own strings: varargs, or the
    // elements of `value = [...]`, all children of the call.
    let columns: Vec<IndexedColumn> = model
        .children(index)
        .filter(|&id| Some(id) != name_node)
        .filter_map(|id| model.str_lit(id))
        .map(|s| IndexedColumn {
            name: s.value.clone(),
            range: s.source_range(0..s.value.len()),
            descending: false,
            expression: false,
            collation: None,
        })
        .collect();
    if columns.is_empty() {
        return None;
    }
    let unique = call.args.iter().any(|a| {
        a.label.as_deref() == Some("unique")
            && text
                .get(a.range.clone())
                .is_some_and(|t| t.contains("true"))
    });
    let name = match name_arg {
        Some(n) => n.value.clone(),
        None => format!(
            "index_{table}_{}",
            columns
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join("_")
        ),
    };
    Some(CreateIndex {
        name,
        name_range: call.name_range.clone(),
        table,
        columns,
        unique,
        predicate: None,
        declared_by_api: true,
        api_flag: None,
        if_not_exists: false,
    })
}

/// The table an `@Entity(...)` annotation call declares: its `tableName`,
/// else the class name (Room's default).
fn entity_table(model: &Model, entity_id: NodeId, entity: &Call) -> Option<String> {
    let table_name = entity
        .args
        .iter()
        .filter(|a| a.label.as_deref() == Some("tableName"))
        .find_map(|a| match &a.value {
            Value::Str(id) => model.str_lit(*id),
            // `tableName = Note.TABLE_NAME`: a constant of this file.
            Value::Chain(chain) => match chain.last()? {
                Segment::Name(name) => model.string_named(entity_id, name),
                _ => None,
            },
            Value::Other => None,
        });
    match table_name {
        Some(name) => Some(name.value.clone()),
        None => model.enclosing_type(entity_id).map(str::to_string),
    }
}

/// `@ColumnInfo(name = "c", index = true)` on a property of an `@Entity`
/// class: Room's index `index_<table>_<column>` on that column.
fn room_column_index(model: &Model, info: NodeId, call: &Call, text: &str) -> Option<CreateIndex> {
    let flag = call.args.iter().find(|a| {
        a.label.as_deref() == Some("index")
            && text
                .get(a.range.clone())
                .is_some_and(|t| t.contains("true"))
    })?;
    let (table, column) = entity_column(model, info)?;
    Some(CreateIndex {
        name: format!("index_{table}_{column}"),
        name_range: call.name_range.clone(),
        table,
        columns: vec![IndexedColumn {
            name: column,
            range: call.name_range.clone(),
            descending: false,
            expression: false,
            collation: None,
        }],
        unique: false,
        predicate: None,
        declared_by_api: true,
        api_flag: Some(flag.range.clone()),
        if_not_exists: false,
    })
}

/// The table and column of the property an annotation call sits on, in an
/// `@Entity` class: the column is the property's `@ColumnInfo(name = ...)`,
/// else the property's name.
fn entity_column(model: &Model, annotation: NodeId) -> Option<(String, String)> {
    let property_id = model.node(annotation).parent?;
    let NodeKind::Binding(property) = &model.node(property_id).kind else {
        return None;
    };
    let column_info = model
        .children(property_id)
        .find_map(|id| match &model.node(id).kind {
            NodeKind::Call(c) if c.name == "ColumnInfo" => {
                c.args.iter().find_map(|a| match a.value {
                    Value::Str(s) if a.label.as_deref() == Some("name") => model.str_lit(s),
                    _ => None,
                })
            }
            _ => None,
        });
    let column = column_info.map_or_else(|| property.name.clone(), |name| name.value.clone());
    let class = model
        .ancestors(property_id)
        .find(|&a| matches!(model.node(a).kind, NodeKind::TypeDecl { .. }))?;
    let table = model
        .children(class)
        .find_map(|id| match &model.node(id).kind {
            NodeKind::Call(entity) if entity.name == "Entity" => entity_table(model, id, entity),
            _ => None,
        })?;
    Some((table, column))
}

/// `@PrimaryKey(autoGenerate = true)` on a property of an `@Entity` class:
/// Room's generated schema declares that column `INTEGER PRIMARY KEY
/// AUTOINCREMENT`.
fn room_generated_key(model: &Model, key: NodeId, call: &Call, text: &str) -> Option<Op> {
    let generates = call.args.iter().any(|a| {
        a.label.as_deref() == Some("autoGenerate")
            && text
                .get(a.range.clone())
                .is_some_and(|t| t.contains("true"))
    });
    if !generates {
        return None;
    }
    let (table, column) = entity_column(model, key)?;
    Some(Op::GeneratedKeyDecl {
        table,
        column,
        range: model.node(key).range.clone(),
    })
}

/// The first `"journal_mode": "<mode>"` pair among the string literals
/// handed to the call, read as the pragma it sets.
fn pragma_dictionary(model: &Model, call: NodeId, text: &str) -> Option<Op> {
    let strings: Vec<(NodeId, &StrLit)> = model
        .descendants(call)
        .into_iter()
        .filter_map(|id| model.str_lit(id).map(|s| (id, s)))
        .collect();
    strings.windows(2).find_map(|pair| {
        let ((key_id, key), (value_id, value)) = (pair[0], pair[1]);
        let between = text.get(model.node(key_id).range.end..model.node(value_id).range.start)?;
        (key.value == "journal_mode" && between.trim() == ":").then(|| Op::PragmaApi {
            pragma: "journal_mode",
            value: value.value.to_ascii_uppercase(),
            value_range: value.source_range(0..value.value.len()),
        })
    })
}

fn prefs_sync_write(kind: PrefsSyncAction, call: &Call, text: &str) -> Option<PrefsSyncWrite> {
    match kind {
        PrefsSyncAction::Commit => Some(PrefsSyncWrite::Commit),
        PrefsSyncAction::Synchronize => Some(PrefsSyncWrite::Synchronize),
        PrefsSyncAction::EditCommit { label } => {
            // `edit(commit = true) { }` or `edit(true) { }`; a trailing
            // lambda is never the flag.
            let arg = call
                .args
                .iter()
                .find(|a| a.label.as_deref() == Some(label))
                .or_else(|| call.args.first().filter(|a| a.label.is_none()))?;
            let written = text.get(arg.range.clone())?;
            let value = match arg.label {
                Some(_) => written.split_once('=')?.1.trim(),
                None => written.trim(),
            };
            if value != "true" {
                return None;
            }
            let end = arg.range.start + written.trim_end().len();
            Some(PrefsSyncWrite::EditCommit {
                flag: end - value.len()..end,
            })
        }
    }
}

/// Higher-order calls that throw away the value of their closure: the
/// closure's last expression is a statement whose value goes nowhere
/// (`setOnClickListener { prefs.edit().commit() }`). `map`, `run`, `let`,
/// `withContext` hand the value on and are not listed.
pub fn discards_closure_result(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Kotlin => &[
            "forEach",
            "forEachIndexed",
            "onEach",
            "repeat",
            "apply",
            "also",
            "launch",
            "thread",
            "post",
            "postDelayed",
            "runOnUiThread",
            "execute",
            "setOnClickListener",
        ],
        Language::Swift => &["forEach", "async", "asyncAfter"],
        Language::Rust => &["for_each"],
        Language::Sql => &[],
    };
    names.contains(&name)
}
/// Calls that hand back the value they are called on, its success or the
/// one value it wraps, so a connection chained through them is still the
/// connection (`Connection::open(p).unwrap()`,
/// `helper.writableDatabase.also {}`) and a receiver's type is followed
/// through them (`self.dbs().unwrap().writer`, `self.conn.lock()`).
pub fn passes_value_through(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Rust => &[
            "unwrap",
            "expect",
            "unwrap_or_else",
            "unwrap_or_default",
            "context",
            "with_context",
            "map_err",
            "await",
            "as_ref",
            "as_mut",
            "as_deref",
            "as_deref_mut",
            "borrow",
            "borrow_mut",
            "lock",
        ],
        Language::Kotlin => &["also", "apply"],
        Language::Swift | Language::Sql => &[],
    };
    names.contains(&name)
}

/// Calls that open a connection object already made (FMDB's
/// `FMDatabase(path:)` then `db.open()`): using the handle this way neither
/// reads nor writes rows.
pub fn opens_made_handle(language: Language, name: &str) -> bool {
    language == Language::Swift && matches!(name, "open" | "openWithFlags")
}

/// Library scopes that hand their closure a connection outside any
/// transaction: the closure's writes are each their own unless it opens
/// one (GRDB `writeWithoutTransaction {}`, FMDB `inDatabase {}`, Room's
/// `useWriterConnection {}`, tokio-rusqlite `call`, deadpool `interact`).
pub fn hands_connection_outside_transaction(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Swift => &[
            "writeWithoutTransaction",
            "asyncWriteWithoutTransaction",
            "barrierWriteWithoutTransaction",
            "asyncBarrierWriteWithoutTransaction",
            "unsafeReentrantWrite",
            "inDatabase",
        ],
        Language::Kotlin => &[
            "useWriterConnection",
            "useReaderConnection",
            "useConnection",
        ],
        Language::Rust => &[
            "call",
            "call_unwrap",
            "interact",
            "with_conn",
            "with_connection",
        ],
        Language::Sql => &[],
    };
    names.contains(&name)
}

/// Standard-library calls that run their closure at once, handing it the
/// value they are called on or what it holds (`db.let { d -> .. }`,
/// `conn.use { c -> .. }`, `pool.get().map(|c| ..)`): a closure parameter
/// bound by one of these is the caller's own value, not a handle some
/// unseen scope opened for the closure.
pub fn hands_own_value_to_closure(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Kotlin => &[
            "let",
            "also",
            "run",
            "apply",
            "with",
            "use",
            "takeIf",
            "takeUnless",
            "map",
            "mapNotNull",
            "flatMap",
            "fold",
            "synchronized",
            "getOrElse",
            "onSuccess",
            "onFailure",
        ],
        Language::Swift => &[
            "map",
            "flatMap",
            "compactMap",
            "reduce",
            "withExtendedLifetime",
            "withLock",
        ],
        Language::Rust => &[
            "map",
            "and_then",
            "map_or",
            "map_or_else",
            "inspect",
            "filter",
            "fold",
            "then",
            "unwrap_or_else",
            "or_else",
        ],
        Language::Sql => &[],
    };
    names.contains(&name)
}

/// A family of logging calls: the receiver they are made on and their names.
pub struct LogCall {
    pub receiver: LogReceiver,
    pub names: &'static [&'static str],
}

pub enum LogReceiver {
    /// A free function: `println(x)`.
    None,
    /// A chain through this name: `Log.d(..)`, `Timber.tag(t).d(..)`.
    Root(&'static str),
    /// A value named `log` or `logger` in any case (`LOG`, `Logger`,
    /// `this.logger`): how logger fields are named, whatever their library.
    Logger,
}

/// Whether `call` writes a log line: what it is handed is recorded, not
/// acted on.
pub fn is_log_call(language: Language, call: &Call) -> bool {
    let table: &[LogCall] = match language {
        Language::Kotlin => kotlin::LOG_CALLS,
        Language::Swift => swift::LOG_CALLS,
        Language::Rust | Language::Sql => &[],
    };
    let last = match call.receiver.last() {
        Some(Segment::Name(name)) => Some(name.to_ascii_lowercase()),
        _ => None,
    };
    table.iter().any(|family| {
        let receiver_matches = match family.receiver {
            LogReceiver::None => call.receiver.is_empty(),
            // `android.util.Log.d(..)` names its package first.
            LogReceiver::Root(name) => call
                .receiver
                .iter()
                .any(|segment| matches!(segment, Segment::Name(n) if n == name)),
            LogReceiver::Logger => matches!(last.as_deref(), Some("log" | "logger")),
        };
        receiver_matches && family.names.contains(&call.name.as_str())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Language, SourceFile};

    fn ops_in(path: &str, language: Language, text: &str) -> Vec<Op> {
        let file = SourceFile::from_text(path, language, text);
        let model = crate::lang::lower(&file).expect("the text parses");
        classify(&model, text).into_iter().map(|c| c.op).collect()
    }

    /// A row's hints place its common name in a file, whatever let the
    /// file in: a later pass reads files for their calls, not for the
    /// catalog's words.
    #[test]
    fn a_hinted_row_matches_only_where_its_hints_are() {
        let run = "pub fn run(ctx: &mut Context, query: &str) {\n    ctx.execute(query);\n}\n";
        let executes = |ops: &[Op]| {
            (ops.iter()).any(|op| matches!(op, Op::SqlExec { .. } | Op::SqlExecNamed { .. }))
        };
        assert!(!executes(&ops_in("src/query_df.rs", Language::Rust, run)));
        let with_sqlite = format!(
            "use rusqlite::Connection;\n\n{}",
            run.replace("Context", "Connection")
        );
        assert!(executes(&ops_in(
            "src/store.rs",
            Language::Rust,
            &with_sqlite
        )));
    }

    #[test]
    fn a_migration_header_gives_the_versions_it_upgrades_from_and_to() {
        assert_eq!(
            migration_versions("val M = object : Migration(41, 42) "),
            Some((41, 42))
        );
        assert_eq!(migration_versions("addMigration(9, 10) "), Some((9, 10)));
        assert_eq!(migration_versions("Migration(from, to)"), None);
        assert_eq!(migration_versions("Migration(3, 2)"), None);
        assert_eq!(migration_versions("AutoMigration(from = 1, to = 2)"), None);
        assert_eq!(migration_versions("fun migrate(db: Db) "), None);
    }
}
