//! Rust: rusqlite, sqlx, std::fs, libc and nix.

use super::{Action, ArgAt, Payload, Place, Receiver, Row, TypeFlow, SERIALIZED};

/// What a Rust file using a SQL library names somewhere: the crate, its
/// connection or transaction types (`rusqlite`, `deadpool_sqlite`,
/// `SqliteConnection`, `sqlx`, `diesel`).
const RUST_SQL_PLACES: &[&str] = &[
    "sqlite",
    "Sqlite",
    "SQLite",
    "Connection",
    "Transaction",
    "sqlx",
    "diesel",
];

pub const ROWS: &[Row] = &[
    // rusqlite executes the SQL in its first argument. `execute` and
    // `prepare` are every command runner's and parser's too: a file must
    // also name what they run on.
    Row::new("execute", Receiver::Any, Action::Sql(ArgAt::Index(0))).hint(RUST_SQL_PLACES),
    Row::new("execute_batch", Receiver::Any, Action::Sql(ArgAt::Index(0))),
    Row::new("prepare", Receiver::Any, Action::Sql(ArgAt::Index(0))).hint(RUST_SQL_PLACES),
    Row::new(
        "prepare_cached",
        Receiver::Any,
        Action::Sql(ArgAt::Index(0)),
    ),
    Row::new("query_row", Receiver::Any, Action::Sql(ArgAt::Index(0))),
    Row::new(
        "query_row_and_then",
        Receiver::Any,
        Action::Sql(ArgAt::Index(0)),
    ),
    Row::new(
        "pragma_update",
        Receiver::Any,
        Action::PragmaSet { name: 1, value: 2 },
    ),
    Row::new(
        "pragma_update_and_check",
        Receiver::Any,
        Action::PragmaSet { name: 1, value: 2 },
    ),
    // sqlx::query("...") and friends.
    Row::new(
        "query",
        Receiver::Path("sqlx"),
        Action::Sql(ArgAt::Index(0)),
    ),
    Row::new(
        "query_as",
        Receiver::Path("sqlx"),
        Action::Sql(ArgAt::Index(0)),
    ),
    Row::new(
        "query_scalar",
        Receiver::Path("sqlx"),
        Action::Sql(ArgAt::Index(0)),
    ),
    // Opening a database: rusqlite, and sqlx's options or pool from a URL.
    // An in-memory database has no journal to choose.
    Row::new(
        "open",
        Receiver::Path("Connection"),
        Action::Open { wal_flag: None },
    ),
    Row::new(
        "open_with_flags",
        Receiver::Path("Connection"),
        Action::Open { wal_flag: None },
    ),
    Row::new(
        "new",
        Receiver::Path("SqliteConnectOptions"),
        Action::Open { wal_flag: None },
    ),
    Row::new(
        "from_str",
        Receiver::Path("SqliteConnectOptions"),
        Action::Open { wal_flag: None },
    ),
    Row::new(
        "connect",
        Receiver::Path("SqlitePool"),
        Action::Open { wal_flag: None },
    ),
    Row::new(
        "connect_lazy",
        Receiver::Path("SqlitePool"),
        Action::Open { wal_flag: None },
    ),
    // sqlx sets pragmas through typed options.
    Row::new(
        "journal_mode",
        Receiver::Any,
        Action::PragmaEnum {
            pragma: "journal_mode",
            arg: 0,
        },
    ),
    Row::new(
        "synchronous",
        Receiver::Any,
        Action::PragmaEnum {
            pragma: "synchronous",
            arg: 0,
        },
    ),
    Row::new(
        "auto_vacuum",
        Receiver::Any,
        Action::PragmaEnum {
            pragma: "auto_vacuum",
            arg: 0,
        },
    ),
    // The fsync family: std::fs::File, tokio::fs::File, libc, nix.
    Row::new("sync_all", Receiver::Any, Action::StdFileSync),
    Row::new("sync_data", Receiver::Any, Action::StdFileSync),
    Row::new("fsync", Receiver::Any, Action::Fsync),
    Row::new("fdatasync", Receiver::Any, Action::Fsync),
    Row::new("fcntl", Receiver::Any, Action::FcntlSync { command: 1 }),
    // plist-as-database and temp-file-churn:
    // Serializer output written whole: `fs::write(path, serde_json::to_vec(&state)?)`.
    Row::new(
        "write",
        Receiver::PathLast("fs"),
        Action::SerializedWrite {
            target: Place::Arg(ArgAt::Index(0)),
            payload: Payload::Arg(ArgAt::Index(1)),
            file_only: false,
        },
    )
    .hint(&["fs::write"]),
    // Serializers writing straight into a file: `serde_json::to_writer(File::create(p)?, &state)`.
    Row::new(
        "to_writer",
        Receiver::Path("serde_json"),
        Action::SerializedWrite {
            target: Place::Arg(ArgAt::Index(0)),
            payload: Payload::Itself,
            file_only: true,
        },
    ),
    Row::new(
        "to_writer_pretty",
        Receiver::Path("serde_json"),
        Action::SerializedWrite {
            target: Place::Arg(ArgAt::Index(0)),
            payload: Payload::Itself,
            file_only: true,
        },
    ),
    Row::new(
        "serialize_into",
        Receiver::Path("bincode"),
        Action::SerializedWrite {
            target: Place::Arg(ArgAt::Index(0)),
            payload: Payload::Itself,
            file_only: true,
        },
    ),
    Row::new(
        "to_writer",
        Receiver::Path("ron"),
        Action::SerializedWrite {
            target: Place::Arg(ArgAt::Index(0)),
            payload: Payload::Itself,
            file_only: true,
        },
    ),
    // Files created and deleted.
    Row::new(
        "write",
        Receiver::PathLast("fs"),
        Action::FileCreate {
            target: Some(Place::Arg(ArgAt::Index(0))),
            flag: None,
        },
    )
    .hint(&["fs::write"]),
    Row::new(
        "create",
        Receiver::PathLast("File"),
        Action::FileCreate {
            target: Some(Place::Arg(ArgAt::Index(0))),
            flag: None,
        },
    )
    .hint(&["File::create"]),
    Row::new(
        "open",
        Receiver::Path("OpenOptions"),
        Action::FileCreate {
            target: Some(Place::Arg(ArgAt::Index(0))),
            flag: Some("create"),
        },
    ),
    Row::new(
        "open",
        Receiver::Path("OpenOptions"),
        Action::FileCreate {
            target: Some(Place::Arg(ArgAt::Index(0))),
            flag: Some("create_new"),
        },
    ),
    Row::new(
        "remove_file",
        Receiver::PathLast("fs"),
        Action::FileDelete {
            target: Place::Arg(ArgAt::Index(0)),
        },
    ),
    // tempfile: files deleted when dropped, unless persisted.
    Row::new("new", Receiver::PathLast("NamedTempFile"), Action::TempFile),
    Row::new(
        "new_in",
        Receiver::PathLast("NamedTempFile"),
        Action::TempFile,
    ),
    Row::new("tempfile", Receiver::Any, Action::TempFile),
    Row::new("tempfile_in", Receiver::Any, Action::TempFile),
    Row::new("persist", Receiver::Any, Action::TempFileKeep).quiet(),
    Row::new("persist_noclobber", Receiver::Any, Action::TempFileKeep).quiet(),
    Row::new("keep", Receiver::Any, Action::TempFileKeep).quiet(),
    // open-per-query, write-without-transaction.
    Row::new("close", Receiver::Typed("Connection"), Action::Close).quiet(),
    // `drop(conn)`: closes a connection (on other values it means nothing here).
    Row::new("drop", Receiver::Any, Action::Close).quiet(),
    // rusqlite transactions and savepoints, sqlx's `begin()`; Diesel's
    // `transaction(|conn| ..)` runs its closure inside.
    Row::new("transaction", Receiver::Any, Action::TxBegin).hint(RUST_SQL_PLACES),
    Row::new("unchecked_transaction", Receiver::Any, Action::TxBegin),
    Row::new("transaction_with_behavior", Receiver::Any, Action::TxBegin),
    Row::new("savepoint", Receiver::Any, Action::TxBegin),
    Row::new("savepoint_with_name", Receiver::Any, Action::TxBegin),
    Row::imported("begin", "sqlx", Receiver::Any, Action::TxBegin).quiet(),
    Row::new("commit", Receiver::Any, Action::TxEnd).quiet(),
    Row::new("rollback", Receiver::Any, Action::TxEnd).quiet(),
];

