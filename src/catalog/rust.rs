//! Rust: rusqlite, sqlx, std::fs, libc and nix.

use super::{Action, ArgAt, Receiver, Row};

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
    // The fsync family: std::fs::File, tokio::fs::File, libc, nix.
    Row::new("sync_all", Receiver::Any, Action::Fsync),
    Row::new("sync_data", Receiver::Any, Action::Fsync),
    Row::new("fsync", Receiver::Any, Action::Fsync),
    Row::new("fdatasync", Receiver::Any, Action::Fsync),
    Row::new("fcntl", Receiver::Any, Action::FcntlSync { command: 1 }),
];
