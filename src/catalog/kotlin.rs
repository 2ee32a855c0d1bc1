//! Kotlin and Java on Android: SQLiteDatabase, java.io and java.nio.

use super::{Action, ArgAt, PrefsSyncAction, Receiver, Row, TypeFlow};

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
    // prefs-commit: `commit()` on a SharedPreferences editor writes the file
    // before returning; KTX `edit(commit = true) { }` calls it.
    Row::new(
        "commit",
        Receiver::Typed("SharedPreferences.Editor"),
        Action::PrefsSyncWrite(PrefsSyncAction::Commit),
    ),
    Row::new(
        "edit",
        Receiver::Typed("SharedPreferences"),
        Action::PrefsSyncWrite(PrefsSyncAction::EditCommit { label: "commit" }),
    ),
];

pub const TYPE_FLOWS: &[TypeFlow] = &[
    // `stream.fd` / `stream.getFD()` on FileOutputStream and RandomAccessFile.
    TypeFlow::Member("fd", "FileDescriptor"),
    TypeFlow::Member("getFD", "FileDescriptor"),
    TypeFlow::Member("channel", "FileChannel"),
    TypeFlow::Member("getChannel", "FileChannel"),
    TypeFlow::StaticOf("FileChannel"),
    // prefs-commit: where SharedPreferences and their editors come from.
    TypeFlow::Member("getSharedPreferences", "SharedPreferences"),
    TypeFlow::Member("getDefaultSharedPreferences", "SharedPreferences"),
    TypeFlow::MemberOf("SharedPreferences", "edit", "SharedPreferences.Editor"),
    // The editor's setters return the editor itself, and so do the scope
    // functions `apply { }` and `also { }`.
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "putInt",
        "SharedPreferences.Editor",
    ),
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "putLong",
        "SharedPreferences.Editor",
    ),
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "putFloat",
        "SharedPreferences.Editor",
    ),
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "putBoolean",
        "SharedPreferences.Editor",
    ),
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "putString",
        "SharedPreferences.Editor",
    ),
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "putStringSet",
        "SharedPreferences.Editor",
    ),
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "remove",
        "SharedPreferences.Editor",
    ),
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "clear",
        "SharedPreferences.Editor",
    ),
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "apply",
        "SharedPreferences.Editor",
    ),
    TypeFlow::MemberOf(
        "SharedPreferences.Editor",
        "also",
        "SharedPreferences.Editor",
    ),
    // A declared `SharedPreferences.Editor` arrives as `Editor`.
    TypeFlow::DeclaredWithImport {
        written: "Editor",
        import: "android.content.SharedPreferences",
        ty: "SharedPreferences.Editor",
    },
];
