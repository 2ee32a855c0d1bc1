//! Rust: rusqlite, sqlx, std::fs, libc and nix.

use super::{Action, ArgAt, Receiver, Row, TypeFlow};

pub const ROWS: &[Row] = &[
    // rusqlite executes the SQL in its first argument.
    Row::new("execute", Receiver::Any, Action::Sql(ArgAt::Index(0))),
    Row::new("execute_batch", Receiver::Any, Action::Sql(ArgAt::Index(0))),
    Row::new("prepare", Receiver::Any, Action::Sql(ArgAt::Index(0))),
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
    Row::new("sync_all", Receiver::Any, Action::Fsync),
    Row::new("sync_data", Receiver::Any, Action::Fsync),
    Row::new("fsync", Receiver::Any, Action::Fsync),
    Row::new("fdatasync", Receiver::Any, Action::Fsync),
    Row::new("fcntl", Receiver::Any, Action::FcntlSync { command: 1 }),
    // open-per-query, write-without-transaction.
    Row::new("close", Receiver::Typed("Connection"), Action::Close).quiet(),
    // `drop(conn)`: closes a connection (on other values it means nothing here).
    Row::new("drop", Receiver::Any, Action::Close).quiet(),
    // rusqlite transactions and savepoints, sqlx's `begin()`; Diesel's
    // `transaction(|conn| ..)` runs its closure inside.
    Row::new("transaction", Receiver::Any, Action::TxBegin),
    Row::new("unchecked_transaction", Receiver::Any, Action::TxBegin),
    Row::new("transaction_with_behavior", Receiver::Any, Action::TxBegin),
    Row::new("savepoint", Receiver::Any, Action::TxBegin),
    Row::new("savepoint_with_name", Receiver::Any, Action::TxBegin),
    Row::imported("begin", "sqlx", Receiver::Any, Action::TxBegin).quiet(),
    Row::new("commit", Receiver::Any, Action::TxEnd).quiet(),
    Row::new("rollback", Receiver::Any, Action::TxEnd).quiet(),
];

pub const TYPE_FLOWS: &[TypeFlow] = &[
    // open-per-query: `Connection::open(..)` is a Connection, whose `close()` closes it.
    TypeFlow::StaticOf("Connection"),
];
