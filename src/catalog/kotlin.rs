//! Kotlin and Java on Android: SQLiteDatabase, java.io and java.nio.

use super::{
    Action, ArgAt, LogCall, LogReceiver, MemberRow, Payload, Place, PrefsSyncAction, Receiver, Row,
    TypeFlow, SERIALIZED,
};

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
    Row::imported("Entity", "androidx.room", Receiver::Any, Action::RoomEntity),
    Row::imported(
        "ColumnInfo",
        "androidx.room",
        Receiver::Any,
        Action::RoomColumnIndex,
    ),
    Row::imported(
        "PrimaryKey",
        "androidx.room",
        Receiver::Any,
        Action::RoomPrimaryKey,
    ),
    // `sync()` and `force()` are common method names: only these types' count.
    Row::new("sync", Receiver::Typed("FileDescriptor"), Action::Fsync).hint(&[
        ".fd",
        "getFD",
        "FileDescriptor",
    ]),
    Row::new("force", Receiver::Typed("FileChannel"), Action::Fsync).hint(&["channel"]),
    // prefs-commit: `commit()` on a SharedPreferences editor writes the file
    // before returning; KTX `edit(commit = true) { }` calls it.
    Row::new(
        "commit",
        Receiver::Typed("SharedPreferences.Editor"),
        Action::PrefsSyncWrite(PrefsSyncAction::Commit),
    )
    .hint(&["SharedPreferences"]),
    Row::new(
        "edit",
        Receiver::Typed("SharedPreferences"),
        Action::PrefsSyncWrite(PrefsSyncAction::EditCommit { label: "commit" }),
    )
    .hint(&["SharedPreferences"]),
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
    )
    .hint(&["toJson", "encodeTo", "JSONObject", "JSONArray"]),
    Row::new(
        "writeBytes",
        Receiver::Any,
        Action::SerializedWrite {
            target: Place::Receiver,
            payload: Payload::Arg(ArgAt::Index(0)),
            file_only: false,
        },
    )
    .hint(&["toJson", "encodeTo", "JSONObject", "JSONArray"]),
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
    )
    .hint(&["SharedPreferences"]),
    // KTX `prefs.edit { putInt(..) }` applies at the end of the block.
    Row::new(
        "edit",
        Receiver::Typed("SharedPreferences"),
        Action::PrefsWrite { block: true },
    )
    .hint(&["SharedPreferences"]),
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
    )
    .quiet(),
    Row::new(
        "writeBytes",
        Receiver::Any,
        Action::FileCreate {
            target: Some(Place::Receiver),
            flag: None,
        },
    )
    .quiet(),
    // `delete()` counts on files only: `db.delete(table, ..)` is SQL.
    Row::new(
        "delete",
        Receiver::Typed("File"),
        Action::FileDelete {
            target: Place::Receiver,
        },
    )
    .quiet(),
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
    Row::new("transaction", Receiver::Any, Action::TxBlock).hint(&[
        "Database",
        "sqlite",
        "SQLite",
        "Transacter",
        "exposed",
        "Dao",
    ]),
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
    // Room runs every migration inside one transaction.
    Row::imported(
        "Migration",
        "androidx.room",
        Receiver::Any,
        Action::TxMethods(&["migrate"]),
    )
    .quiet(),
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
    // open-per-query, write-without-transaction: what is a database.
    TypeFlow::StaticOf("SQLiteDatabase"),
    TypeFlow::Member("writableDatabase", "SQLiteDatabase"),
    TypeFlow::Member("readableDatabase", "SQLiteDatabase"),
    TypeFlow::Member("getWritableDatabase", "SQLiteDatabase"),
    TypeFlow::Member("getReadableDatabase", "SQLiteDatabase"),
    TypeFlow::Member("openOrCreateDatabase", "SQLiteDatabase"),
    TypeFlow::Member("compileStatement", "SQLiteStatement"),
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

/// Logging calls: handing a value to one of these records it and acts on
/// nothing (prefs-commit: a `commit()` result that is only logged is unused).
pub const LOG_CALLS: &[LogCall] = &[
    // android.util.Log
    LogCall {
        receiver: LogReceiver::Root("Log"),
        names: &["v", "d", "i", "w", "e", "wtf", "println"],
    },
    // Timber, also through `Timber.tag(TAG).d(...)`.
    LogCall {
        receiver: LogReceiver::Root("Timber"),
        names: &["v", "d", "i", "w", "e", "wtf", "log"],
    },
    LogCall {
        receiver: LogReceiver::None,
        names: &["println", "print"],
    },
    // SLF4J, java.util.logging, kotlin-logging (`logger.info { }`).
    LogCall {
        receiver: LogReceiver::Logger,
        names: &[
            "trace", "debug", "info", "warn", "warning", "error", "fine", "finer", "finest",
            "severe",
        ],
    },
];
