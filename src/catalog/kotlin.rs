//! Kotlin and Java on Android: SQLiteDatabase, java.io and java.nio.

use super::{Action, ArgAt, MemberRow, Receiver, Row, TypeFlow};

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
    // open-per-query, write-without-transaction.
    // `close()` and `use {}` are common names: only on a database.
    Row::new("close", Receiver::Typed("SQLiteDatabase"), Action::Close).quiet(),
    Row::new("use", Receiver::Typed("SQLiteDatabase"), Action::Close).quiet(),
    Row::new(
        "close",
        Receiver::Typed("SupportSQLiteDatabase"),
        Action::Close,
    )
    .quiet(),
    // The helper's cached connection, Java style (Kotlin's property form is a MEMBER_ROW).
    Row::new("getWritableDatabase", Receiver::Any, Action::FromHelper),
    Row::new("getReadableDatabase", Receiver::Any, Action::FromHelper),
    Row::new("beginTransaction", Receiver::Any, Action::TxBegin),
    Row::new(
        "beginTransactionNonExclusive",
        Receiver::Any,
        Action::TxBegin,
    ),
    Row::new(
        "beginTransactionWithListener",
        Receiver::Any,
        Action::TxBegin,
    ),
    Row::new(
        "beginTransactionWithListenerNonExclusive",
        Receiver::Any,
        Action::TxBegin,
    ),
    Row::new("endTransaction", Receiver::Any, Action::TxEnd),
    // The KTX `db.transaction {}`, SQLDelight's and Exposed's `transaction {}`,
    // Room's `runInTransaction {}` and `withTransaction {}`.
    Row::new("transaction", Receiver::Any, Action::TxBlock),
    Row::new("runInTransaction", Receiver::Any, Action::TxBlock),
    Row::new("withTransaction", Receiver::Any, Action::TxBlock),
    // Writes without SQL: common names, so only on a database.
    Row::new("insert", Receiver::Typed("SQLiteDatabase"), Action::Write).quiet(),
    Row::new(
        "insertOrThrow",
        Receiver::Typed("SQLiteDatabase"),
        Action::Write,
    ),
    Row::new(
        "insertWithOnConflict",
        Receiver::Typed("SQLiteDatabase"),
        Action::Write,
    ),
    Row::new("update", Receiver::Typed("SQLiteDatabase"), Action::Write).quiet(),
    Row::new(
        "updateWithOnConflict",
        Receiver::Typed("SQLiteDatabase"),
        Action::Write,
    ),
    Row::new("delete", Receiver::Typed("SQLiteDatabase"), Action::Write).quiet(),
    Row::new("replace", Receiver::Typed("SQLiteDatabase"), Action::Write).quiet(),
    Row::new(
        "replaceOrThrow",
        Receiver::Typed("SQLiteDatabase"),
        Action::Write,
    ),
    Row::new(
        "insert",
        Receiver::Typed("SupportSQLiteDatabase"),
        Action::Write,
    )
    .quiet(),
    Row::new(
        "update",
        Receiver::Typed("SupportSQLiteDatabase"),
        Action::Write,
    )
    .quiet(),
    Row::new(
        "delete",
        Receiver::Typed("SupportSQLiteDatabase"),
        Action::Write,
    )
    .quiet(),
    Row::new(
        "executeInsert",
        Receiver::Typed("SQLiteStatement"),
        Action::Write,
    ),
    Row::new(
        "executeUpdateDelete",
        Receiver::Typed("SQLiteStatement"),
        Action::Write,
    ),
    // Room DAO methods: `@Insert fun add(note: Note)` writes when called;
    // `@Transaction` runs the method in one transaction.
    Row::imported("Insert", "androidx.room", Receiver::Any, Action::DaoWrite).quiet(),
    Row::imported("Update", "androidx.room", Receiver::Any, Action::DaoWrite).quiet(),
    Row::imported("Delete", "androidx.room", Receiver::Any, Action::DaoWrite).quiet(),
    Row::imported("Upsert", "androidx.room", Receiver::Any, Action::DaoWrite).quiet(),
    Row::imported(
        "Transaction",
        "androidx.room",
        Receiver::Any,
        Action::TxFunction,
    )
    .quiet(),
];

/// `helper.writableDatabase`: the connection an SQLiteOpenHelper keeps.
pub const MEMBER_ROWS: &[MemberRow] = &[
    MemberRow {
        member: "writableDatabase",
        action: Action::FromHelper,
    },
    MemberRow {
        member: "readableDatabase",
        action: Action::FromHelper,
    },
];

pub const TYPE_FLOWS: &[TypeFlow] = &[
    // `stream.fd` / `stream.getFD()` on FileOutputStream and RandomAccessFile.
    TypeFlow::Member("fd", "FileDescriptor"),
    TypeFlow::Member("getFD", "FileDescriptor"),
    TypeFlow::Member("channel", "FileChannel"),
    TypeFlow::Member("getChannel", "FileChannel"),
    TypeFlow::StaticOf("FileChannel"),
    // open-per-query, write-without-transaction: what is a database.
    TypeFlow::StaticOf("SQLiteDatabase"),
    TypeFlow::Member("writableDatabase", "SQLiteDatabase"),
    TypeFlow::Member("readableDatabase", "SQLiteDatabase"),
    TypeFlow::Member("getWritableDatabase", "SQLiteDatabase"),
    TypeFlow::Member("getReadableDatabase", "SQLiteDatabase"),
    TypeFlow::Member("openOrCreateDatabase", "SQLiteDatabase"),
    TypeFlow::Member("compileStatement", "SQLiteStatement"),
];
