//! Kotlin and Java on Android: SQLiteDatabase, java.io and java.nio.

use super::{Action, ArgAt, Payload, Place, PrefsSyncAction, Receiver, Row, TypeFlow, SERIALIZED};

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
    // plist-as-database and temp-file-churn:
    // Serializer output written whole: `file.writeText(gson.toJson(state))`.
    Row::new(
        "writeText",
        Receiver::Any,
        Action::SerializedWrite {
            target: Place::Receiver,
            payload: Payload::Arg(ArgAt::Index(0)),
            file_only: false,
        },
    ),
    Row::new(
        "writeBytes",
        Receiver::Any,
        Action::SerializedWrite {
            target: Place::Receiver,
            payload: Payload::Arg(ArgAt::Index(0)),
            file_only: false,
        },
    ),
    Row::new(
        "writeString",
        Receiver::Path("Files"),
        Action::SerializedWrite {
            target: Place::Arg(ArgAt::Index(0)),
            payload: Payload::Arg(ArgAt::Index(1)),
            file_only: false,
        },
    ),
    Row::new(
        "write",
        Receiver::Path("Files"),
        Action::SerializedWrite {
            target: Place::Arg(ArgAt::Index(0)),
            payload: Payload::Arg(ArgAt::Index(1)),
            file_only: false,
        },
    ),
    // Java serialization into a file (not into a ByteArrayOutputStream).
    Row::new(
        "writeObject",
        Receiver::Typed("ObjectOutputStream"),
        Action::SerializedWrite {
            target: Place::Receiver,
            payload: Payload::Itself,
            file_only: true,
        },
    ),
    // SharedPreferences persist as one XML file, rewritten on every apply
    // (`commit()` is classified by the prefs-commit row above).
    Row::new(
        "apply",
        Receiver::Typed("SharedPreferences.Editor"),
        Action::PrefsWrite { block: false },
    ),
    // KTX `prefs.edit { putInt(..) }` applies at the end of the block.
    Row::new(
        "edit",
        Receiver::Typed("SharedPreferences"),
        Action::PrefsWrite { block: true },
    ),
    // Files created and deleted.
    Row::new(
        "createTempFile",
        Receiver::Any,
        Action::FileCreate {
            target: None,
            flag: None,
        },
    ),
    Row::new(
        "createNewFile",
        Receiver::Any,
        Action::FileCreate {
            target: Some(Place::Receiver),
            flag: None,
        },
    ),
    Row::new(
        "createFile",
        Receiver::Path("Files"),
        Action::FileCreate {
            target: Some(Place::Arg(ArgAt::Index(0))),
            flag: None,
        },
    ),
    Row::new(
        "FileOutputStream",
        Receiver::Any,
        Action::FileCreate {
            target: Some(Place::Arg(ArgAt::Index(0))),
            flag: None,
        },
    ),
    Row::new(
        "writeText",
        Receiver::Any,
        Action::FileCreate {
            target: Some(Place::Receiver),
            flag: None,
        },
    ),
    Row::new(
        "writeBytes",
        Receiver::Any,
        Action::FileCreate {
            target: Some(Place::Receiver),
            flag: None,
        },
    ),
    // `delete()` counts on files only: `db.delete(table, ..)` is SQL.
    Row::new(
        "delete",
        Receiver::Typed("File"),
        Action::FileDelete {
            target: Place::Receiver,
        },
    ),
    Row::new(
        "delete",
        Receiver::Path("Files"),
        Action::FileDelete {
            target: Place::Arg(ArgAt::Index(0)),
        },
    ),
    Row::new(
        "deleteIfExists",
        Receiver::Path("Files"),
        Action::FileDelete {
            target: Place::Arg(ArgAt::Index(0)),
        },
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
    // plist-as-database: serializers' output is a whole document (Gson and
    // Moshi `toJson`, kotlinx.serialization, org.json).
    TypeFlow::Member("toJson", SERIALIZED),
    TypeFlow::Member("encodeToString", SERIALIZED),
    TypeFlow::Member("encodeToByteArray", SERIALIZED),
    TypeFlow::MemberOf("JSONObject", "toString", SERIALIZED),
    TypeFlow::MemberOf("JSONArray", "toString", SERIALIZED),
    TypeFlow::MemberOf(SERIALIZED, "toByteArray", SERIALIZED),
    TypeFlow::MemberOf("EncryptedSharedPreferences", "create", "SharedPreferences"),
    // temp-file-churn: files and streams into them.
    TypeFlow::MemberOf("File", "createTempFile", "File"),
    TypeFlow::MemberOf("File", "outputStream", "FileOutputStream"),
    TypeFlow::Member("openFileOutput", "FileOutputStream"),
];
