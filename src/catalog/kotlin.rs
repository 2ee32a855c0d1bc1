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
    // Opening a database. Room is WAL unless told otherwise, so it is no
    // open site; an SQLiteOpenHelper subclass is one, at its superclass call.
    Row::new(
        "openDatabase",
        Receiver::Path("SQLiteDatabase"),
        Action::Open {
            wal_flag: Some("ENABLE_WRITE_AHEAD_LOGGING"),
        },
    ),
    Row::new(
        "openOrCreateDatabase",
        Receiver::Any,
        Action::Open {
            wal_flag: Some("ENABLE_WRITE_AHEAD_LOGGING"),
        },
    ),
    Row::new(
        "SQLiteOpenHelper",
        Receiver::Any,
        Action::Open { wal_flag: None },
    ),
    Row::new(
        "enableWriteAheadLogging",
        Receiver::Any,
        Action::EnableWal { when_true: None },
    ),
    Row::new(
        "setWriteAheadLoggingEnabled",
        Receiver::Any,
        Action::EnableWal { when_true: Some(0) },
    ),
    Row::new(
        "disableWriteAheadLogging",
        Receiver::Any,
        Action::PragmaFixed {
            pragma: "journal_mode",
            value: "DELETE",
        },
    ),
    // Room: `setJournalMode(RoomDatabase.JournalMode.TRUNCATE)`.
    Row::new(
        "setJournalMode",
        Receiver::Any,
        Action::PragmaEnum {
            pragma: "journal_mode",
            arg: 0,
        },
    ),
    // Room: SQL in `@Query("...")`, indexes in `@Entity(indices = [...])`.
    Row::imported(
        "Query",
        "androidx.room",
        Receiver::Any,
        Action::Sql(ArgAt::Index(0)),
    ),
    Row::imported("Index", "androidx.room", Receiver::Any, Action::RoomIndex),
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