pub const TYPE_FLOWS: &[TypeFlow] = &[
    // plist-as-database: serializers' output is a whole document.
    TypeFlow::PathCall("serde_json", "to_vec", SERIALIZED),
    TypeFlow::PathCall("serde_json", "to_vec_pretty", SERIALIZED),
    TypeFlow::PathCall("serde_json", "to_string", SERIALIZED),
    TypeFlow::PathCall("serde_json", "to_string_pretty", SERIALIZED),
    TypeFlow::PathCall("bincode", "serialize", SERIALIZED),
    TypeFlow::PathCall("toml", "to_string", SERIALIZED),
    TypeFlow::PathCall("toml", "to_string_pretty", SERIALIZED),
    TypeFlow::PathCall("ron", "to_string", SERIALIZED),
    TypeFlow::PathCall("serde_yaml", "to_string", SERIALIZED),
    TypeFlow::PathCall("rmp_serde", "to_vec", SERIALIZED),
    // `serde_json::to_vec(&x)?`, `.unwrap()`, `.expect(..)` keep the document.
    TypeFlow::MemberOf(SERIALIZED, "unwrap", SERIALIZED),
    TypeFlow::MemberOf(SERIALIZED, "expect", SERIALIZED),
    TypeFlow::MemberOf(SERIALIZED, "into_bytes", SERIALIZED),
    TypeFlow::MemberOf(SERIALIZED, "as_bytes", SERIALIZED),
    // temp-file-churn and `to_writer` targets: `File::create(p)` is a File.
    TypeFlow::StaticOf("File"),
    // open-per-query: `Connection::open(..)` is a Connection, whose `close()` closes it.
    TypeFlow::StaticOf("Connection"),
];
