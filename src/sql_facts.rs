//! What a SQL statement says, as the rules need it: pragmas, tables,
//! indexes, queries with the columns they touch. The SQL frontend
//! (`lang::sql`) produces these facts; the model, the catalog and the rules
//! read them without depending on the parser.

use crate::source::ByteRange;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SqlFact {
    pub kind: SqlFactKind,
    /// The statement's first keyword token (e.g. `VACUUM`, `PRAGMA`, `CREATE`), in the host file.
    pub keyword_range: ByteRange,
    /// The whole statement without its `;`, in the host file.
    pub statement_range: ByteRange,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SqlFactKind {
    Pragma(Pragma),
    /// `VACUUM [schema] [INTO expr]`.
    Vacuum {
        into: bool,
    },
    CreateTable(CreateTable),
    CreateIndex(CreateIndex),
    /// `DROP INDEX [IF EXISTS] [schema.]name`: the name unquoted, without its schema.
    DropIndex {
        name: String,
    },
    /// `DROP TABLE [IF EXISTS] [schema.]name`: the name unquoted, without its schema.
    DropTable {
        name: String,
    },
    /// `ALTER TABLE [schema.]table ...`, for the changes the schema's
    /// history follows.
    AlterTable {
        table: String,
        change: TableChange,
    },
    /// A table an API declares (Room's `@Entity`): the API, not the SQL that
    /// migrations run, says what the table is now.
    TableDecl {
        table: String,
    },
    /// A key column an API declares AUTOINCREMENT (Room's
    /// `@PrimaryKey(autoGenerate = true)`), at that declaration.
    GeneratedKey {
        table: String,
        column: String,
    },
    /// SELECT, INSERT, UPDATE, DELETE or REPLACE (also after `WITH`).
    Query(Query),
    /// Any other statement: the verb in upper case ("SELECT", "INSERT",
    /// "CREATE INDEX", "REINDEX", "BEGIN", ...).
    Other {
        verb: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TableChange {
    /// `ADD [COLUMN] name type constraints...`.
    AddColumn(ColumnFact),
    /// `RENAME TO new_name`: the table keeps its columns and indexes.
    RenameTo(String),
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pragma {
    pub schema: Option<String>,
    /// Lower case, unquoted: "journal_mode".
    pub name: String,
    pub name_range: ByteRange,
    /// None for a query (`PRAGMA journal_mode;`).
    pub value: Option<PragmaValue>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PragmaValue {
    /// As written, unquoted, sign included: "WAL", "wal", "-1", "0", "ON".
    pub text: String,
    /// The value token(s) in the host file (a quoted value: the whole quoted token).
    pub range: ByteRange,
    /// True when the value is an interpolation placeholder (model::HOLE).
    pub is_hole: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CreateTable {
    pub name: String,
    pub columns: Vec<ColumnFact>,
    /// The columns of the `PRIMARY KEY (a, b)` table constraint, or the one
    /// column declared `PRIMARY KEY`; empty when there is none.
    pub primary_key: Vec<String>,
    /// Each `UNIQUE (a, b)` table constraint and each column declared
    /// `UNIQUE` (as a one-column list), in the order written.
    pub unique_constraints: Vec<Vec<String>>,
    pub without_rowid: bool,
    /// `CREATE TEMP TABLE` (or `temp.name`): a table of the connection's
    /// temporary database, whose writes are never journalled to disk nor
    /// synced.
    pub temporary: bool,
    /// The child columns of every foreign key: declared `REFERENCES` on the
    /// column, or listed in a `FOREIGN KEY (a, b)` table constraint.
    pub foreign_key_columns: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ColumnFact {
    pub name: String,
    /// Upper case, one space between words, none around parentheses:
    /// `INTEGER`, `VARCHAR(255)`, `UNSIGNED BIG INT`.
    pub declared_type: Option<String>,
    /// The AUTOINCREMENT keyword token of this column, in the host file.
    pub autoincrement: Option<ByteRange>,
    /// Declared `PRIMARY KEY` on the column itself.
    pub primary_key: bool,
    /// Declared `UNIQUE` on the column itself.
    pub unique: bool,
    /// Declared `REFERENCES other(...)` on the column itself.
    pub references: bool,
    /// The DEFAULT value as written: `0`, `-1`, `'pending'`, `NULL`,
    /// `CURRENT_TIMESTAMP`, `(abs(-1))` (parentheses kept).
    pub default: Option<String>,
}

/// `CREATE [UNIQUE] INDEX [IF NOT EXISTS] [schema.]name ON table (...) [WHERE ...]`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CreateIndex {
    /// Unquoted, without its schema.
    pub name: String,
    /// The name token (without the schema), in the host file.
    pub name_range: ByteRange,
    /// Unquoted, without a schema.
    pub table: String,
    /// The indexed entries, in order.
    pub columns: Vec<IndexedColumn>,
    pub unique: bool,
    /// The WHERE predicate's text as written in the SQL (None for a full index).
    pub predicate: Option<String>,
    /// Declared by an API (Room's `@Entity(indices = ...)`) rather than SQL:
    /// it can only be dropped, or made partial, by editing that declaration.
    pub declared_by_api: bool,
    /// For an index an API declares with a flag argument (Room's
    /// `@ColumnInfo(index = true)`), that argument: removing it removes the
    /// index. None for SQL and for an API's own index element (`Index(..)`).
    pub api_flag: Option<ByteRange>,
    /// `CREATE INDEX IF NOT EXISTS`: where an index of that name already
    /// exists (on any table: index names are global per database), the
    /// statement does nothing and the first definition stands.
    pub if_not_exists: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct IndexedColumn {
    /// The column name as written, unquoted (a `COLLATE` is dropped); for an
    /// expression, its text as written (`lower(name)`).
    pub name: String,
    /// The column name token, or the whole expression, in the host file.
    pub range: ByteRange,
    pub descending: bool,
    /// The entry is an expression rather than a plain column.
    pub expression: bool,
    /// `COLLATE NOCASE` -> `NOCASE`: an index only serves lookups in its collation.
    pub collation: Option<String>,
}

/// A DML statement with what index rules need: which tables it touches and
/// how its WHERE clauses test columns.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Query {
    pub verb: QueryVerb,
    /// Tables read or written (subqueries included), unquoted, without
    /// schema, each once, in order of appearance. Tables named by a hole and
    /// common table expressions are left out.
    pub tables: Vec<String>,
    /// The column tests of every WHERE clause (subqueries included; JOIN ...
    /// ON conditions are not read).
    pub filters: Vec<ColumnFilter>,
    /// The plain columns of every ORDER BY, in order.
    pub ordered_by: Vec<ColumnRef>,
    /// The values an UPDATE's SET or an INSERT's VALUES write into columns.
    pub writes: Vec<ColumnWrite>,
}

/// One value written into a column.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ColumnWrite {
    /// The column, with the table written to (None: a hole).
    pub column: ColumnRef,
    /// The literal written, normalised as for `FilterTest::EqualsConstant`;
    /// None for a parameter or any other expression.
    pub value: Option<String>,
}

impl Query {
    /// Whether the statement changes rows of a table other than the TEMP
    /// tables named in `temporary`: a write SQLite journals and syncs.
    pub fn writes_durably(&self, temporary: &[&str]) -> bool {
        self.verb != QueryVerb::Select
            && !self
                .tables
                .first()
                .is_some_and(|target| temporary.iter().any(|t| t.eq_ignore_ascii_case(target)))
    }
}

/// The TEMP tables among `facts` (`CreateTable::temporary`).
pub fn temporary_tables<'a>(facts: impl IntoIterator<Item = &'a SqlFact>) -> Vec<&'a str> {
    facts
        .into_iter()
        .filter_map(|fact| match &fact.kind {
            SqlFactKind::CreateTable(table) if table.temporary => Some(table.name.as_str()),
            _ => None,
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum QueryVerb {
    Select,
    Insert,
    Update,
    Delete,
    /// `REPLACE INTO` (`INSERT OR REPLACE` is an Insert).
    Replace,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ColumnRef {
    /// The table the column belongs to, aliases resolved; None when it cannot
    /// be told (unqualified among several tables, a hole, a subquery in FROM).
    pub table: Option<String>,
    /// Unquoted, as written.
    pub column: String,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ColumnFilter {
    pub column: ColumnRef,
    pub test: FilterTest,
    /// The test sits under an OR or a NOT, so it does not hold for every row
    /// returned.
    pub optional: bool,
    /// The column reference (qualifier included), in the host file.
    pub range: ByteRange,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FilterTest {
    /// `col = lit`, `lit = col`, `col IS lit`, `col IS TRUE`. The literal is
    /// normalised: numbers as written (sign included), strings with their
    /// quotes (`'pending'`), TRUE/FALSE as `1`/`0`, `NULL`.
    EqualsConstant(String),
    /// `col != lit`, `col <> lit`, `col IS NOT lit`.
    NotEqualsConstant(String),
    IsNull,
    IsNotNull,
    /// Compared for (in)equality with a bound parameter (`?`, `?1`, `:name`,
    /// `@x`, `$x`) or an interpolation hole; also `IN (?, ?)` and SQLDelight's `IN ?`.
    Parameter,
    /// `<`, `<=`, `>`, `>=`, BETWEEN, LIKE, GLOB, whatever the other side.
    Range,
    /// `col IN (lit, ...)` with literals only, normalised as for EqualsConstant.
    InConstants(Vec<String>),
    /// The column alone as a condition: `WHERE archived`.
    Truthy,
    /// `NOT col`: `WHERE NOT archived`.
    Falsy,
    /// Any other test involving the column: compared with another column,
    /// inside a function, `IN (SELECT ...)`, `NOT IN`, ...
    Other,
}
