//! Kotlin and Java on Android: SQLiteDatabase, java.io and java.nio.

use super::{Action, ArgAt, Receiver, Row, TypeFlow};

pub const ROWS: &[Row] = &[
    Row::new("execSQL", Receiver::Any, Action::Sql(ArgAt::Index(0))),
    Row::new("rawQuery", Receiver::Any, Action::Sql(ArgAt::Index(0))),
    Row::new(
        "compileStatement",
        Receiver::Any,
        Action::Sql(ArgAt::Index(0)),
    ),
    // `sync()` and `force()` are common method names: only these types' count.
    Row::new("sync", Receiver::Typed("FileDescriptor"), Action::Fsync),
    Row::new("force", Receiver::Typed("FileChannel"), Action::Fsync),
];

pub const TYPE_FLOWS: &[TypeFlow] = &[
    // `stream.fd` / `stream.getFD()` on FileOutputStream and RandomAccessFile.
    TypeFlow::Member("fd", "FileDescriptor"),
    TypeFlow::Member("getFD", "FileDescriptor"),
    TypeFlow::Member("channel", "FileChannel"),
    TypeFlow::Member("getChannel", "FileChannel"),
    TypeFlow::StaticOf("FileChannel"),
];
