//! Swift: the sqlite3 C API, FMDB, GRDB, SQLite.swift, Foundation and System.

use super::{
    Action, ArgAt, AssignRow, LogCall, LogReceiver, Payload, Place, PrefsSyncAction, Receiver, Row,
    TypeFlow, SERIALIZED,
};

pub const ROWS: &[Row] = &[
    // sqlite3 C API: the SQL is the second argument, after the connection.
    Row::new("sqlite3_exec", Receiver::Any, Action::Sql(ArgAt::Index(1))),
    Row::new(
        "sqlite3_prepare",
        Receiver::Any,
        Action::Sql(ArgAt::Index(1)),
    ),
    Row::new(
        "sqlite3_prepare_v2",
        Receiver::Any,
        Action::Sql(ArgAt::Index(1)),
    ),
    Row::new(
        "sqlite3_prepare_v3",
        Receiver::Any,
        Action::Sql(ArgAt::Index(1)),
    ),
    // FMDB.
    Row::new("executeUpdate", Receiver::Any, Action::Sql(ArgAt::Index(0))),
    Row::new("executeQuery", Receiver::Any, Action::Sql(ArgAt::Index(0))),
    Row::new(
        "executeStatements",
        Receiver::Any,
        Action::Sql(ArgAt::Index(0)),
    ),
    // GRDB's `execute(sql:)` and SQLite.swift's `execute(_:)` both take the SQL first.
    Row::new("execute", Receiver::Any, Action::Sql(ArgAt::Index(0))).hint(&[
        "sqlite",
        "SQLite",
        "Database",
        "FMDB",
        "GRDB",
        "Statement",
    ]),
    // SQLite.swift runs raw SQL with `run`, `prepare` and `scalar`.
    Row::imported("run", "SQLite", Receiver::Any, Action::Sql(ArgAt::Index(0))),
    Row::imported(
        "prepare",
        "SQLite",
        Receiver::Any,
        Action::Sql(ArgAt::Index(0)),
    ),
    Row::imported(
        "scalar",
        "SQLite",
        Receiver::Any,
        Action::Sql(ArgAt::Index(0)),
    ),
    // GRDB's `Row.fetchAll(db, sql: "...")` and friends.
    Row::new("fetchAll", Receiver::Any, Action::Sql(ArgAt::Label("sql"))),
    Row::new("fetchOne", Receiver::Any, Action::Sql(ArgAt::Label("sql"))),
    Row::new(
        "fetchCursor",
        Receiver::Any,
        Action::Sql(ArgAt::Label("sql")),
    ),
    // Opening a database. GRDB's DatabasePool and Core Data are always WAL,
    // so they are no open sites for `missing-wal`.
    Row::new(
        "sqlite3_open",
        Receiver::Any,
        Action::Open { wal_flag: None },
    ),
    Row::new(
        "sqlite3_open_v2",
        Receiver::Any,
        Action::Open { wal_flag: None },
    ),
    Row::new("FMDatabase", Receiver::Any, Action::Open { wal_flag: None }),
    Row::new(
        "FMDatabaseQueue",
        Receiver::Any,
        Action::Open { wal_flag: None },
    ),
    Row::new(
        "DatabaseQueue",
        Receiver::Any,
        Action::Open { wal_flag: None },
    ),
    Row::imported(
        "Connection",
        "SQLite",
        Receiver::Any,
        Action::Open { wal_flag: None },
    ),
    // Core Data: a container opens its store, in WAL mode since iOS 7.
    Row::new("NSPersistentContainer", Receiver::Any, Action::OpenInWal),
    Row::new(
        "NSPersistentCloudKitContainer",
        Receiver::Any,
        Action::OpenInWal,
    ),
    // Core Data: `NSSQLitePragmasOption: ["journal_mode": "DELETE"]`.
    Row::new("setOption", Receiver::Any, Action::PragmaDictionary),
    Row::new(
        "addPersistentStore",
        Receiver::Any,
        Action::PragmaDictionary,
    ),
    // The fsync family.
    Row::new("fsync", Receiver::Any, Action::Fsync),
    Row::new("fdatasync", Receiver::Any, Action::Fsync),
    Row::new("fcntl", Receiver::Any, Action::FcntlSync { command: 1 }),
    Row::new("synchronizeFile", Receiver::Any, Action::Fsync),
    // `synchronize()` and `sync()` are common method names: only these types' count.
    Row::new("synchronize", Receiver::Typed("FileHandle"), Action::Fsync),
    Row::new("sync", Receiver::Typed("FileDescriptor"), Action::Fsync).quiet(),
    // userdefaults-synchronize: `synchronize()` on the defaults database.
    Row::new(
        "synchronize",
        Receiver::Typed("UserDefaults"),
        Action::PrefsSyncWrite(PrefsSyncAction::Synchronize),
    ),
    Row::new(
        "synchronize",
        Receiver::Typed("NSUserDefaults"),
        Action::PrefsSyncWrite(PrefsSyncAction::Synchronize),
    ),
    // plist-as-database and temp-file-churn:
    // Encoder output written whole: `try JSONEncoder().encode(x).write(to: url)`.
    Row::new(
        "write",
        Receiver::Typed(SERIALIZED),
        Action::SerializedWrite {
            target: Place::Arg(ArgAt::Label("to")),
            payload: Payload::Itself,
            file_only: false,
        },
    )
    .hint(&["Encoder", "Serialization", "Archiver"]),
    // `NSDictionary`/`NSArray` `write(to:atomically:)`, `write(toFile:atomically:)`.
    Row::new("write", Receiver::Any, Action::PlistWrite).hint(&["atomically"]),
    // UserDefaults persists as one plist, rewritten as a whole.
    Row::new(
        "set",
        Receiver::Typed("UserDefaults"),
        Action::PrefsWrite { block: false },
    )
    .quiet(),
    Row::new(
        "setValue",
        Receiver::Typed("UserDefaults"),
        Action::PrefsWrite { block: false },
    )
    .quiet(),
    Row::new(
        "removeObject",
        Receiver::Typed("UserDefaults"),
        Action::PrefsWrite { block: false },
    )
    .quiet(),
    Row::new(
        "setPersistentDomain",
        Receiver::Typed("UserDefaults"),
        Action::PrefsWrite { block: false },
    )
    .quiet(),
    // Files created and deleted.
    Row::new(
        "createFile",
        Receiver::Any,
        Action::FileCreate {
            target: Some(Place::Arg(ArgAt::Label("atPath"))),
            flag: None,
        },
    ),
    Row::new(
        "write",
        Receiver::Any,
        Action::FileCreate {
            target: Some(Place::Arg(ArgAt::Label("to"))),
            flag: None,
        },
    )
    .quiet(),
    Row::new(
        "write",
        Receiver::Any,
        Action::FileCreate {
            target: Some(Place::Arg(ArgAt::Label("toFile"))),
            flag: None,
        },
    )
    .quiet(),
    Row::new(
        "removeItem",
        Receiver::Any,
        Action::FileDelete {
            target: Place::Arg(ArgAt::Index(0)),
        },
    ),
    Row::new(
        "unlink",
        Receiver::Any,
        Action::FileDelete {
            target: Place::Arg(ArgAt::Index(0)),
        },
    ),
    // open-per-query, write-without-transaction.
    Row::new("sqlite3_close", Receiver::Any, Action::Close),
    Row::new("sqlite3_close_v2", Receiver::Any, Action::Close),
    Row::new("close", Receiver::Typed("FMDatabase"), Action::Close).quiet(),
    // FMDB's explicit transactions.
    Row::new("beginTransaction", Receiver::Any, Action::TxBegin),
    Row::new("beginDeferredTransaction", Receiver::Any, Action::TxBegin),
    Row::new("beginImmediateTransaction", Receiver::Any, Action::TxBegin),
    Row::new("beginExclusiveTransaction", Receiver::Any, Action::TxBegin),
    Row::new("commit", Receiver::Any, Action::TxEnd).quiet(),
    Row::new("rollback", Receiver::Any, Action::TxEnd).quiet(),
    // Closures run in one transaction: FMDatabaseQueue and GRDB
    // `inTransaction {}`, FMDB `inSavePoint {}`, SQLite.swift `transaction {}`,
    // GRDB `write {}` (`write` is a common name: only on GRDB's writers;
    // `writeWithoutTransaction {}` is no transaction).
    Row::new("inTransaction", Receiver::Any, Action::TxBlock),
    Row::new("inDeferredTransaction", Receiver::Any, Action::TxBlock),
    Row::new("inSavePoint", Receiver::Any, Action::TxBlock),
    Row::new("transaction", Receiver::Any, Action::TxBlock),
    Row::new("write", Receiver::Typed("DatabaseQueue"), Action::TxBlock).quiet(),
    Row::new("write", Receiver::Typed("DatabasePool"), Action::TxBlock).quiet(),
    Row::new("write", Receiver::Typed("DatabaseWriter"), Action::TxBlock).quiet(),
];

pub const ASSIGN_ROWS: &[AssignRow] = &[
    // GRDB: `config.journalMode = .wal`.
    AssignRow {
        property: "journalMode",
        pragma: "journal_mode",
    },
];

pub const TYPE_FLOWS: &[TypeFlow] = &[
    // `FileHandle.standardOutput`, `FileHandle(forWritingAtPath:)`, `FileDescriptor.open(...)`.
    TypeFlow::StaticOf("FileHandle"),
    TypeFlow::StaticOf("FileDescriptor"),
    TypeFlow::StaticOf("UserDefaults"),
    // userdefaults-synchronize: `NSUserDefaults.standardUserDefaults()` (Swift 2).
    TypeFlow::StaticOf("NSUserDefaults"),
    // plist-as-database: encoders' output is a whole serialized document.
    TypeFlow::MemberOf("JSONEncoder", "encode", SERIALIZED),
    TypeFlow::MemberOf("PropertyListEncoder", "encode", SERIALIZED),
    TypeFlow::MemberOf("PropertyListSerialization", "data", SERIALIZED),
    TypeFlow::MemberOf("JSONSerialization", "data", SERIALIZED),
    TypeFlow::MemberOf("NSKeyedArchiver", "archivedData", SERIALIZED),
    TypeFlow::MemberOf("NSKeyedArchiver", "encodedData", SERIALIZED),
];

/// Logging calls: handing a value to one of these records it and acts on
/// nothing.
pub const LOG_CALLS: &[LogCall] = &[
    LogCall {
        receiver: LogReceiver::None,
        names: &["print", "debugPrint", "NSLog", "os_log"],
    },
    // os.Logger
    LogCall {
        receiver: LogReceiver::Logger,
        names: &[
            "trace", "debug", "info", "notice", "warning", "error", "critical", "fault", "log",
        ],
    },
];
