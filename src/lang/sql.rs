//! The SQL frontend: `.sql` files, and the SQL inside string literals that
//! other frontends hand over as `StrLit`s.
//!
//! sqlparser's parser rejects much of what SQLite accepts (`PRAGMA x = WAL`,
//! `VACUUM INTO 'f'`, `REINDEX`) and its statement spans are unreliable, so
//! only its tokenizer is trusted everywhere: statements are split, and PRAGMA
//! and VACUUM read, from the token stream. The parser is used for CREATE TABLE
//! alone, where it gives columns and their types.

use std::ops::Range;

use sqlparser::ast::{
    AssignmentTarget, BinaryOperator, ColumnDef, DataType, Expr, FromTable, FunctionArg,
    FunctionArgExpr, FunctionArguments, Ident, InTarget, ObjectName, ObjectNamePart, OrderByKind,
    OrderBySort, Query as QueryAst, Select, SetExpr, Statement, TableFactor, TableObject,
    TableWithJoins, UnaryOperator, UpdateTableFromKind, Value,
};
use sqlparser::dialect::SQLiteDialect;
use sqlparser::keywords::Keyword;
use sqlparser::parser::Parser;
use sqlparser::tokenizer::{Location, Token, TokenWithSpan, Tokenizer, Whitespace, Word};

use crate::lang::ParseError;
use crate::model::{Comment, Model, NodeKind, SourceMap, StrLit, HOLE};
use crate::source::{ByteRange, SourceFile};
pub use crate::sql_facts::*;

/// A `.sql` file is one string of SQL: rules read it through `facts` like any
/// SQL found in code.
///
/// A SQLDelight `.sq` file is read the same way once its labels and imports
/// are blanked out: the Str node holds that masked text, byte for byte as long
/// as the file.
pub fn lower(file: &SourceFile) -> Result<Model, ParseError> {
    let mut model = Model::new(file.language);
    let sqldelight = file
        .path
        .extension()
        .is_some_and(|extension| extension == "sq");
    let masked;
    let text = if sqldelight {
        masked = mask_sqldelight_lines(&file.text);
        &masked
    } else {
        &file.text
    };
    model.push(
        None,
        0..text.len(),
        NodeKind::Str(StrLit {
            value: text.clone(),
            map: SourceMap::Identity { offset: 0 },
            has_holes: false,
        }),
    );
    let lexed = Lexed::new(text);
    if let Some(NodeKind::Str(whole_file)) = model.nodes.first().map(|n| &n.kind) {
        model.sql_facts = lexed.facts(whole_file);
    }
    for (token, range) in lexed.tokens.iter().zip(&lexed.ranges) {
        if let Token::Whitespace(
            Whitespace::SingleLineComment { .. } | Whitespace::MultiLineComment(_),
        ) = &token.token
        {
            // A `--` comment may carry the `\r` of a CRLF line ending.
            let Some(comment) = file.text.get(range.clone()) else {
                continue;
            };
            let comment = comment.trim_end_matches(['\r', '\n']);
            model.comments.push(Comment {
                range: range.start..range.start + comment.len(),
                text: comment.to_string(),
            });
        }
    }
    Ok(model)
}

/// Whether a string starts like a SQL statement (its first word is a
/// statement keyword): worth keeping for the project stage, which parses
/// it only when it reaches a SQL call through an app function.
pub fn reads_as_sql(text: &str) -> bool {
    const STARTS: &[&str] = &[
        "SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "PRAGMA",
        "VACUUM", "WITH", "BEGIN", "COMMIT",
    ];
    let first = text
        .trim_start_matches(|c: char| c.is_whitespace() || c == '(')
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or_default();
    STARTS.iter().any(|start| first.eq_ignore_ascii_case(start))
}

/// Every statement in `sql`, in order, with ranges in the host file.
pub fn facts(sql: &StrLit) -> Vec<SqlFact> {
    Lexed::new(&sql.value).facts(sql)
}

impl SqlFact {
    /// Moves the fact's ranges from value bytes to host-file bytes.
    fn mapped_through(self, sql: &StrLit) -> SqlFact {
        let kind = match self.kind {
            SqlFactKind::Pragma(pragma) => SqlFactKind::Pragma(Pragma {
                name_range: sql.source_range(pragma.name_range),
                value: pragma.value.map(|value| PragmaValue {
                    range: sql.source_range(value.range),
                    ..value
                }),
                ..pragma
            }),
            SqlFactKind::CreateTable(table) => SqlFactKind::CreateTable(CreateTable {
                columns: table
                    .columns
                    .into_iter()
                    .map(|column| ColumnFact {
                        autoincrement: column.autoincrement.map(|r| sql.source_range(r)),
                        ..column
                    })
                    .collect(),
                ..table
            }),
            SqlFactKind::CreateIndex(index) => SqlFactKind::CreateIndex(CreateIndex {
                name_range: sql.source_range(index.name_range),
                columns: index
                    .columns
                    .into_iter()
                    .map(|column| IndexedColumn {
                        range: sql.source_range(column.range.clone()),
                        ..column
                    })
                    .collect(),
                ..index
            }),
            SqlFactKind::Query(query) => SqlFactKind::Query(Query {
                filters: query
                    .filters
                    .into_iter()
                    .map(|filter| ColumnFilter {
                        range: sql.source_range(filter.range.clone()),
                        ..filter
                    })
                    .collect(),
                ..query
            }),
            other => other,
        };
        SqlFact {
            kind,
            keyword_range: sql.source_range(self.keyword_range),
            statement_range: sql.source_range(self.statement_range),
        }
    }
}

/// A tokenized string: sqlparser's tokens with their byte ranges in the value.
struct Lexed<'a> {
    text: &'a str,
    tokens: Vec<TokenWithSpan>,
    ranges: Vec<ByteRange>,
    /// The tokenizer gave up before the end of the text.
    truncated: bool,
}

/// The token indices of one statement, without its `;`.
type StatementTokens = Range<usize>;

impl<'a> Lexed<'a> {
    /// The facts of every statement, mapped through `sql` into the host file.
    fn facts(&self, sql: &StrLit) -> Vec<SqlFact> {
        let mut statements = self.statements();
        if self.truncated {
            // The tokenizer stopped inside the last statement (an unterminated
            // string or quoted name): it is not SQL anyone can run. A block
            // comment left open is not an error: as in SQLite it runs to the end.
            statements.pop();
        }
        statements
            .into_iter()
            .filter_map(|statement| self.fact(statement))
            .map(|fact| fact.mapped_through(sql))
            .collect()
    }

    fn new(text: &'a str) -> Lexed<'a> {
        let dialect = SQLiteDialect {};
        let mut tokens = Vec::new();
        // On an error the buffer keeps every token read before it.
        let truncated = Tokenizer::new(&dialect, text)
            .tokenize_with_location_into_buf(&mut tokens)
            .is_err();
        let mut cursor = LocationCursor::new(text);
        let ranges = tokens
            .iter()
            .map(|token| {
                let start = cursor.offset(token.span.start);
                let end = cursor.offset(token.span.end);
                start..end.max(start)
            })
            .collect();
        Lexed {
            text,
            tokens,
            ranges,
            truncated,
        }
    }

    /// Splits at `;` tokens, except inside a trigger body: `CREATE TRIGGER
    /// ... BEGIN ...; ...; END` is one statement.
    fn statements(&self) -> Vec<StatementTokens> {
        let mut statements = Vec::new();
        let mut start = 0;
        let mut shape = StatementShape::default();
        for (index, token) in self.tokens.iter().enumerate() {
            match &token.token {
                Token::Whitespace(_) => continue,
                Token::SemiColon if !shape.in_trigger_body() => {
                    statements.push(start..index);
                    start = index + 1;
                    shape = StatementShape::default();
                    continue;
                }
                _ => {}
            }
            shape.note(&token.token);
        }
        if start < self.tokens.len() {
            statements.push(start..self.tokens.len());
        }
        statements
    }

    /// Indices of the tokens that are neither whitespace nor comments.
    fn significant(&self, statement: StatementTokens) -> Vec<usize> {
        statement
            .filter(|&i| !matches!(self.tokens[i].token, Token::Whitespace(_)))
            .collect()
    }

    fn token(&self, index: usize) -> &Token {
        &self.tokens[index].token
    }

    fn fact(&self, statement: StatementTokens) -> Option<SqlFact> {
        let significant = self.significant(statement.clone());
        let (&first, &last) = (significant.first()?, significant.last()?);
        let keyword = plain_keyword(self.token(first))?;
        if keyword == Keyword::NoKeyword {
            return None;
        }
        let verb = self.verb(&significant);
        let kind = match keyword {
            Keyword::PRAGMA => self.pragma(&significant).map(SqlFactKind::Pragma),
            Keyword::VACUUM => self.vacuum(&significant),
            Keyword::CREATE if verb == "CREATE TABLE" => self
                .create_table(statement, &significant)
                .map(SqlFactKind::CreateTable),
            Keyword::CREATE if verb == "CREATE INDEX" => self
                .create_index(statement, &significant)
                .map(SqlFactKind::CreateIndex),
            Keyword::DROP if verb == "DROP INDEX" => self
                .dropped_name(&significant)
                .map(|name| SqlFactKind::DropIndex { name }),
            Keyword::DROP if verb == "DROP TABLE" => self
                .dropped_name(&significant)
                .map(|name| SqlFactKind::DropTable { name }),
            Keyword::ALTER if verb == "ALTER TABLE" => self.alter_table(&significant),
            _ => query_verb(&verb).and_then(|verb| {
                let parsed = self.parse(statement)?;
                Some(SqlFactKind::Query(QueryReader::new(self).read(
                    verb,
                    &parsed,
                    self.ranges[first].start..self.ranges[last].end,
                )))
            }),
        };
        Some(SqlFact {
            kind: kind.unwrap_or(SqlFactKind::Other { verb }),
            keyword_range: self.ranges[first].clone(),
            statement_range: self.ranges[first].start..self.ranges[last].end,
        })
    }

    /// The statement's verb: its first keyword, with the object kind for
    /// DDL ("CREATE INDEX") and the main verb for a `WITH` query.
    fn verb(&self, significant: &[usize]) -> String {
        let keyword_at = |position: usize| {
            significant
                .get(position)
                .and_then(|&i| plain_keyword(self.token(i)))
        };
        let Some(first) = significant.first().and_then(|&i| word(self.token(i))) else {
            return String::new();
        };
        let first_upper = first.value.to_ascii_uppercase();
        match first.keyword {
            Keyword::CREATE | Keyword::DROP | Keyword::ALTER => {
                let mut i = 1;
                while matches!(
                    keyword_at(i),
                    Some(Keyword::TEMP | Keyword::TEMPORARY | Keyword::UNIQUE)
                ) {
                    i += 1;
                }
                match keyword_at(i) {
                    Some(Keyword::VIRTUAL) if keyword_at(i + 1) == Some(Keyword::TABLE) => {
                        format!("{first_upper} VIRTUAL TABLE")
                    }
                    Some(
                        kind @ (Keyword::TABLE | Keyword::INDEX | Keyword::VIEW | Keyword::TRIGGER),
                    ) => {
                        format!("{first_upper} {kind:?}")
                    }
                    _ => first_upper,
                }
            }
            Keyword::WITH => self.verb_after_with(significant).unwrap_or(first_upper),
            _ => first_upper,
        }
    }

    /// `WITH a AS (...) INSERT ...` is an INSERT: the first DML keyword
    /// outside the common table expressions' parentheses.
    fn verb_after_with(&self, significant: &[usize]) -> Option<String> {
        let mut depth = 0usize;
        for &i in significant {
            match self.token(i) {
                Token::LParen => depth += 1,
                Token::RParen => depth = depth.saturating_sub(1),
                token if depth == 0 => {
                    if let Some(
                        Keyword::SELECT
                        | Keyword::INSERT
                        | Keyword::UPDATE
                        | Keyword::DELETE
                        | Keyword::REPLACE
                        | Keyword::VALUES,
                    ) = plain_keyword(token)
                    {
                        return word(token).map(|w| w.value.to_ascii_uppercase());
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// `PRAGMA [schema.]name [= value | (value)]`.
    fn pragma(&self, significant: &[usize]) -> Option<Pragma> {
        let tokens: Vec<&Token> = significant.iter().map(|&i| self.token(i)).collect();
        let (schema, name_at) = match tokens.get(1..)? {
            [Token::Word(schema), Token::Period, Token::Word(_), ..] => {
                (Some(schema.value.clone()), 3)
            }
            [Token::Word(_), ..] => (None, 1),
            _ => return None,
        };
        let name_index = *significant.get(name_at)?;
        let name = word(self.token(name_index))?.value.to_ascii_lowercase();
        let after_name = name_at + 1;
        let value = match tokens.get(after_name..)? {
            [] => None,
            [Token::Eq, ..] => Some(self.pragma_value(significant.get(after_name + 1..)?)?),
            [Token::LParen, .., Token::RParen] => {
                Some(self.pragma_value(significant.get(after_name + 1..significant.len() - 1)?)?)
            }
            _ => return None,
        };
        Some(Pragma {
            schema,
            name,
            name_range: self.ranges[name_index].clone(),
            value,
        })
    }

    /// A word, a number with an optional sign, or a quoted string.
    fn pragma_value(&self, value: &[usize]) -> Option<PragmaValue> {
        let (sign, last) = match value {
            [sign, last] => match self.token(*sign) {
                Token::Minus => ("-", *last),
                Token::Plus => ("+", *last),
                _ => return None,
            },
            [only] => ("", *only),
            _ => return None,
        };
        let text = match self.token(last) {
            Token::Number(digits, _) => format!("{sign}{digits}"),
            Token::Word(word) if sign.is_empty() => word.value.clone(),
            Token::SingleQuotedString(text) | Token::DoubleQuotedString(text)
                if sign.is_empty() =>
            {
                text.clone()
            }
            _ => return None,
        };
        let first = *value.first()?;
        Some(PragmaValue {
            is_hole: text.contains(HOLE),
            text,
            range: self.ranges[first].start..self.ranges[last].end,
        })
    }

    /// `VACUUM [schema] [INTO expr]`.
    fn vacuum(&self, significant: &[usize]) -> Option<SqlFactKind> {
        let mut rest = significant.get(1..)?;
        if let Some(&schema) = rest.first() {
            let is_schema = word(self.token(schema)).is_some()
                && plain_keyword(self.token(schema)) != Some(Keyword::INTO);
            if is_schema {
                rest = &rest[1..];
            }
        }
        match rest {
            [] => Some(SqlFactKind::Vacuum { into: false }),
            [into, _, ..] if plain_keyword(self.token(*into)) == Some(Keyword::INTO) => {
                Some(SqlFactKind::Vacuum { into: true })
            }
            _ => None,
        }
    }

    fn create_table(
        &self,
        statement: StatementTokens,
        significant: &[usize],
    ) -> Option<CreateTable> {
        let column_list = self.column_list(significant);
        // sqlparser rejects some SQLite table options after the column list
        // (`STRICT`); the columns alone still tell what a rule needs.
        let parsed = self.parse(statement.clone()).or_else(|| {
            let (_, close) = column_list.as_ref()?;
            self.parse(statement.start..close + 1)
        });
        let (segments, close) = match &column_list {
            Some((segments, close)) => (segments.as_slice(), Some(*close)),
            None => (&[][..], None),
        };
        // `CREATE TEMP TABLE` or `CREATE TEMPORARY TABLE`.
        let mut temporary = significant.get(1).is_some_and(|&at| {
            word(self.token(at)).is_some_and(|w| {
                w.value.eq_ignore_ascii_case("temp") || w.value.eq_ignore_ascii_case("temporary")
            })
        });
        let (name, columns) = match parsed {
            Some(Statement::CreateTable(table)) => {
                let name = match table.name.0.last()? {
                    ObjectNamePart::Identifier(ident) => ident.value.clone(),
                    ObjectNamePart::Function(_) => return None,
                };
                temporary |= table.temporary
                    || (table.name.0.len() == 2
                        && matches!(&table.name.0[0], ObjectNamePart::Identifier(schema)
                            if schema.value.eq_ignore_ascii_case("temp")));
                (name, self.parsed_columns(&table.columns, segments))
            }
            Some(_) => return None,
            None => {
                // SQLite takes any words as a type (`UNSIGNED BIG INT`, `Foo Bar`)
                // where sqlparser wants types it knows.
                column_list.as_ref()?;
                let columns = segments
                    .iter()
                    .filter_map(|segment| self.column_fact(segment))
                    .collect();
                (self.table_name(significant)?, columns)
            }
        };
        let mut primary_key = Vec::new();
        let mut unique_constraints = Vec::new();
        let mut foreign_key_columns = Vec::new();
        for segment in segments {
            match (&segment.name, self.table_constraint(segment)) {
                (None, Some(TableConstraintKind::PrimaryKey(columns))) => primary_key = columns,
                (None, Some(TableConstraintKind::Unique(columns))) => {
                    unique_constraints.push(columns)
                }
                (None, Some(TableConstraintKind::ForeignKey(columns))) => {
                    foreign_key_columns.extend(columns)
                }
                (Some(name), _) => {
                    let constraints = self.column_constraints(segment);
                    if constraints.primary_key && primary_key.is_empty() {
                        primary_key = vec![name.clone()];
                    }
                    if constraints.unique {
                        unique_constraints.push(vec![name.clone()]);
                    }
                    if constraints.references {
                        foreign_key_columns.push(name.clone());
                    }
                }
                (None, None) => {}
            }
        }
        let without_rowid = close.is_some_and(|close| {
            let options: Vec<usize> = significant.iter().copied().filter(|&i| i > close).collect();
            options.windows(2).any(|pair| {
                plain_keyword(self.token(pair[0])) == Some(Keyword::WITHOUT)
                    && word(self.token(pair[1]))
                        .is_some_and(|w| w.value.eq_ignore_ascii_case("rowid"))
            })
        });
        Some(CreateTable {
            name,
            columns,
            primary_key,
            unique_constraints,
            without_rowid,
            temporary,
            foreign_key_columns,
        })
    }

    /// The name after `DROP INDEX|TABLE [IF EXISTS] [schema.]`.
    fn dropped_name(&self, significant: &[usize]) -> Option<String> {
        let mut rest = significant.get(2..)?;
        if plain_keyword(self.token(*rest.first()?)) == Some(Keyword::IF) {
            rest = rest.get(2..)?;
        }
        self.object_name(rest).map(|(name, _)| name)
    }

    /// `[schema.]name` at the start of `tokens`: the name unquoted, and how
    /// many tokens it took.
    fn object_name(&self, tokens: &[usize]) -> Option<(String, usize)> {
        let words: Vec<&Token> = tokens.iter().take(3).map(|&i| self.token(i)).collect();
        match words.as_slice() {
            [Token::Word(_), Token::Period, Token::Word(name)] => Some((name.value.clone(), 3)),
            [Token::Word(name), ..] => Some((name.value.clone(), 1)),
            _ => None,
        }
    }

    /// `ALTER TABLE [schema.]table ADD [COLUMN] definition` or `RENAME TO
    /// new_name`; None for the other changes (renaming or dropping a column).
    fn alter_table(&self, significant: &[usize]) -> Option<SqlFactKind> {
        let (table, length) = self.object_name(significant.get(2..)?)?;
        let rest = significant.get(2 + length..)?;
        let keyword_at = |position: usize| {
            rest.get(position)
                .and_then(|&i| plain_keyword(self.token(i)))
        };
        let change = match (keyword_at(0)?, keyword_at(1)) {
            (Keyword::RENAME, Some(Keyword::TO)) => {
                TableChange::RenameTo(self.object_name(rest.get(2..)?)?.0)
            }
            (Keyword::ADD, column) => {
                let definition = if column == Some(Keyword::COLUMN) {
                    rest.get(2..)?
                } else {
                    rest.get(1..)?
                };
                TableChange::AddColumn(self.column_fact(&self.column_segment(definition)?)?)
            }
            _ => return None,
        };
        Some(SqlFactKind::AlterTable { table, change })
    }

    /// One column definition's tokens read as a segment of a column list.
    fn column_segment(&self, definition: &[usize]) -> Option<ColumnSegment> {
        let (&first, rest) = definition.split_first()?;
        let name = word(self.token(first))?.value.clone();
        let type_tokens = rest
            .iter()
            .copied()
            .take_while(|&i| !starts_column_constraint(self.token(i)))
            .collect();
        Some(ColumnSegment {
            name: Some(name),
            tokens: definition.to_vec(),
            type_tokens,
            autoincrement: None,
        })
    }

    /// The parser's columns, with what only the tokens tell (AUTOINCREMENT's
    /// position, the DEFAULT as written) taken from the matching segment.
    fn parsed_columns(&self, columns: &[ColumnDef], segments: &[ColumnSegment]) -> Vec<ColumnFact> {
        let mut next_segment = 0;
        columns
            .iter()
            .map(|column| {
                // The parser's columns come in the same order as the
                // segments; matching by name skips table constraints.
                let found = segments
                    .get(next_segment..)
                    .unwrap_or_default()
                    .iter()
                    .position(|segment| {
                        segment
                            .name
                            .as_ref()
                            .is_some_and(|name| name.eq_ignore_ascii_case(&column.name.value))
                    });
                let segment = found.and_then(|offset| {
                    let segment = segments.get(next_segment + offset);
                    next_segment += offset + 1;
                    segment
                });
                let constraints = segment
                    .map(|segment| self.column_constraints(segment))
                    .unwrap_or_default();
                ColumnFact {
                    name: column.name.value.clone(),
                    declared_type: match column.data_type {
                        DataType::Unspecified => None,
                        ref written => Some(upper_case_type(written.to_string())),
                    },
                    autoincrement: segment
                        .and_then(|segment| segment.autoincrement)
                        .map(|i| self.ranges[i].clone()),
                    primary_key: constraints.primary_key,
                    unique: constraints.unique,
                    references: constraints.references,
                    default: constraints.default,
                }
            })
            .collect()
    }

    /// A column read from the tokens alone; None for a table constraint.
    fn column_fact(&self, segment: &ColumnSegment) -> Option<ColumnFact> {
        let constraints = self.column_constraints(segment);
        Some(ColumnFact {
            name: segment.name.clone()?,
            declared_type: self.type_text(&segment.type_tokens),
            autoincrement: segment.autoincrement.map(|i| self.ranges[i].clone()),
            primary_key: constraints.primary_key,
            unique: constraints.unique,
            references: constraints.references,
            default: constraints.default,
        })
    }

    /// PRIMARY KEY, UNIQUE and DEFAULT among a column's constraints (outside
    /// parentheses, so a CHECK's or a REFERENCES' contents do not count).
    fn column_constraints(&self, segment: &ColumnSegment) -> ColumnConstraints {
        let mut constraints = ColumnConstraints::default();
        let tokens = segment.tokens.get(1..).unwrap_or_default();
        let mut depth = 0usize;
        let mut previous: Option<Keyword> = None;
        for (position, &i) in tokens.iter().enumerate() {
            let token = self.token(i);
            let keyword = plain_keyword(token);
            if depth == 0 {
                match keyword {
                    Some(Keyword::KEY) if previous == Some(Keyword::PRIMARY) => {
                        constraints.primary_key = true
                    }
                    Some(Keyword::UNIQUE) => constraints.unique = true,
                    Some(Keyword::REFERENCES) => constraints.references = true,
                    // `ON DELETE SET DEFAULT` is no default value.
                    Some(Keyword::DEFAULT)
                        if previous != Some(Keyword::SET) && constraints.default.is_none() =>
                    {
                        constraints.default =
                            self.default_text(tokens.get(position + 1..).unwrap_or_default());
                    }
                    _ => {}
                }
            }
            match token {
                Token::LParen => depth += 1,
                Token::RParen => depth = depth.saturating_sub(1),
                _ => {}
            }
            previous = keyword;
        }
        constraints
    }

    /// The text of the value after DEFAULT: a signed number, a literal or
    /// word, or a parenthesised expression.
    fn default_text(&self, after: &[usize]) -> Option<String> {
        let first = *after.first()?;
        let last = match self.token(first) {
            Token::Minus | Token::Plus => *after.get(1)?,
            Token::LParen => {
                let mut depth = 0usize;
                let mut close = None;
                for &i in after {
                    match self.token(i) {
                        Token::LParen => depth += 1,
                        Token::RParen => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                close = Some(i);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                close?
            }
            _ => first,
        };
        self.text_of(first, last)
    }

    /// `[CONSTRAINT name] PRIMARY KEY (a, b)` or `UNIQUE (a, b)` with its
    /// column names; None for other table constraints.
    fn table_constraint(&self, segment: &ColumnSegment) -> Option<TableConstraintKind> {
        let mut tokens = segment.tokens.as_slice();
        if plain_keyword(self.token(*tokens.first()?)) == Some(Keyword::CONSTRAINT) {
            tokens = tokens.get(2..)?;
        }
        let (kind, list): (fn(Vec<String>) -> TableConstraintKind, _) = match tokens
            .iter()
            .map(|&i| plain_keyword(self.token(i)))
            .take(2)
            .collect::<Vec<_>>()
            .as_slice()
        {
            [Some(Keyword::PRIMARY), Some(Keyword::KEY)] => {
                (TableConstraintKind::PrimaryKey, tokens.get(2..)?)
            }
            [Some(Keyword::FOREIGN), Some(Keyword::KEY)] => {
                (TableConstraintKind::ForeignKey, tokens.get(2..)?)
            }
            [Some(Keyword::UNIQUE), ..] => (TableConstraintKind::Unique, tokens.get(1..)?),
            _ => return None,
        };
        if !matches!(self.token(*list.first()?), Token::LParen) {
            return None;
        }
        let mut columns = Vec::new();
        let mut depth = 0usize;
        let mut expecting_name = false;
        for &i in list {
            match self.token(i) {
                Token::LParen => {
                    depth += 1;
                    expecting_name = depth == 1;
                    continue;
                }
                Token::RParen => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        break;
                    }
                }
                Token::Comma if depth == 1 => {
                    expecting_name = true;
                    continue;
                }
                Token::Word(name) if expecting_name => columns.push(name.value.clone()),
                _ => {}
            }
            expecting_name = false;
        }
        Some(kind(columns))
    }

    /// `CREATE [UNIQUE] INDEX ... ON table (entries) [WHERE predicate]`:
    /// the parser tells columns from expressions; the tokens give each
    /// expression's and the predicate's text as written.
    fn create_index(
        &self,
        statement: StatementTokens,
        significant: &[usize],
    ) -> Option<CreateIndex> {
        let Statement::CreateIndex(index) = self.parse(statement)? else {
            return None;
        };
        let name = last_ident(index.name.as_ref()?)?;
        let table = last_ident(&index.table_name)?.value.clone();
        let (entries, close) = self.index_entries(significant)?;
        if entries.len() != index.columns.len() {
            return None;
        }
        let columns = index
            .columns
            .iter()
            .zip(&entries)
            .map(|(entry, tokens)| {
                let descending = matches!(entry.column.options.sort, Some(OrderBySort::Desc));
                let mut expr = &entry.column.expr;
                let mut collation = None;
                while let Expr::Collate {
                    expr: inner,
                    collation: name,
                } = expr
                {
                    collation.get_or_insert_with(|| name.to_string().to_ascii_uppercase());
                    expr = inner;
                }
                if let Expr::Identifier(ident) = expr {
                    return Some(IndexedColumn {
                        name: ident.value.clone(),
                        range: self.idents_range(ident, ident)?,
                        descending,
                        expression: false,
                        collation,
                    });
                }
                // The expression's tokens end before a trailing COLLATE, ASC or DESC.
                let mut depth = 0usize;
                let end = tokens
                    .iter()
                    .position(|&i| {
                        match self.token(i) {
                            Token::LParen => depth += 1,
                            Token::RParen => depth = depth.saturating_sub(1),
                            _ => {}
                        }
                        depth == 0
                            && matches!(
                                plain_keyword(self.token(i)),
                                Some(Keyword::COLLATE | Keyword::ASC | Keyword::DESC)
                            )
                    })
                    .unwrap_or(tokens.len());
                let (&first, &last) = (tokens.first()?, tokens.get(..end)?.last()?);
                Some(IndexedColumn {
                    name: self.text_of(first, last)?,
                    range: self.ranges[first].start..self.ranges[last].end,
                    descending,
                    expression: true,
                    collation,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let predicate = match index.predicate {
            Some(_) => {
                let after: Vec<usize> =
                    significant.iter().copied().filter(|&i| i > close).collect();
                let (&where_keyword, rest) = after.split_first()?;
                if plain_keyword(self.token(where_keyword)) != Some(Keyword::WHERE) {
                    return None;
                }
                Some(self.text_of(*rest.first()?, *rest.last()?)?)
            }
            None => None,
        };
        Some(CreateIndex {
            name: name.value.clone(),
            name_range: self.idents_range(name, name)?,
            table,
            columns,
            unique: index.unique,
            predicate,
            declared_by_api: false,
            api_flag: None,
            if_not_exists: index.if_not_exists,
        })
    }

    /// The significant tokens of each entry of `ON table (a, lower(b) DESC)`,
    /// and the index of the list's closing parenthesis.
    fn index_entries(&self, significant: &[usize]) -> Option<(Vec<Vec<usize>>, usize)> {
        let on = significant
            .iter()
            .position(|&i| plain_keyword(self.token(i)) == Some(Keyword::ON))?;
        let rest = significant.get(on + 1..)?;
        let open = rest
            .iter()
            .position(|&i| matches!(self.token(i), Token::LParen))?;
        let mut entries = vec![Vec::new()];
        let mut depth = 1usize;
        for &i in rest.get(open + 1..)? {
            match self.token(i) {
                Token::RParen if depth == 1 => return Some((entries, i)),
                Token::Comma if depth == 1 => {
                    entries.push(Vec::new());
                    continue;
                }
                Token::LParen => depth += 1,
                Token::RParen => depth -= 1,
                _ => {}
            }
            entries.last_mut()?.push(i);
        }
        None
    }

    /// The index of the token that starts at `location`.
    fn token_at(&self, location: Location) -> Option<usize> {
        self.tokens
            .binary_search_by_key(&(location.line, location.column), |token| {
                (token.span.start.line, token.span.start.column)
            })
            .ok()
    }

    /// From the token of `first` through the token of `last` (the parser's
    /// identifiers carry their token's location).
    fn idents_range(&self, first: &Ident, last: &Ident) -> Option<ByteRange> {
        let start = self.ranges.get(self.token_at(first.span.start)?)?.start;
        let end = self.ranges.get(self.token_at(last.span.start)?)?.end;
        Some(start..end.max(start))
    }

    /// The value's text from token `first` through token `last`.
    fn text_of(&self, first: usize, last: usize) -> Option<String> {
        let start = self.ranges.get(first)?.start;
        let end = self.ranges.get(last)?.end;
        self.text.get(start..end).map(str::to_string)
    }

    /// A written type in the parser's style: one space between words, none
    /// around parentheses (`numeric (10, 5)` -> `NUMERIC(10,5)`).
    fn type_text(&self, type_tokens: &[usize]) -> Option<String> {
        let mut text = String::new();
        for &i in type_tokens {
            let (piece, spaced) = match self.token(i) {
                Token::Word(word) => (word.value.clone(), true),
                Token::Number(digits, _) => (digits.clone(), true),
                Token::Minus => ("-".to_string(), true),
                Token::Plus => ("+".to_string(), true),
                Token::LParen => ("(".to_string(), false),
                Token::RParen => (")".to_string(), false),
                Token::Comma => (",".to_string(), false),
                _ => return None,
            };
            if spaced && !text.is_empty() && !text.ends_with(['(', ',', '-', '+']) {
                text.push(' ');
            }
            text.push_str(&piece);
        }
        (!text.is_empty()).then(|| upper_case_type(text))
    }

    /// `CREATE [TEMP] TABLE [IF NOT EXISTS] [schema.]name (`: the name.
    fn table_name(&self, significant: &[usize]) -> Option<String> {
        let mut position = 1;
        let keyword_at = |position: usize| {
            significant
                .get(position)
                .and_then(|&i| plain_keyword(self.token(i)))
        };
        while matches!(
            keyword_at(position),
            Some(Keyword::TEMP | Keyword::TEMPORARY)
        ) {
            position += 1;
        }
        if keyword_at(position) != Some(Keyword::TABLE) {
            return None;
        }
        position += 1;
        if keyword_at(position) == Some(Keyword::IF) {
            position += 3;
        }
        let tokens: Vec<&Token> = significant
            .get(position..)?
            .iter()
            .map(|&i| self.token(i))
            .collect();
        match tokens.as_slice() {
            [Token::Word(_), Token::Period, Token::Word(name), Token::LParen, ..]
            | [Token::Word(name), Token::LParen, ..] => Some(name.value.clone()),
            _ => None,
        }
    }

    fn parse(&self, tokens: Range<usize>) -> Option<Statement> {
        let dialect = SQLiteDialect {};
        let tokens = self.tokens.get(tokens)?;
        // SQLDelight's list parameter `IN ?` / `IN :ids` becomes `IN (?)`,
        // which the parser takes.
        let significant: Vec<usize> = (0..tokens.len())
            .filter(|&i| !matches!(tokens[i].token, Token::Whitespace(_)))
            .collect();
        let mut wrapped: Vec<(usize, usize)> = Vec::new();
        for (position, &i) in significant.iter().enumerate() {
            if plain_keyword(&tokens[i].token) != Some(Keyword::IN) {
                continue;
            }
            let next = |offset: usize| {
                significant
                    .get(position + offset)
                    .map(|&j| (j, &tokens[j].token))
            };
            match (next(1), next(2)) {
                (Some((j, Token::Placeholder(_))), _) => wrapped.push((j, j)),
                (Some((j, Token::Colon)), Some((k, Token::Word(_)))) => wrapped.push((j, k)),
                _ => {}
            }
        }
        let mut rewritten = Vec::with_capacity(tokens.len() + 2 * wrapped.len());
        for (i, token) in tokens.iter().enumerate() {
            if wrapped.iter().any(|&(open, _)| open == i) {
                rewritten.push(TokenWithSpan::new(Token::LParen, token.span));
            }
            rewritten.push(token.clone());
            if wrapped.iter().any(|&(_, close)| close == i) {
                rewritten.push(TokenWithSpan::new(Token::RParen, token.span));
            }
        }
        let tokens = rewritten;
        Parser::new(&dialect)
            .with_tokens_with_locations(tokens)
            .parse_statement()
            .ok()
    }

    /// The definitions of `CREATE TABLE name (...)` read from the tokens, and
    /// the token index of the list's closing parenthesis. None when the list
    /// is not closed or has an empty definition.
    fn column_list(&self, significant: &[usize]) -> Option<(Vec<ColumnSegment>, usize)> {
        let open = significant
            .iter()
            .position(|&i| matches!(self.token(i), Token::LParen))?;
        let mut segments: Vec<ColumnSegment> = Vec::new();
        let mut depth = 1usize;
        let mut segment: Option<ColumnSegment> = None;
        let mut in_type = false;
        for &i in significant.get(open + 1..)? {
            let token = self.token(i);
            let closes_segment = match token {
                Token::RParen if depth == 1 => true,
                Token::Comma if depth == 1 => true,
                _ => false,
            };
            if closes_segment {
                segments.push(segment.take()?);
                if matches!(token, Token::RParen) {
                    return Some((segments, i));
                }
                continue;
            }
            let Some(current) = segment.as_mut() else {
                let constraint = matches!(
                    plain_keyword(token),
                    Some(
                        Keyword::CONSTRAINT
                            | Keyword::PRIMARY
                            | Keyword::UNIQUE
                            | Keyword::CHECK
                            | Keyword::FOREIGN
                    )
                );
                let name = word(token).filter(|_| !constraint);
                in_type = name.is_some();
                segment = Some(ColumnSegment {
                    name: name.map(|word| word.value.clone()),
                    tokens: vec![i],
                    type_tokens: Vec::new(),
                    autoincrement: None,
                });
                if matches!(token, Token::LParen) {
                    depth += 1;
                }
                continue;
            };
            current.tokens.push(i);
            if depth == 1 && in_type && starts_column_constraint(token) {
                in_type = false;
            }
            if in_type {
                current.type_tokens.push(i);
            } else if current.name.is_some()
                && depth == 1
                && plain_keyword(token) == Some(Keyword::AUTOINCREMENT)
            {
                current.autoincrement.get_or_insert(i);
            }
            match token {
                Token::LParen => depth += 1,
                Token::RParen => depth -= 1,
                _ => {}
            }
        }
        None
    }
}

fn query_verb(verb: &str) -> Option<QueryVerb> {
    match verb {
        "SELECT" => Some(QueryVerb::Select),
        "INSERT" => Some(QueryVerb::Insert),
        "UPDATE" => Some(QueryVerb::Update),
        "DELETE" => Some(QueryVerb::Delete),
        "REPLACE" => Some(QueryVerb::Replace),
        _ => None,
    }
}

fn last_ident(name: &ObjectName) -> Option<&Ident> {
    match name.0.last()? {
        ObjectNamePart::Identifier(ident) => Some(ident),
        ObjectNamePart::Function(_) => None,
    }
}

/// The tables a FROM clause brings in, as column qualifiers see them.
#[derive(Default)]
struct Scope {
    relations: Vec<Relation>,
}

struct Relation {
    /// What qualifies its columns: the alias, else the table's name.
    qualifier: Option<String>,
    /// None for a subquery, a common table expression or a hole.
    table: Option<String>,
}

/// What a comparison's other side is.
enum Operand {
    Literal(String),
    Parameter,
    Other,
}

/// Walks a parsed DML statement, collecting tables, WHERE tests and ORDER BY
/// columns, with a scope per SELECT so that aliases resolve.
struct QueryReader<'l, 'a> {
    lexed: &'l Lexed<'a>,
    tables: Vec<String>,
    filters: Vec<ColumnFilter>,
    ordered_by: Vec<ColumnRef>,
    writes: Vec<ColumnWrite>,
    common_tables: Vec<String>,
    scopes: Vec<Scope>,
    /// Where a column goes when its token cannot be found (never expected).
    fallback_range: ByteRange,
}

impl<'l, 'a> QueryReader<'l, 'a> {
    fn new(lexed: &'l Lexed<'a>) -> QueryReader<'l, 'a> {
        QueryReader {
            lexed,
            tables: Vec::new(),
            filters: Vec::new(),
            ordered_by: Vec::new(),
            writes: Vec::new(),
            common_tables: Vec::new(),
            scopes: Vec::new(),
            fallback_range: 0..0,
        }
    }

    fn read(mut self, verb: QueryVerb, statement: &Statement, range: ByteRange) -> Query {
        self.fallback_range = range;
        self.statement(statement);
        Query {
            verb,
            tables: self.tables,
            filters: self.filters,
            ordered_by: self.ordered_by,
            writes: self.writes,
        }
    }

    fn statement(&mut self, statement: &Statement) {
        match statement {
            Statement::Query(query) => self.query(query),
            Statement::Insert(insert) => {
                let mut written = None;
                if let TableObject::TableName(name) = &insert.table {
                    written = self.table_of(name);
                    if let Some(table) = written.clone() {
                        self.note_table(table);
                    }
                }
                if let Some(source) = &insert.source {
                    if let SetExpr::Values(values) = source.body.as_ref() {
                        for row in &values.rows {
                            for (column, value) in insert.columns.iter().zip(&row.content) {
                                self.note_write(written.clone(), column, value);
                            }
                        }
                    }
                    self.query(source);
                }
            }
            Statement::Update(update) => {
                let mut scope = Scope::default();
                self.add_relations(&update.table, &mut scope);
                if let Some(
                    UpdateTableFromKind::BeforeSet(from) | UpdateTableFromKind::AfterSet(from),
                ) = &update.from
                {
                    for table in from {
                        self.add_relations(table, &mut scope);
                    }
                }
                let written = match &update.table.relation {
                    TableFactor::Table { name, .. } => self.table_of(name),
                    _ => None,
                };
                self.scopes.push(scope);
                for assignment in &update.assignments {
                    if let AssignmentTarget::ColumnName(column) = &assignment.target {
                        self.note_write(written.clone(), column, &assignment.value);
                    }
                    self.walk(&assignment.value, false, false);
                }
                if let Some(selection) = &update.selection {
                    self.condition(selection, false);
                }
                self.scopes.pop();
            }
            Statement::Delete(delete) => {
                let (FromTable::WithFromKeyword(from) | FromTable::WithoutKeyword(from)) =
                    &delete.from;
                let mut scope = Scope::default();
                for table in from {
                    self.add_relations(table, &mut scope);
                }
                self.scopes.push(scope);
                if let Some(selection) = &delete.selection {
                    self.condition(selection, false);
                }
                self.scopes.pop();
            }
            _ => {}
        }
    }

    fn query(&mut self, query: &QueryAst) {
        if let Some(with) = &query.with {
            for common in &with.cte_tables {
                self.common_tables.push(common.alias.name.value.clone());
                self.query(&common.query);
            }
        }
        let scope = self.set_expr(&query.body);
        if let Some(order_by) = &query.order_by {
            if let OrderByKind::Expressions(entries) = &order_by.kind {
                self.scopes.push(scope);
                for entry in entries {
                    if let Some((column, _)) = self.column(&entry.expr) {
                        self.ordered_by.push(column);
                    }
                }
                self.scopes.pop();
            }
        }
    }

    /// Reads a query body; returns the scope its ORDER BY sees (empty for a
    /// compound SELECT, where only qualified columns resolve).
    fn set_expr(&mut self, body: &SetExpr) -> Scope {
        match body {
            SetExpr::Select(select) => return self.select(select),
            SetExpr::Query(query) => self.query(query),
            SetExpr::SetOperation { left, right, .. } => {
                self.set_expr(left);
                self.set_expr(right);
            }
            SetExpr::Insert(statement)
            | SetExpr::Update(statement)
            | SetExpr::Delete(statement) => self.statement(statement),
            _ => {}
        }
        Scope::default()
    }

    fn select(&mut self, select: &Select) -> Scope {
        let mut scope = Scope::default();
        for table in &select.from {
            self.add_relations(table, &mut scope);
        }
        self.scopes.push(scope);
        for item in &select.projection {
            if let sqlparser::ast::SelectItem::UnnamedExpr(expr)
            | sqlparser::ast::SelectItem::ExprWithAlias { expr, .. } = item
            {
                self.walk(expr, false, false);
            }
        }
        if let Some(selection) = &select.selection {
            self.condition(selection, false);
        }
        self.scopes.pop().unwrap_or_default()
    }

    fn add_relations(&mut self, table: &TableWithJoins, scope: &mut Scope) {
        self.add_relation(&table.relation, scope);
        for join in &table.joins {
            self.add_relation(&join.relation, scope);
        }
    }

    fn add_relation(&mut self, factor: &TableFactor, scope: &mut Scope) {
        match factor {
            TableFactor::Table { name, alias, .. } => {
                let written = last_ident(name).map(|ident| ident.value.clone());
                let table = self.table_of(name);
                if let Some(table) = &table {
                    self.note_table(table.clone());
                }
                scope.relations.push(Relation {
                    qualifier: alias.as_ref().map(|a| a.name.value.clone()).or(written),
                    table,
                });
            }
            TableFactor::Derived {
                subquery, alias, ..
            } => {
                self.query(subquery);
                scope.relations.push(Relation {
                    qualifier: alias.as_ref().map(|a| a.name.value.clone()),
                    table: None,
                });
            }
            TableFactor::NestedJoin {
                table_with_joins, ..
            } => self.add_relations(table_with_joins, scope),
            _ => scope.relations.push(Relation {
                qualifier: None,
                table: None,
            }),
        }
    }

    /// A table's name without schema; None for a hole or a common table expression.
    fn table_of(&self, name: &ObjectName) -> Option<String> {
        let name = &last_ident(name)?.value;
        let common = self
            .common_tables
            .iter()
            .any(|common| common.eq_ignore_ascii_case(name));
        (name != HOLE && !common).then(|| name.clone())
    }

    fn note_write(&mut self, table: Option<String>, column: &ObjectName, value: &Expr) {
        let Some(column) = last_ident(column).filter(|c| c.value != HOLE) else {
            return;
        };
        let value = match self.operand(value) {
            Operand::Literal(text) => Some(text),
            _ => None,
        };
        self.writes.push(ColumnWrite {
            column: ColumnRef {
                table,
                column: column.value.clone(),
            },
            value,
        });
    }

    fn note_table(&mut self, table: String) {
        if !self.tables.contains(&table) {
            self.tables.push(table);
        }
    }

    /// A WHERE condition: `optional` once under OR or NOT.
    fn condition(&mut self, expr: &Expr, optional: bool) {
        match expr {
            Expr::BinaryOp {
                left,
                op: BinaryOperator::And,
                right,
            } => {
                self.condition(left, optional);
                self.condition(right, optional);
            }
            Expr::BinaryOp {
                left,
                op: BinaryOperator::Or,
                right,
            } => self.either(left, right, optional),
            // `NOT archived` holds for every row returned, like `archived = 0`.
            Expr::UnaryOp {
                op: UnaryOperator::Not,
                expr: inner,
            } if self.column(inner).is_some() => self.test(inner, FilterTest::Falsy, optional),
            Expr::UnaryOp {
                op: UnaryOperator::Not,
                expr,
            } => self.condition(expr, true),
            Expr::Nested(inner) => self.condition(inner, optional),
            Expr::Identifier(_) | Expr::CompoundIdentifier(_) => {
                self.test(expr, FilterTest::Truthy, optional)
            }
            Expr::BinaryOp { left, op, right } => self.comparison(left, op, right, optional),
            Expr::IsDistinctFrom(left, right) => {
                self.comparison(left, &BinaryOperator::NotEq, right, optional)
            }
            Expr::IsNotDistinctFrom(left, right) => {
                self.comparison(left, &BinaryOperator::Eq, right, optional)
            }
            Expr::IsNull(inner) => self.test(inner, FilterTest::IsNull, optional),
            Expr::IsNotNull(inner) => self.test(inner, FilterTest::IsNotNull, optional),
            Expr::IsTrue(inner) => self.test(inner, equals("1"), optional),
            Expr::IsFalse(inner) => self.test(inner, equals("0"), optional),
            Expr::IsNotTrue(inner) => self.test(inner, not_equals("1"), optional),
            Expr::IsNotFalse(inner) => self.test(inner, not_equals("0"), optional),
            Expr::Between {
                expr, low, high, ..
            } => {
                self.test(expr, FilterTest::Range, optional);
                self.walk(low, optional, true);
                self.walk(high, optional, true);
            }
            Expr::Like { expr, pattern, .. }
            | Expr::ILike { expr, pattern, .. }
            | Expr::SimilarTo { expr, pattern, .. }
            | Expr::RLike { expr, pattern, .. } => {
                self.test(expr, FilterTest::Range, optional);
                self.walk(pattern, optional, true);
            }
            Expr::In {
                expr,
                target: InTarget::List(list),
                negated,
                ..
            } => {
                let operands: Vec<Operand> = list.iter().map(|item| self.operand(item)).collect();
                let literals: Option<Vec<String>> = operands
                    .iter()
                    .map(|operand| match operand {
                        Operand::Literal(text) => Some(text.clone()),
                        _ => None,
                    })
                    .collect();
                let all_parameters = operands
                    .iter()
                    .all(|operand| matches!(operand, Operand::Parameter));
                let test = match literals {
                    _ if *negated || list.is_empty() => FilterTest::Other,
                    Some(literals) => FilterTest::InConstants(literals),
                    None if all_parameters => FilterTest::Parameter,
                    None => FilterTest::Other,
                };
                self.test(expr, test, optional);
                for (item, operand) in list.iter().zip(&operands) {
                    if let Operand::Other = operand {
                        self.walk(item, optional, true);
                    }
                }
            }
            Expr::In {
                expr,
                target: InTarget::Subquery(query),
                ..
            } => {
                self.test(expr, FilterTest::Other, optional);
                self.query(query);
            }
            other => self.walk(other, optional, true),
        }
    }

    /// `left OR right`: a test both arms make (`(archived = 0 AND a = ?) OR
    /// (archived = 0 AND b = ?)`) holds for every row returned, and is kept
    /// once; every other test is optional.
    fn either(&mut self, left: &Expr, right: &Expr, optional: bool) {
        let start = self.filters.len();
        self.condition(left, optional);
        let middle = self.filters.len();
        self.condition(right, optional);
        let right_arm = self.filters.split_off(middle);
        let holds_in = |arm: &[ColumnFilter], filter: &ColumnFilter| {
            !filter.optional
                && arm
                    .iter()
                    .any(|f| !f.optional && f.column == filter.column && f.test == filter.test)
        };
        let mut shared = Vec::new();
        for filter in &mut self.filters[start..] {
            if holds_in(&right_arm, filter) {
                shared.push((filter.column.clone(), filter.test.clone()));
            } else {
                filter.optional = true;
            }
        }
        for mut filter in right_arm {
            let repeated = !filter.optional
                && shared
                    .iter()
                    .any(|(column, test)| *column == filter.column && *test == filter.test);
            if !repeated {
                filter.optional = true;
                self.filters.push(filter);
            }
        }
    }

    /// `column <op> value` in either order.
    fn comparison(&mut self, left: &Expr, op: &BinaryOperator, right: &Expr, optional: bool) {
        match (self.column(left), self.column(right)) {
            (Some(column), None) => self.compare_column(column, op, right, optional),
            (None, Some(column)) => self.compare_column(column, op, left, optional),
            (Some((left, left_range)), Some((right, right_range))) => {
                self.push_filter(left, FilterTest::Other, optional, left_range);
                self.push_filter(right, FilterTest::Other, optional, right_range);
            }
            (None, None) => {
                self.walk(left, optional, true);
                self.walk(right, optional, true);
            }
        }
    }

    fn compare_column(
        &mut self,
        (column, range): (ColumnRef, ByteRange),
        op: &BinaryOperator,
        value: &Expr,
        optional: bool,
    ) {
        let operand = self.operand(value);
        let equality = matches!(op, BinaryOperator::Eq | BinaryOperator::Is);
        let inequality = matches!(op, BinaryOperator::NotEq | BinaryOperator::IsNot);
        let range_scan = matches!(
            op,
            BinaryOperator::Lt
                | BinaryOperator::LtEq
                | BinaryOperator::Gt
                | BinaryOperator::GtEq
                | BinaryOperator::Glob
        );
        let test = match operand {
            _ if range_scan => FilterTest::Range,
            Operand::Literal(ref text) if equality => FilterTest::EqualsConstant(text.clone()),
            Operand::Literal(ref text) if inequality => FilterTest::NotEqualsConstant(text.clone()),
            Operand::Parameter if equality || inequality => FilterTest::Parameter,
            _ => FilterTest::Other,
        };
        if let Operand::Other = operand {
            self.walk(value, optional, true);
        }
        self.push_filter(column, test, optional, range);
    }

    /// A test on `expr` when it is a column; otherwise the columns inside it
    /// are tested in some other way.
    fn test(&mut self, expr: &Expr, test: FilterTest, optional: bool) {
        match self.column(expr) {
            Some((column, range)) => self.push_filter(column, test, optional, range),
            None => self.walk(expr, optional, true),
        }
    }

    fn push_filter(
        &mut self,
        column: ColumnRef,
        test: FilterTest,
        optional: bool,
        range: ByteRange,
    ) {
        self.filters.push(ColumnFilter {
            column,
            test,
            optional,
            range,
        });
    }

    /// Every column inside `expr` is tested in some other way (when
    /// `columns`); subqueries are read in any case.
    fn walk(&mut self, expr: &Expr, optional: bool, columns: bool) {
        match expr {
            Expr::Identifier(_) | Expr::CompoundIdentifier(_) => {
                if let (true, Some((column, range))) = (columns, self.column(expr)) {
                    self.push_filter(column, FilterTest::Other, optional, range);
                }
            }
            Expr::BinaryOp { left, right, .. }
            | Expr::IsDistinctFrom(left, right)
            | Expr::IsNotDistinctFrom(left, right)
            | Expr::Like {
                expr: left,
                pattern: right,
                ..
            }
            | Expr::ILike {
                expr: left,
                pattern: right,
                ..
            }
            | Expr::SimilarTo {
                expr: left,
                pattern: right,
                ..
            }
            | Expr::RLike {
                expr: left,
                pattern: right,
                ..
            } => {
                self.walk(left, optional, columns);
                self.walk(right, optional, columns);
            }
            Expr::UnaryOp { expr: inner, .. }
            | Expr::Nested(inner)
            | Expr::Collate { expr: inner, .. }
            | Expr::Cast { expr: inner, .. }
            | Expr::IsNull(inner)
            | Expr::IsNotNull(inner)
            | Expr::IsTrue(inner)
            | Expr::IsFalse(inner)
            | Expr::IsNotTrue(inner)
            | Expr::IsNotFalse(inner) => self.walk(inner, optional, columns),
            Expr::Between {
                expr: inner,
                low,
                high,
                ..
            } => {
                self.walk(inner, optional, columns);
                self.walk(low, optional, columns);
                self.walk(high, optional, columns);
            }
            Expr::In {
                expr: inner,
                target,
                ..
            } => {
                self.walk(inner, optional, columns);
                match target {
                    InTarget::List(list) => {
                        for item in list {
                            self.walk(item, optional, columns);
                        }
                    }
                    InTarget::Subquery(query) => self.query(query),
                    _ => {}
                }
            }
            Expr::Function(function) => match &function.args {
                FunctionArguments::List(list) => {
                    for arg in &list.args {
                        if let FunctionArg::Unnamed(FunctionArgExpr::Expr(arg))
                        | FunctionArg::Named {
                            arg: FunctionArgExpr::Expr(arg),
                            ..
                        }
                        | FunctionArg::ExprNamed {
                            arg: FunctionArgExpr::Expr(arg),
                            ..
                        } = arg
                        {
                            self.walk(arg, optional, columns);
                        }
                    }
                }
                FunctionArguments::Subquery(query) => self.query(query),
                FunctionArguments::None => {}
            },
            Expr::Case {
                operand,
                conditions,
                else_result,
                ..
            } => {
                for inner in operand.iter().chain(else_result) {
                    self.walk(inner, optional, columns);
                }
                for when in conditions {
                    self.walk(&when.condition, optional, columns);
                    self.walk(&when.result, optional, columns);
                }
            }
            Expr::Exists { subquery, .. } | Expr::Subquery(subquery) => self.query(subquery),
            Expr::Tuple(items) => {
                for item in items {
                    self.walk(item, optional, columns);
                }
            }
            _ => {}
        }
    }

    /// `expr` as a column reference, with its range; None for anything
    /// else, a hole included (it stands for a value).
    fn column(&self, expr: &Expr) -> Option<(ColumnRef, ByteRange)> {
        let (qualifier, name, first) = match expr {
            Expr::Identifier(ident) => (None, ident, ident),
            Expr::CompoundIdentifier(parts) => {
                let (name, qualifiers) = parts.split_last()?;
                (qualifiers.last(), name, parts.first()?)
            }
            Expr::Nested(inner) | Expr::Collate { expr: inner, .. } => return self.column(inner),
            _ => return None,
        };
        if name.value == HOLE {
            return None;
        }
        let table = match qualifier {
            Some(qualifier) => self.qualified_table(&qualifier.value),
            None => self.unqualified_table(),
        };
        let range = self
            .lexed
            .idents_range(first, name)
            .unwrap_or_else(|| self.fallback_range.clone());
        Some((
            ColumnRef {
                table,
                column: name.value.clone(),
            },
            range,
        ))
    }

    /// An alias or table name resolved from the innermost scope outwards; a
    /// name no scope knows is taken as a table's.
    fn qualified_table(&self, qualifier: &str) -> Option<String> {
        if qualifier == HOLE {
            return None;
        }
        for scope in self.scopes.iter().rev() {
            if let Some(relation) = scope.relations.iter().find(|relation| {
                relation
                    .qualifier
                    .as_deref()
                    .is_some_and(|q| q.eq_ignore_ascii_case(qualifier))
            }) {
                return relation.table.clone();
            }
        }
        let common = self
            .common_tables
            .iter()
            .any(|common| common.eq_ignore_ascii_case(qualifier));
        (!common).then(|| qualifier.to_string())
    }

    /// The table of an unqualified column: the only one in its scope.
    fn unqualified_table(&self) -> Option<String> {
        match self.scopes.last()?.relations.as_slice() {
            [only] => only.table.clone(),
            _ => None,
        }
    }

    fn operand(&self, expr: &Expr) -> Operand {
        match expr {
            Expr::Value(value) => match &value.value {
                Value::Number(digits, _) => Operand::Literal(digits.clone()),
                // `'$name'` in a template is a value bound at run time.
                Value::SingleQuotedString(text) if text.contains(HOLE) => Operand::Parameter,
                Value::SingleQuotedString(text) => {
                    Operand::Literal(format!("'{}'", text.replace('\'', "''")))
                }
                Value::Boolean(true) => Operand::Literal("1".to_string()),
                Value::Boolean(false) => Operand::Literal("0".to_string()),
                Value::Null => Operand::Literal("NULL".to_string()),
                Value::Placeholder(_) => Operand::Parameter,
                _ => Operand::Other,
            },
            Expr::Identifier(ident) if ident.value == HOLE => Operand::Parameter,
            Expr::UnaryOp {
                op: op @ (UnaryOperator::Minus | UnaryOperator::Plus),
                expr: inner,
            } => match (op, inner.as_ref()) {
                (UnaryOperator::Minus, Expr::Value(value)) => match &value.value {
                    Value::Number(digits, _) => Operand::Literal(format!("-{digits}")),
                    _ => Operand::Other,
                },
                (_, Expr::Value(value)) if matches!(value.value, Value::Number(..)) => {
                    self.operand(inner)
                }
                _ => Operand::Other,
            },
            Expr::Nested(inner) => self.operand(inner),
            _ => Operand::Other,
        }
    }
}

fn equals(literal: &str) -> FilterTest {
    FilterTest::EqualsConstant(literal.to_string())
}

fn not_equals(literal: &str) -> FilterTest {
    FilterTest::NotEqualsConstant(literal.to_string())
}

/// SQLDelight puts a label line (`selectAll:`) before each named statement
/// and `import` lines at the top; both become a `;` and spaces, so they split
/// statements without joining any, and every offset stays the same.
fn mask_sqldelight_lines(text: &str) -> String {
    let mut masked = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        if is_sqldelight_label(content) || is_sqldelight_import(content) {
            masked.push(';');
            masked.extend(std::iter::repeat_n(' ', content.len().saturating_sub(1)));
            masked.push_str(&line[content.len()..]);
        } else {
            masked.push_str(line);
        }
    }
    masked
}

fn is_sqldelight_label(line: &str) -> bool {
    let Some(name) = line.trim().strip_suffix(':') else {
        return false;
    };
    let name = name.trim_end();
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn is_sqldelight_import(line: &str) -> bool {
    let Some(path) = line.trim().strip_prefix("import") else {
        return false;
    };
    let path = path.trim_end_matches(';').trim_end();
    path.starts_with([' ', '\t'])
        && path
            .trim_start()
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '*')
        && !path.trim().is_empty()
}

/// Types compare without case in SQLite; a hole keeps its spelling so
/// that rules still see it.
fn upper_case_type(written: String) -> String {
    written
        .to_ascii_uppercase()
        .replace(&HOLE.to_ascii_uppercase(), HOLE)
}

/// Whether `token` ends a column's type: SQLite's type is every word up to
/// the first column constraint.
fn starts_column_constraint(token: &Token) -> bool {
    matches!(
        plain_keyword(token),
        Some(
            Keyword::CONSTRAINT
                | Keyword::PRIMARY
                | Keyword::NOT
                | Keyword::NULL
                | Keyword::UNIQUE
                | Keyword::CHECK
                | Keyword::DEFAULT
                | Keyword::COLLATE
                | Keyword::REFERENCES
                | Keyword::GENERATED
                | Keyword::AS
        )
    )
}

/// One definition in a CREATE TABLE's column list, as tokens.
struct ColumnSegment {
    /// None for a table constraint (`PRIMARY KEY (a, b)`).
    name: Option<String>,
    /// Indices of its significant tokens, the name's included.
    tokens: Vec<usize>,
    /// Token indices of the declared type.
    type_tokens: Vec<usize>,
    /// Token index of the column's AUTOINCREMENT keyword.
    autoincrement: Option<usize>,
}

#[derive(Default)]
struct ColumnConstraints {
    primary_key: bool,
    unique: bool,
    references: bool,
    default: Option<String>,
}

enum TableConstraintKind {
    PrimaryKey(Vec<String>),
    Unique(Vec<String>),
    ForeignKey(Vec<String>),
}

/// What the splitter needs to know about the statement read so far.
#[derive(Default)]
struct StatementShape {
    significant_seen: usize,
    create: bool,
    temporary: bool,
    trigger: TriggerState,
}

#[derive(Default, Clone, Copy, PartialEq, Eq)]
enum TriggerState {
    #[default]
    NotTrigger,
    Header,
    /// Inside `BEGIN ... END`; a CASE expression has its own END.
    Body {
        case_depth: usize,
    },
    Done,
}

impl StatementShape {
    fn note(&mut self, token: &Token) {
        let position = self.significant_seen;
        self.significant_seen += 1;
        let keyword = plain_keyword(token);
        self.trigger = match (self.trigger, keyword) {
            (TriggerState::NotTrigger, Some(Keyword::CREATE)) if position == 0 => {
                self.create = true;
                TriggerState::NotTrigger
            }
            (TriggerState::NotTrigger, Some(Keyword::TEMP | Keyword::TEMPORARY))
                if self.create && position == 1 =>
            {
                self.temporary = true;
                TriggerState::NotTrigger
            }
            (TriggerState::NotTrigger, Some(Keyword::TRIGGER))
                if self.create && (position == 1 || (position == 2 && self.temporary)) =>
            {
                TriggerState::Header
            }
            (TriggerState::Header, Some(Keyword::BEGIN)) => TriggerState::Body { case_depth: 0 },
            (TriggerState::Body { case_depth }, Some(Keyword::CASE)) => TriggerState::Body {
                case_depth: case_depth + 1,
            },
            (TriggerState::Body { case_depth: 0 }, Some(Keyword::END)) => TriggerState::Done,
            (TriggerState::Body { case_depth }, Some(Keyword::END)) => TriggerState::Body {
                case_depth: case_depth - 1,
            },
            (state, _) => state,
        };
    }

    fn in_trigger_body(&self) -> bool {
        matches!(self.trigger, TriggerState::Body { .. })
    }
}

fn word(token: &Token) -> Option<&Word> {
    match token {
        Token::Word(word) => Some(word),
        _ => None,
    }
}

/// The keyword of an unquoted word (`NoKeyword` for a plain identifier).
fn plain_keyword(token: &Token) -> Option<Keyword> {
    word(token)
        .filter(|word| word.quote_style.is_none())
        .map(|word| word.keyword)
}

/// Turns the tokenizer's 1-based (line, column) locations into byte offsets.
/// It replays the tokenizer's own counting (a column per char, a new line
/// after each `\n`, so the `\r` of a CRLF is the line's last column) and only
/// moves forward, as token locations do, so a whole string costs one pass.
struct LocationCursor<'a> {
    text: &'a str,
    offset: usize,
    line: u64,
    column: u64,
}

impl<'a> LocationCursor<'a> {
    fn new(text: &'a str) -> LocationCursor<'a> {
        LocationCursor {
            text,
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    fn offset(&mut self, location: Location) -> usize {
        let target = (location.line, location.column);
        if target < (self.line, self.column) {
            *self = LocationCursor::new(self.text);
        }
        while (self.line, self.column) < target {
            let Some(ch) = self
                .text
                .get(self.offset..)
                .and_then(|rest| rest.chars().next())
            else {
                break;
            };
            self.offset += ch.len_utf8();
            if ch == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::StrBuilder;
    use crate::source::Language;

    /// SQL that is the whole host file (a `.sql` file's mapping).
    fn plain(sql: &str) -> StrLit {
        StrLit {
            value: sql.to_string(),
            map: SourceMap::Identity { offset: 0 },
            has_holes: false,
        }
    }

    fn facts_of(sql: &str) -> Vec<SqlFact> {
        facts(&plain(sql))
    }

    fn only_fact(sql: &str) -> SqlFact {
        let mut all = facts_of(sql);
        assert_eq!(all.len(), 1, "{sql:?} gave {all:#?}");
        all.remove(0)
    }

    fn pragma_of(sql: &str) -> Pragma {
        match only_fact(sql).kind {
            SqlFactKind::Pragma(pragma) => pragma,
            other => panic!("{sql:?} is not a pragma: {other:?}"),
        }
    }

    fn table_of(sql: &str) -> CreateTable {
        match only_fact(sql).kind {
            SqlFactKind::CreateTable(table) => table,
            other => panic!("{sql:?} is not a CREATE TABLE: {other:?}"),
        }
    }

    fn verbs(sql: &str) -> Vec<String> {
        facts_of(sql)
            .into_iter()
            .map(|fact| match fact.kind {
                SqlFactKind::Other { verb } => verb,
                SqlFactKind::Pragma(_) => "PRAGMA".to_string(),
                SqlFactKind::Vacuum { .. } => "VACUUM".to_string(),
                SqlFactKind::CreateTable(_) => "CREATE TABLE".to_string(),
                SqlFactKind::CreateIndex(_) => "CREATE INDEX".to_string(),
                SqlFactKind::DropIndex { .. } => "DROP INDEX".to_string(),
                SqlFactKind::DropTable { .. } => "DROP TABLE".to_string(),
                SqlFactKind::AlterTable { .. } => "ALTER TABLE".to_string(),
                SqlFactKind::GeneratedKey { .. } => "GENERATED KEY".to_string(),
                SqlFactKind::TableDecl { .. } => "TABLE DECL".to_string(),
                SqlFactKind::Query(query) => format!("{:?}", query.verb).to_ascii_uppercase(),
            })
            .collect()
    }

    /// The byte range of the `nth` (0-based) occurrence of `needle`.
    fn nth(haystack: &str, needle: &str, nth: usize) -> ByteRange {
        let start = haystack
            .match_indices(needle)
            .nth(nth)
            .unwrap_or_else(|| panic!("{needle:?} #{nth} not in {haystack:?}"))
            .0;
        start..start + needle.len()
    }

    fn first(haystack: &str, needle: &str) -> ByteRange {
        nth(haystack, needle, 0)
    }

    fn value(text: &str, range: ByteRange, is_hole: bool) -> Option<PragmaValue> {
        Some(PragmaValue {
            text: text.to_string(),
            range,
            is_hole,
        })
    }

    fn index_of(sql: &str) -> CreateIndex {
        match only_fact(sql).kind {
            SqlFactKind::CreateIndex(index) => index,
            other => panic!("{sql:?} is not a CREATE INDEX: {other:?}"),
        }
    }

    fn query_of(sql: &str) -> Query {
        match only_fact(sql).kind {
            SqlFactKind::Query(query) => query,
            other => panic!("{sql:?} is not a query: {other:?}"),
        }
    }

    /// Each filter of a query's WHERE as (column, test, optional).
    fn filter_tests(sql: &str) -> Vec<(String, FilterTest, bool)> {
        query_of(sql)
            .filters
            .into_iter()
            .map(|f| (f.column.column, f.test, f.optional))
            .collect()
    }

    fn indexed(name: &str, range: ByteRange, descending: bool, expression: bool) -> IndexedColumn {
        IndexedColumn {
            name: name.to_string(),
            range,
            descending,
            expression,
            collation: None,
        }
    }

    fn collated(column: IndexedColumn, collation: &str) -> IndexedColumn {
        IndexedColumn {
            collation: Some(collation.to_string()),
            ..column
        }
    }

    fn column_ref(table: Option<&str>, column: &str) -> ColumnRef {
        ColumnRef {
            table: table.map(str::to_string),
            column: column.to_string(),
        }
    }

    fn filter(
        table: Option<&str>,
        column: &str,
        test: FilterTest,
        optional: bool,
        range: ByteRange,
    ) -> ColumnFilter {
        ColumnFilter {
            column: column_ref(table, column),
            test,
            optional,
            range,
        }
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| item.to_string()).collect()
    }

    #[test]
    fn create_unique_index_with_schema_desc_and_quoted_column() {
        let sql = "CREATE UNIQUE INDEX IF NOT EXISTS main.idx_notes ON notes (updated_at DESC, \"owner id\" ASC);";
        assert_eq!(
            index_of(sql),
            CreateIndex {
                name: "idx_notes".to_string(),
                name_range: first(sql, "idx_notes"),
                table: "notes".to_string(),
                columns: vec![
                    indexed("updated_at", first(sql, "updated_at"), true, false),
                    indexed("owner id", first(sql, "\"owner id\""), false, false),
                ],
                unique: true,
                predicate: None,
                declared_by_api: false,
                api_flag: None,
                if_not_exists: true,
            }
        );
    }

    #[test]
    fn create_index_with_quoted_names_and_schema_on_the_table() {
        let sql = "create index [my idx] on `my table`(\"a\")";
        let index = index_of(sql);
        assert_eq!(index.name, "my idx");
        assert_eq!(index.name_range, first(sql, "[my idx]"));
        assert_eq!(index.table, "my table");
        assert_eq!(
            index.columns,
            vec![indexed("a", first(sql, "\"a\""), false, false)]
        );
        assert!(!index.unique);
        assert_eq!(index_of("CREATE INDEX i ON main.t (a)").table, "t");
    }

    #[test]
    fn partial_index_keeps_its_predicate_as_written() {
        let sql = "CREATE INDEX idx_active ON notes (archived, updated_at)\n  WHERE archived = 0 AND  deleted_at IS NULL;";
        let index = index_of(sql);
        assert_eq!(
            index.predicate.as_deref(),
            Some("archived = 0 AND  deleted_at IS NULL")
        );
        assert_eq!(
            index.columns,
            vec![
                indexed("archived", first(sql, "archived"), false, false),
                indexed("updated_at", first(sql, "updated_at"), false, false),
            ]
        );
    }

    #[test]
    fn expression_index_entries_are_flagged_and_collations_kept_apart() {
        let sql = "CREATE INDEX i ON people (lower(name) COLLATE NOCASE DESC, email COLLATE nocase, (a + b))";
        let index = index_of(sql);
        assert_eq!(
            index.columns,
            vec![
                collated(
                    indexed("lower(name)", first(sql, "lower(name)"), true, true),
                    "NOCASE"
                ),
                collated(
                    indexed("email", first(sql, "email"), false, false),
                    "NOCASE"
                ),
                indexed("(a + b)", first(sql, "(a + b)"), false, true),
            ]
        );
    }

    #[test]
    fn unparsable_create_index_is_other() {
        for sql in [
            "CREATE INDEX i ON",
            "CREATE INDEX i ON t ()",
            "CREATE INDEX ON t (a)",
        ] {
            assert_eq!(
                only_fact(sql).kind,
                SqlFactKind::Other {
                    verb: "CREATE INDEX".to_string()
                },
                "{sql}"
            );
        }
    }

    #[test]
    fn create_table_column_constraints_defaults_and_table_constraints() {
        let sql = "CREATE TABLE jobs (\n\
                   id INTEGER PRIMARY KEY,\n\
                   url TEXT NOT NULL UNIQUE,\n\
                   state TEXT NOT NULL DEFAULT 'pending',\n\
                   archived BOOLEAN DEFAULT 0,\n\
                   score REAL DEFAULT -1.5,\n\
                   note TEXT DEFAULT NULL CHECK (note <> 'UNIQUE'),\n\
                   created INTEGER DEFAULT (strftime('%s', 'now')),\n\
                   owner INTEGER REFERENCES users(id) ON DELETE SET DEFAULT,\n\
                   UNIQUE (owner, state)\n\
                   )";
        let table = table_of(sql);
        let summary: Vec<(&str, bool, bool, Option<&str>)> = table
            .columns
            .iter()
            .map(|c| {
                (
                    c.name.as_str(),
                    c.primary_key,
                    c.unique,
                    c.default.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            vec![
                ("id", true, false, None),
                ("url", false, true, None),
                ("state", false, false, Some("'pending'")),
                ("archived", false, false, Some("0")),
                ("score", false, false, Some("-1.5")),
                ("note", false, false, Some("NULL")),
                ("created", false, false, Some("(strftime('%s', 'now'))")),
                ("owner", false, false, None),
            ]
        );
        assert_eq!(table.columns[3].declared_type.as_deref(), Some("BOOLEAN"));
        assert_eq!(table.primary_key, strings(&["id"]));
        assert_eq!(
            table.unique_constraints,
            vec![strings(&["url"]), strings(&["owner", "state"])]
        );
        assert!(!table.without_rowid);
    }

    #[test]
    fn create_table_composite_primary_key_and_without_rowid() {
        let sql = "CREATE TABLE tags (note INTEGER NOT NULL, tag TEXT, \
                   CONSTRAINT pk PRIMARY KEY (note, tag COLLATE NOCASE), \
                   CONSTRAINT u UNIQUE (\"tag\")) WITHOUT ROWID";
        let table = table_of(sql);
        assert_eq!(table.primary_key, strings(&["note", "tag"]));
        assert_eq!(table.unique_constraints, vec![strings(&["tag"])]);
        assert!(table.without_rowid);
        assert!(table.columns.iter().all(|c| !c.primary_key && !c.unique));
    }

    #[test]
    fn temp_tables_are_told_by_keyword_or_schema() {
        assert!(table_of("CREATE TEMP TABLE t (a INTEGER)").temporary);
        assert!(table_of("CREATE TEMPORARY TABLE IF NOT EXISTS t (a)").temporary);
        assert!(table_of("CREATE TABLE temp.t (a INTEGER)").temporary);
        // Read from the tokens alone (`STRICT`), the keyword still counts.
        assert!(table_of("CREATE TEMP TABLE t (a unsigned big int) STRICT").temporary);
        assert!(!table_of("CREATE TABLE temp_t (a INTEGER)").temporary);
        assert!(!table_of("CREATE TABLE main.t (a INTEGER)").temporary);
    }

    #[test]
    fn create_table_read_from_tokens_alone_has_constraints_too() {
        // `unsigned big int` and `STRICT` send the reading to the tokens.
        let sql = "CREATE TABLE t (a unsigned big int PRIMARY KEY DEFAULT +7, \
                   b Foo Bar UNIQUE DEFAULT 'x', c) STRICT, WITHOUT ROWID";
        let table = table_of(sql);
        assert_eq!(
            table.columns,
            vec![
                ColumnFact {
                    name: "a".to_string(),
                    declared_type: Some("UNSIGNED BIG INT".to_string()),
                    autoincrement: None,
                    primary_key: true,
                    unique: false,
                    references: false,
                    default: Some("+7".to_string()),
                },
                ColumnFact {
                    name: "b".to_string(),
                    declared_type: Some("FOO BAR".to_string()),
                    autoincrement: None,
                    primary_key: false,
                    unique: true,
                    references: false,
                    default: Some("'x'".to_string()),
                },
                ColumnFact {
                    name: "c".to_string(),
                    declared_type: None,
                    autoincrement: None,
                    primary_key: false,
                    unique: false,
                    references: false,
                    default: None,
                },
            ]
        );
        assert_eq!(table.primary_key, strings(&["a"]));
        assert_eq!(table.unique_constraints, vec![strings(&["b"])]);
        assert!(table.without_rowid);
    }

    #[test]
    fn select_with_constant_filter_and_order_by() {
        let sql = "SELECT * FROM notes WHERE archived = 0 ORDER BY updated_at DESC";
        assert_eq!(
            query_of(sql),
            Query {
                verb: QueryVerb::Select,
                tables: strings(&["notes"]),
                filters: vec![filter(
                    Some("notes"),
                    "archived",
                    equals("0"),
                    false,
                    first(sql, "archived")
                )],
                writes: Vec::new(),
                ordered_by: vec![column_ref(Some("notes"), "updated_at")],
            }
        );
    }

    #[test]
    fn null_tests_and_parameters() {
        let sql = "SELECT id FROM notes WHERE deleted_at IS NULL AND title IS NOT NULL";
        assert_eq!(
            query_of(sql).filters,
            vec![
                filter(
                    Some("notes"),
                    "deleted_at",
                    FilterTest::IsNull,
                    false,
                    first(sql, "deleted_at")
                ),
                filter(
                    Some("notes"),
                    "title",
                    FilterTest::IsNotNull,
                    false,
                    first(sql, "title")
                ),
            ]
        );
        let sql = "SELECT * FROM jobs WHERE state = 'pending' AND owner = ?";
        assert_eq!(
            query_of(sql).filters,
            vec![
                filter(
                    Some("jobs"),
                    "state",
                    equals("'pending'"),
                    false,
                    first(sql, "state")
                ),
                filter(
                    Some("jobs"),
                    "owner",
                    FilterTest::Parameter,
                    false,
                    first(sql, "owner")
                ),
            ]
        );
        let sql = "SELECT * FROM pages WHERE url = ?1";
        let tests: Vec<FilterTest> = query_of(sql).filters.into_iter().map(|f| f.test).collect();
        assert_eq!(tests, vec![FilterTest::Parameter]);
        for parameter in [":url", "@url", "$url", HOLE] {
            let sql = format!("SELECT * FROM pages WHERE url = {parameter}");
            let tests: Vec<FilterTest> =
                query_of(&sql).filters.into_iter().map(|f| f.test).collect();
            assert_eq!(tests, vec![FilterTest::Parameter], "{sql}");
        }
    }

    #[test]
    fn ranges_or_and_not_make_filters_optional() {
        let sql = "SELECT * FROM events WHERE created < CURRENT_TIMESTAMP AND day >= date('now')";
        let tests: Vec<(String, FilterTest)> = query_of(sql)
            .filters
            .into_iter()
            .map(|f| (f.column.column, f.test))
            .collect();
        assert_eq!(
            tests,
            vec![
                ("created".to_string(), FilterTest::Range),
                ("day".to_string(), FilterTest::Range),
            ]
        );
        let sql = "SELECT * FROM events WHERE created > ?";
        assert_eq!(
            query_of(sql).filters,
            vec![filter(
                Some("events"),
                "created",
                FilterTest::Range,
                false,
                first(sql, "created")
            )]
        );
        let sql = "SELECT * FROM t WHERE a = 1 OR b = 2";
        assert_eq!(
            query_of(sql).filters,
            vec![
                filter(
                    Some("t"),
                    "a",
                    equals("1"),
                    true,
                    first(sql, "a =").start..first(sql, "a =").start + 1
                ),
                filter(
                    Some("t"),
                    "b",
                    equals("2"),
                    true,
                    first(sql, "b =").start..first(sql, "b =").start + 1
                ),
            ]
        );
        let sql = "SELECT * FROM t WHERE k = 3 AND NOT (x <> 'it''s') AND y BETWEEN 1 AND 5 \
                   AND z LIKE 'ab%' AND w GLOB 'a*' AND -1 = v AND u IS NOT 0 AND s IS TRUE";
        let tests = filter_tests(sql);
        assert_eq!(
            tests,
            vec![
                ("k".to_string(), equals("3"), false),
                ("x".to_string(), not_equals("'it''s'"), true),
                ("y".to_string(), FilterTest::Range, false),
                ("z".to_string(), FilterTest::Range, false),
                ("w".to_string(), FilterTest::Range, false),
                ("v".to_string(), equals("-1"), false),
                ("u".to_string(), not_equals("0"), false),
                ("s".to_string(), equals("1"), false),
            ]
        );
    }

    #[test]
    fn update_reads_where_and_writes_and_delete_normalises_booleans() {
        let sql = "UPDATE jobs SET state = 'done' WHERE state = 'pending' AND id = :id";
        assert_eq!(
            query_of(sql),
            Query {
                verb: QueryVerb::Update,
                tables: strings(&["jobs"]),
                filters: vec![
                    filter(
                        Some("jobs"),
                        "state",
                        equals("'pending'"),
                        false,
                        nth(sql, "state", 1)
                    ),
                    filter(
                        Some("jobs"),
                        "id",
                        FilterTest::Parameter,
                        false,
                        first(sql, "id =").start..first(sql, "id =").start + 2
                    ),
                ],
                writes: vec![ColumnWrite {
                    column: column_ref(Some("jobs"), "state"),
                    value: Some("'done'".to_string()),
                }],
                ordered_by: vec![],
            }
        );
        let sql = "DELETE FROM t WHERE flag = TRUE";
        assert_eq!(
            query_of(sql),
            Query {
                verb: QueryVerb::Delete,
                tables: strings(&["t"]),
                filters: vec![filter(
                    Some("t"),
                    "flag",
                    equals("1"),
                    false,
                    first(sql, "flag")
                )],
                writes: Vec::new(),
                ordered_by: vec![],
            }
        );
    }

    #[test]
    fn join_with_aliases_resolves_qualified_columns() {
        let sql = "SELECT n.id FROM main.notes n JOIN tags AS t ON t.note = n.id \
                   WHERE n.archived = 0 AND kind = 2 ORDER BY t.name, n.updated_at";
        assert_eq!(
            query_of(sql),
            Query {
                verb: QueryVerb::Select,
                tables: strings(&["notes", "tags"]),
                filters: vec![
                    filter(
                        Some("notes"),
                        "archived",
                        equals("0"),
                        false,
                        first(sql, "n.archived")
                    ),
                    filter(None, "kind", equals("2"), false, first(sql, "kind")),
                ],
                writes: Vec::new(),
                ordered_by: vec![
                    column_ref(Some("tags"), "name"),
                    column_ref(Some("notes"), "updated_at"),
                ],
            }
        );
    }

    #[test]
    fn in_lists_and_subqueries() {
        let sql =
            "SELECT id FROM jobs WHERE state IN ('pending', 'running') AND kind NOT IN (1, 2) \
                   AND owner IN (?, ?) AND id IN (SELECT job FROM runs WHERE ok = 0) \
                   AND EXISTS (SELECT 1 FROM tags t WHERE t.job = jobs.id AND t.name = 'x')";
        let query = query_of(sql);
        assert_eq!(query.tables, strings(&["jobs", "runs", "tags"]));
        let tests: Vec<(Option<String>, String, FilterTest)> = query
            .filters
            .into_iter()
            .map(|f| (f.column.table, f.column.column, f.test))
            .collect();
        let jobs = Some("jobs".to_string());
        let tags = Some("tags".to_string());
        assert_eq!(
            tests,
            vec![
                (
                    jobs.clone(),
                    "state".to_string(),
                    FilterTest::InConstants(strings(&["'pending'", "'running'"]))
                ),
                (jobs.clone(), "kind".to_string(), FilterTest::Other),
                (jobs.clone(), "owner".to_string(), FilterTest::Parameter),
                (jobs.clone(), "id".to_string(), FilterTest::Other),
                (Some("runs".to_string()), "ok".to_string(), equals("0")),
                (tags.clone(), "job".to_string(), FilterTest::Other),
                (jobs.clone(), "id".to_string(), FilterTest::Other),
                (tags, "name".to_string(), equals("'x'")),
            ]
        );
        // SQLDelight's list parameter.
        let tests: Vec<FilterTest> = query_of("SELECT * FROM t WHERE id IN :ids AND k IN ?")
            .filters
            .into_iter()
            .map(|f| f.test)
            .collect();
        assert_eq!(tests, vec![FilterTest::Parameter, FilterTest::Parameter]);
    }

    #[test]
    fn functions_of_columns_and_column_comparisons_are_other() {
        let sql = "SELECT * FROM people WHERE lower(name) = 'bo' AND a = b AND c = d + 1";
        let tests: Vec<(String, FilterTest)> = query_of(sql)
            .filters
            .into_iter()
            .map(|f| (f.column.column, f.test))
            .collect();
        assert_eq!(
            tests,
            vec![
                ("name".to_string(), FilterTest::Other),
                ("a".to_string(), FilterTest::Other),
                ("b".to_string(), FilterTest::Other),
                ("d".to_string(), FilterTest::Other),
                ("c".to_string(), FilterTest::Other),
            ]
        );
    }

    #[test]
    fn insert_replace_and_with_queries() {
        let query = query_of("INSERT OR REPLACE INTO t (a) VALUES (1)");
        assert_eq!(query.verb, QueryVerb::Insert);
        assert_eq!(query.tables, strings(&["t"]));
        assert_eq!(
            query_of("REPLACE INTO t VALUES (1)").verb,
            QueryVerb::Replace
        );
        let query = query_of(
            "WITH recent AS (SELECT * FROM notes WHERE archived = 0) \
             INSERT INTO feed SELECT id FROM recent WHERE pinned = 1",
        );
        assert_eq!(query.verb, QueryVerb::Insert);
        assert_eq!(query.tables, strings(&["notes", "feed"]));
        let tests: Vec<(Option<String>, String)> = query
            .filters
            .into_iter()
            .map(|f| (f.column.table, f.column.column))
            .collect();
        assert_eq!(
            tests,
            vec![
                (Some("notes".to_string()), "archived".to_string()),
                (None, "pinned".to_string()),
            ]
        );
    }

    #[test]
    fn unparsable_queries_stay_other() {
        assert_eq!(
            verbs("SELECT * FROM t WHERE; INSERT INTO t VALUES; UPDATE SET; DELETE t t t"),
            vec!["SELECT", "INSERT", "UPDATE", "DELETE"]
        );
        for fact in facts_of("SELECT * FROM t WHERE; INSERT INTO t VALUES") {
            assert!(matches!(fact.kind, SqlFactKind::Other { .. }), "{fact:?}");
        }
    }

    #[test]
    fn query_ranges_map_through_an_escape_before_the_column() {
        // Host (Kotlin): db.rawQuery("SELECT * FROM notes\n WHERE \"archived\" = 0", null)
        let host = r#"db.rawQuery("SELECT * FROM notes\n WHERE \"archived\" = 0", null)"#;
        let body = first(host, "SELECT").start;
        let newline = first(host, r"\n");
        let open_quote = first(host, r#"\""#);
        let close_quote = nth(host, r#"\""#, 1);
        let mut builder = StrBuilder::new();
        builder.verbatim("SELECT * FROM notes", body);
        builder.mapped("\n", newline.clone());
        builder.verbatim(" WHERE ", newline.end);
        builder.mapped("\"", open_quote.clone());
        builder.verbatim("archived", open_quote.end);
        builder.mapped("\"", close_quote.clone());
        builder.verbatim(" = 0", close_quote.end);
        let lit = builder.finish();
        assert_eq!(lit.value, "SELECT * FROM notes\n WHERE \"archived\" = 0");
        let all = facts(&lit);
        assert_eq!(all.len(), 1);
        let SqlFactKind::Query(query) = &all[0].kind else {
            panic!("{:?}", all[0].kind);
        };
        assert_eq!(
            query.filters,
            vec![filter(
                Some("notes"),
                "archived",
                equals("0"),
                false,
                open_quote.start..close_quote.end
            )]
        );
    }

    #[test]
    fn index_ranges_map_through_escapes_and_holes() {
        // Host (Swift): "CREATE INDEX \u{69}dx ON \(table) (a)"
        let host = r#"db.execute("CREATE INDEX \u{69}dx ON \(table) (a) WHERE a > 0")"#;
        let body = first(host, "CREATE").start;
        let escape = first(host, r"\u{69}");
        let hole = first(host, r"\(table)");
        let mut builder = StrBuilder::new();
        builder.verbatim("CREATE INDEX ", body);
        builder.mapped("i", escape.clone());
        builder.verbatim("dx ON ", escape.end);
        builder.hole(hole.clone());
        builder.verbatim(" (a) WHERE a > 0", hole.end);
        let all = facts(&builder.finish());
        let SqlFactKind::CreateIndex(index) = &all[0].kind else {
            panic!("{:?}", all[0].kind);
        };
        assert_eq!(index.name, "idx");
        assert_eq!(
            index.name_range,
            escape.start..first(host, "dx ON").start + 2
        );
        assert_eq!(index.table, HOLE);
        assert_eq!(
            index.columns,
            vec![indexed(
                "a",
                first(host, "(a)").start + 1..first(host, "(a)").end - 1,
                false,
                false
            )]
        );
        assert_eq!(index.predicate.as_deref(), Some("a > 0"));
    }

    #[test]
    fn holes_as_values_and_as_tables() {
        // Host (Kotlin): "SELECT * FROM $table WHERE id = ${note.id} AND name = '$name'"
        let host = r#"val q = "SELECT * FROM $table WHERE id = ${note.id} AND kind = '$kind'""#;
        let table_hole = first(host, "$table");
        let id_hole = first(host, "${note.id}");
        let kind_hole = first(host, "$kind");
        let mut builder = StrBuilder::new();
        builder.verbatim("SELECT * FROM ", first(host, "SELECT").start);
        builder.hole(table_hole.clone());
        builder.verbatim(" WHERE id = ", table_hole.end);
        builder.hole(id_hole.clone());
        builder.verbatim(" AND kind = '", id_hole.end);
        builder.hole(kind_hole.clone());
        builder.verbatim("'", kind_hole.end);
        let all = facts(&builder.finish());
        let SqlFactKind::Query(query) = &all[0].kind else {
            panic!("{:?}", all[0].kind);
        };
        assert_eq!(query.tables, Vec::<String>::new());
        assert_eq!(
            query.filters,
            vec![
                filter(
                    None,
                    "id",
                    FilterTest::Parameter,
                    false,
                    first(host, "id =").start..first(host, "id =").start + 2
                ),
                filter(
                    None,
                    "kind",
                    FilterTest::Parameter,
                    false,
                    first(host, "kind =").start..first(host, "kind =").start + 4
                ),
            ]
        );
        let sql = format!("SELECT * FROM notes WHERE id = {HOLE}");
        assert_eq!(
            query_of(&sql).filters,
            vec![filter(
                Some("notes"),
                "id",
                FilterTest::Parameter,
                false,
                first(&sql, "id =").start..first(&sql, "id =").start + 2
            )]
        );
    }

    #[test]
    fn sqldelight_file_labels_split_statements_and_imports_are_ignored() {
        let text = "import com.example.Status;\n\
                    import kotlin.Boolean;\n\
                    \n\
                    CREATE TABLE hockeyPlayer (\n\
                    \x20 player_number INTEGER PRIMARY KEY NOT NULL,\n\
                    \x20 full_name TEXT NOT NULL,\n\
                    \x20 retired INTEGER AS Boolean NOT NULL DEFAULT 0\n\
                    );\n\
                    \n\
                    CREATE INDEX hockeyPlayer_full_name ON hockeyPlayer(full_name);\n\
                    \n\
                    -- Active players first.\n\
                    selectAll:\n\
                    SELECT *\n\
                    FROM hockeyPlayer\n\
                    WHERE retired = 0\n\
                    ORDER BY full_name\n\
                    \n\
                    byNumbers :\r\n\
                    SELECT * FROM hockeyPlayer WHERE player_number IN ? AND full_name = :name\n";
        let file = SourceFile::from_text("src/main/sqldelight/Player.sq", Language::Sql, text);
        assert_eq!(Language::from_path(&file.path), Some(Language::Sql));
        let model = lower(&file).expect("lowers");
        let lit = model.str_lit(crate::model::NodeId(0)).expect("a Str node");
        assert_eq!(lit.value.len(), text.len());
        assert!(!lit.value.contains("selectAll:"));
        let all = &model.sql_facts;
        let kinds: Vec<String> = all
            .iter()
            .map(|fact| match &fact.kind {
                SqlFactKind::CreateTable(table) => format!("table {}", table.name),
                SqlFactKind::CreateIndex(index) => format!("index {}", index.name),
                SqlFactKind::Query(query) => format!("{:?}", query.verb),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            vec![
                "table hockeyPlayer",
                "index hockeyPlayer_full_name",
                "Select",
                "Select"
            ]
        );
        let SqlFactKind::CreateTable(table) = &all[0].kind else {
            unreachable!()
        };
        assert_eq!(table.primary_key, strings(&["player_number"]));
        assert_eq!(table.columns[2].declared_type.as_deref(), Some("INTEGER"));
        assert_eq!(table.columns[2].default.as_deref(), Some("0"));
        let select_all = first(text, "SELECT *\nFROM");
        assert_eq!(all[2].keyword_range, select_all.start..select_all.start + 6);
        assert_eq!(
            all[2].statement_range,
            select_all.start..first(text, "ORDER BY full_name").end
        );
        let SqlFactKind::Query(query) = &all[2].kind else {
            unreachable!()
        };
        assert_eq!(
            query.filters,
            vec![filter(
                Some("hockeyPlayer"),
                "retired",
                equals("0"),
                false,
                nth(text, "retired", 1)
            )]
        );
        assert_eq!(
            query.ordered_by,
            vec![column_ref(Some("hockeyPlayer"), "full_name")]
        );
        let SqlFactKind::Query(query) = &all[3].kind else {
            unreachable!()
        };
        let tests: Vec<(&str, &FilterTest, ByteRange)> = query
            .filters
            .iter()
            .map(|f| (f.column.column.as_str(), &f.test, f.range.clone()))
            .collect();
        assert_eq!(
            tests,
            vec![
                (
                    "player_number",
                    &FilterTest::Parameter,
                    nth(text, "player_number", 1)
                ),
                (
                    "full_name",
                    &FilterTest::Parameter,
                    nth(text, "full_name", 4)
                ),
            ]
        );
        assert_eq!(all[3].statement_range.end, text.len() - 1);
        let comments: Vec<&str> = model.comments.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(comments, vec!["-- Active players first."]);
    }

    #[test]
    fn labels_are_statement_text_in_a_plain_sql_file() {
        let file = SourceFile::from_text("m.sql", Language::Sql, "selectAll:\nSELECT 1;");
        let model = lower(&file).expect("lowers");
        assert_eq!(model.sql_facts.len(), 0, "{:?}", model.sql_facts);
    }

    #[test]
    fn pragma_with_bare_word_value() {
        let sql = "PRAGMA journal_mode=WAL";
        assert_eq!(
            only_fact(sql),
            SqlFact {
                kind: SqlFactKind::Pragma(Pragma {
                    schema: None,
                    name: "journal_mode".to_string(),
                    name_range: first(sql, "journal_mode"),
                    value: value("WAL", first(sql, "WAL"), false),
                }),
                keyword_range: 0..6,
                statement_range: 0..sql.len(),
            }
        );
    }

    #[test]
    fn pragma_with_schema_and_quoted_value() {
        let sql = "PRAGMA main.journal_mode = 'delete';";
        let pragma = pragma_of(sql);
        assert_eq!(pragma.schema.as_deref(), Some("main"));
        assert_eq!(pragma.name, "journal_mode");
        assert_eq!(pragma.name_range, first(sql, "journal_mode"));
        assert_eq!(pragma.value, value("delete", first(sql, "'delete'"), false));
    }

    #[test]
    fn pragma_with_quoted_schema_and_name_is_unquoted_and_lower_cased() {
        let pragma = pragma_of(r#"PRAGMA "Main".[Journal_Mode] = "WAL""#);
        assert_eq!(pragma.schema.as_deref(), Some("Main"));
        assert_eq!(pragma.name, "journal_mode");
        assert_eq!(pragma.value.map(|v| v.text), Some("WAL".to_string()));
    }

    #[test]
    fn pragma_with_parenthesised_value() {
        let sql = "pragma Journal_Mode(TRUNCATE)";
        let pragma = pragma_of(sql);
        assert_eq!(pragma.name, "journal_mode");
        assert_eq!(
            pragma.value,
            value("TRUNCATE", first(sql, "TRUNCATE"), false)
        );
        let sql = "PRAGMA table_info(t)";
        assert_eq!(
            pragma_of(sql).value,
            value(
                "t",
                first(sql, "t)").start..first(sql, "t)").start + 1,
                false
            )
        );
    }

    #[test]
    fn pragma_query_has_no_value() {
        let sql = "PRAGMA journal_mode;";
        let fact = only_fact(sql);
        assert_eq!(fact.statement_range, 0..sql.len() - 1);
        match fact.kind {
            SqlFactKind::Pragma(pragma) => {
                assert_eq!(pragma.name, "journal_mode");
                assert_eq!(pragma.value, None);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn pragma_negative_and_signed_numbers_keep_their_sign() {
        let sql = "PRAGMA cache_size = -2000";
        assert_eq!(
            pragma_of(sql).value,
            value("-2000", first(sql, "-2000"), false)
        );
        let sql = "PRAGMA cache_size=-2000";
        assert_eq!(
            pragma_of(sql).value,
            value("-2000", first(sql, "-2000"), false)
        );
        let sql = "PRAGMA x = -1";
        assert_eq!(pragma_of(sql).value, value("-1", first(sql, "-1"), false));
        let sql = "PRAGMA x = - 1";
        assert_eq!(pragma_of(sql).value, value("-1", first(sql, "- 1"), false));
        let sql = "PRAGMA synchronous = +0";
        assert_eq!(pragma_of(sql).value, value("+0", first(sql, "+0"), false));
        let sql = "PRAGMA synchronous(0)";
        assert_eq!(pragma_of(sql).value, value("0", first(sql, "0"), false));
        let sql = "PRAGMA foreign_keys = ON";
        assert_eq!(pragma_of(sql).value, value("ON", first(sql, "ON"), false));
    }

    #[test]
    fn pragma_hole_value() {
        let sql = format!("PRAGMA journal_mode={HOLE}");
        assert_eq!(pragma_of(&sql).value, value(HOLE, first(&sql, HOLE), true));
        let sql = format!("PRAGMA journal_mode='{HOLE}'");
        let quoted = format!("'{HOLE}'");
        assert_eq!(
            pragma_of(&sql).value,
            value(HOLE, first(&sql, &quoted), true)
        );
    }

    #[test]
    fn malformed_pragma_is_other() {
        for sql in [
            "PRAGMA",
            "PRAGMA = 1",
            "PRAGMA journal_mode = WAL extra",
            "PRAGMA journal_mode = ",
            "PRAGMA journal_mode(WAL",
            "PRAGMA journal_mode = -WAL",
        ] {
            assert_eq!(
                only_fact(sql).kind,
                SqlFactKind::Other {
                    verb: "PRAGMA".to_string()
                },
                "{sql}"
            );
        }
    }

    #[test]
    fn vacuum_forms() {
        let fact = only_fact("vacuum;");
        assert_eq!(fact.kind, SqlFactKind::Vacuum { into: false });
        assert_eq!(fact.keyword_range, 0..6);
        assert_eq!(fact.statement_range, 0..6);
        assert_eq!(
            only_fact("VACUUM main;").kind,
            SqlFactKind::Vacuum { into: false }
        );
        assert_eq!(
            only_fact("VACUUM INTO '/tmp/b.db'").kind,
            SqlFactKind::Vacuum { into: true }
        );
        assert_eq!(
            only_fact("VACUUM main INTO 'f'").kind,
            SqlFactKind::Vacuum { into: true }
        );
        assert_eq!(
            only_fact(&format!("VACUUM INTO {HOLE}")).kind,
            SqlFactKind::Vacuum { into: true }
        );
        assert_eq!(
            only_fact("VACUUM INTO").kind,
            SqlFactKind::Other {
                verb: "VACUUM".to_string()
            }
        );
    }

    #[test]
    fn statements_are_split_and_each_fact_is_at_its_own_keyword() {
        let sql = "PRAGMA journal_mode=WAL; VACUUM;\n  SELECT 1 ;PRAGMA synchronous = NORMAL";
        let all = facts_of(sql);
        assert_eq!(all.len(), 4);
        assert_eq!(all[0].keyword_range, first(sql, "PRAGMA"));
        assert_eq!(
            all[0].statement_range,
            first(sql, "PRAGMA journal_mode=WAL")
        );
        assert_eq!(all[1].keyword_range, first(sql, "VACUUM"));
        assert_eq!(all[1].kind, SqlFactKind::Vacuum { into: false });
        assert_eq!(all[2].keyword_range, first(sql, "SELECT"));
        assert_eq!(all[2].statement_range, first(sql, "SELECT 1"));
        assert_eq!(
            all[2].kind,
            SqlFactKind::Query(Query {
                verb: QueryVerb::Select,
                tables: vec![],
                filters: vec![],
                writes: Vec::new(),
                ordered_by: vec![],
            })
        );
        assert_eq!(all[3].keyword_range, nth(sql, "PRAGMA", 1));
        assert_eq!(
            all[3].statement_range,
            first(sql, "PRAGMA synchronous = NORMAL")
        );
    }

    #[test]
    fn comments_and_strings_hide_keywords_and_semicolons() {
        let sql = "-- VACUUM; now\n/* VACUUM; ; */ INSERT INTO t VALUES ('a;VACUUM;b'); -- ;\n";
        let all = facts_of(sql);
        assert_eq!(all.len(), 1, "{all:#?}");
        assert_eq!(all[0].keyword_range, first(sql, "INSERT"));
        assert_eq!(
            all[0].statement_range,
            first(sql, "INSERT INTO t VALUES ('a;VACUUM;b')")
        );
    }

    #[test]
    fn empty_statements_yield_nothing() {
        assert_eq!(facts_of(""), vec![]);
        assert_eq!(facts_of(";;  ;\n-- only a comment\n"), vec![]);
        assert_eq!(verbs(";;VACUUM;;"), vec!["VACUUM"]);
    }

    #[test]
    fn verbs_of_other_statements() {
        assert_eq!(
            verbs(
                "REINDEX; reindex idx; BEGIN IMMEDIATE; COMMIT; END; ROLLBACK; \
                 CREATE UNIQUE INDEX i ON t(a); create index if not exists j on t(b) where b > 0; \
                 CREATE VIEW v AS SELECT 1; CREATE VIRTUAL TABLE f USING fts5(x); \
                 DROP TABLE t; drop index i; ALTER TABLE t ADD COLUMN c; \
                 INSERT OR REPLACE INTO t VALUES (1); REPLACE INTO t VALUES (1); \
                 UPDATE t SET a = 1; DELETE FROM t; ANALYZE; ATTACH 'x' AS y; \
                 WITH c AS (SELECT 1) SELECT * FROM c; \
                 WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) INSERT INTO t SELECT n FROM c; \
                 SAVEPOINT s; RELEASE s; EXPLAIN QUERY PLAN SELECT 1"
            ),
            vec![
                "REINDEX",
                "REINDEX",
                "BEGIN",
                "COMMIT",
                "END",
                "ROLLBACK",
                "CREATE INDEX",
                "CREATE INDEX",
                "CREATE VIEW",
                "CREATE VIRTUAL TABLE",
                "DROP TABLE",
                "DROP INDEX",
                "ALTER TABLE",
                "INSERT",
                "REPLACE",
                "UPDATE",
                "DELETE",
                "ANALYZE",
                "ATTACH",
                "SELECT",
                "INSERT",
                "SAVEPOINT",
                "RELEASE",
                "EXPLAIN",
            ]
        );
    }

    #[test]
    fn statements_that_start_with_no_keyword_are_skipped() {
        assert_eq!(
            verbs("(SELECT 1); 42; 'text'; foo bar; VACUUM"),
            vec!["VACUUM"]
        );
        assert_eq!(
            verbs(&format!("{HOLE} INTO t VALUES (1); VACUUM")),
            vec!["VACUUM"]
        );
    }

    #[test]
    fn create_table_with_autoincrement_in_second_column() {
        let sql = "CREATE TABLE events (\n  seq INTEGER NOT NULL,\n  id integer PRIMARY KEY autoincrement,\n  body TEXT,\n  raw\n);";
        let table = table_of(sql);
        assert_eq!(table.name, "events");
        assert_eq!(
            table.columns,
            vec![
                ColumnFact {
                    name: "seq".to_string(),
                    declared_type: Some("INTEGER".to_string()),
                    autoincrement: None,
                    primary_key: false,
                    unique: false,
                    references: false,
                    default: None,
                },
                ColumnFact {
                    name: "id".to_string(),
                    declared_type: Some("INTEGER".to_string()),
                    autoincrement: Some(first(sql, "autoincrement")),
                    primary_key: true,
                    unique: false,
                    references: false,
                    default: None,
                },
                ColumnFact {
                    name: "body".to_string(),
                    declared_type: Some("TEXT".to_string()),
                    autoincrement: None,
                    primary_key: false,
                    unique: false,
                    references: false,
                    default: None,
                },
                ColumnFact {
                    name: "raw".to_string(),
                    declared_type: None,
                    autoincrement: None,
                    primary_key: false,
                    unique: false,
                    references: false,
                    default: None,
                },
            ]
        );
    }

    #[test]
    fn create_table_with_quoted_names_and_if_not_exists() {
        for (sql, name) in [
            (
                r#"CREATE TABLE IF NOT EXISTS "my table" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, v BLOB)"#,
                "my table",
            ),
            (
                "CREATE TABLE `t` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, v BLOB)",
                "t",
            ),
            (
                "CREATE TABLE [t] ([id] INTEGER PRIMARY KEY AUTOINCREMENT, v BLOB)",
                "t",
            ),
            (
                "create temp table main.t (id INTEGER PRIMARY KEY AUTOINCREMENT, v BLOB)",
                "t",
            ),
        ] {
            let table = table_of(sql);
            assert_eq!(table.name, name, "{sql}");
            assert_eq!(table.columns.len(), 2, "{sql}");
            assert_eq!(table.columns[0].name, "id", "{sql}");
            assert_eq!(
                table.columns[0].autoincrement,
                Some(first(sql, "AUTOINCREMENT")),
                "{sql}"
            );
            assert_eq!(table.columns[1].autoincrement, None, "{sql}");
        }
    }

    #[test]
    fn create_table_constraints_and_options_do_not_confuse_columns() {
        let sql = "CREATE TABLE t (\
                   CONSTRAINT pk PRIMARY KEY (a), \
                   a INTEGER DEFAULT (abs(-1)), \
                   b TEXT CHECK (b <> 'AUTOINCREMENT'), \
                   c INTEGER PRIMARY KEY AUTOINCREMENT, \
                   UNIQUE (b, c), \
                   FOREIGN KEY (a) REFERENCES u(id)\
                   ) STRICT, WITHOUT ROWID";
        let table = table_of(sql);
        let names: Vec<&str> = table.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, vec!["a", "b", "c"]);
        let ranges: Vec<Option<ByteRange>> = table
            .columns
            .iter()
            .map(|c| c.autoincrement.clone())
            .collect();
        let keyword = nth(sql, "AUTOINCREMENT", 1);
        assert_eq!(ranges, vec![None, None, Some(keyword)]);
    }

    #[test]
    fn create_table_with_types_sqlparser_does_not_know() {
        let sql = "CREATE TABLE t (id unsigned big int PRIMARY KEY AUTOINCREMENT, \
                   n numeric (10, 5) NOT NULL, g Foo Bar, h, \
                   PRIMARY KEY (id)) STRICT";
        let table = table_of(sql);
        assert_eq!(table.name, "t");
        assert_eq!(
            table.columns,
            vec![
                ColumnFact {
                    name: "id".to_string(),
                    declared_type: Some("UNSIGNED BIG INT".to_string()),
                    autoincrement: Some(first(sql, "AUTOINCREMENT")),
                    primary_key: true,
                    unique: false,
                    references: false,
                    default: None,
                },
                ColumnFact {
                    name: "n".to_string(),
                    declared_type: Some("NUMERIC(10,5)".to_string()),
                    autoincrement: None,
                    primary_key: false,
                    unique: false,
                    references: false,
                    default: None,
                },
                ColumnFact {
                    name: "g".to_string(),
                    declared_type: Some("FOO BAR".to_string()),
                    autoincrement: None,
                    primary_key: false,
                    unique: false,
                    references: false,
                    default: None,
                },
                ColumnFact {
                    name: "h".to_string(),
                    declared_type: None,
                    autoincrement: None,
                    primary_key: false,
                    unique: false,
                    references: false,
                    default: None,
                },
            ]
        );
        let table = table_of(&format!(
            "CREATE TEMP TABLE IF NOT EXISTS main.[u] (a {HOLE} big)"
        ));
        assert_eq!(table.name, "u");
        assert_eq!(table.columns[0].declared_type, Some(format!("{HOLE} BIG")));
        let table = table_of(&format!("CREATE TABLE u (a {HOLE}, b Text)"));
        assert_eq!(table.columns[0].declared_type.as_deref(), Some(HOLE));
        assert_eq!(table.columns[1].declared_type.as_deref(), Some("TEXT"));
    }

    #[test]
    fn unparsable_create_table_is_other() {
        assert_eq!(
            verbs("CREATE TABLE t (a INTEGER,, b)"),
            vec!["CREATE TABLE"]
        );
        assert_eq!(verbs("CREATE TABLE"), vec!["CREATE TABLE"]);
        assert_eq!(verbs("CREATE TABLE t ()"), vec!["CREATE TABLE"]);
        assert_eq!(verbs("CREATE TABLE t (a big int"), vec!["CREATE TABLE"]);
        assert_eq!(verbs("CREATE TABLE t x (a big int)"), vec!["CREATE TABLE"]);
    }

    #[test]
    fn create_trigger_with_semicolons_in_its_body_is_one_statement() {
        let sql = "CREATE TEMP TRIGGER IF NOT EXISTS trg AFTER INSERT ON t\n\
                   WHEN new.a > 0\n\
                   BEGIN\n\
                     UPDATE u SET n = CASE WHEN n > 0 THEN n + 1 ELSE 1 END;\n\
                     DELETE FROM v; VACUUM;\n\
                   END;\n\
                   PRAGMA optimize;";
        let all = facts_of(sql);
        assert_eq!(all.len(), 2, "{all:#?}");
        assert_eq!(
            all[0].kind,
            SqlFactKind::Other {
                verb: "CREATE TRIGGER".to_string()
            }
        );
        let end = first(sql, "END;\nPRAGMA").start + 3;
        assert_eq!(all[0].statement_range, 0..end);
        assert_eq!(all[1].keyword_range, first(sql, "PRAGMA"));
    }

    #[test]
    fn trigger_keyword_elsewhere_does_not_swallow_statements() {
        assert_eq!(
            verbs("CREATE TABLE trigger_log (a); BEGIN; SELECT 1; END;"),
            vec!["CREATE TABLE", "BEGIN", "SELECT", "END"]
        );
    }

    #[test]
    fn unterminated_last_statement_is_dropped_quietly() {
        assert_eq!(verbs("VACUUM; PRAGMA journal_mode = 'wal"), vec!["VACUUM"]);
        assert_eq!(verbs("VACUUM; SELECT \"never closed"), vec!["VACUUM"]);
        // As in SQLite, a block comment left open runs to the end of the text.
        assert_eq!(
            verbs("VACUUM; SELECT /* never closed"),
            vec!["VACUUM", "SELECT"]
        );
    }

    #[test]
    fn offsets_are_exact_after_multibyte_text_and_crlf() {
        let sql = "SELECT 'héllo 😀 ü';\r\n-- ça; ok\r\nPRAGMA\r\n  journal_mode = wal ;\r\nvacuum";
        let all = facts_of(sql);
        assert_eq!(all.len(), 3, "{all:#?}");
        assert_eq!(all[0].statement_range, first(sql, "SELECT 'héllo 😀 ü'"));
        assert_eq!(all[1].keyword_range, first(sql, "PRAGMA"));
        assert_eq!(
            all[1].statement_range,
            first(sql, "PRAGMA\r\n  journal_mode = wal")
        );
        match &all[1].kind {
            SqlFactKind::Pragma(pragma) => {
                assert_eq!(pragma.name_range, first(sql, "journal_mode"));
                assert_eq!(pragma.value, value("wal", first(sql, "wal"), false));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(all[2].keyword_range, first(sql, "vacuum"));
    }

    #[test]
    fn multibyte_identifiers_and_autoincrement_offsets() {
        let sql = "CREATE TABLE \"tâble\" (\r\n  nâme TEXT,\r\n  ïd INTEGER PRIMARY KEY AUTOINCREMENT\r\n)";
        let table = table_of(sql);
        assert_eq!(table.name, "tâble");
        assert_eq!(table.columns[1].name, "ïd");
        assert_eq!(
            table.columns[1].autoincrement,
            Some(first(sql, "AUTOINCREMENT"))
        );
    }

    #[test]
    fn ranges_map_through_escapes_into_the_host_file() {
        // Host: db.execute("\tPRAGMA journal_mode=\u{44}ELETE")
        let host = r#"db.execute("\tPRAGMA journal_mode=\u{44}ELETE")"#;
        let tab = first(host, r"\t");
        let escape = first(host, r"\u{44}");
        let mut builder = StrBuilder::new();
        builder.mapped("\t", tab.clone());
        builder.verbatim("PRAGMA journal_mode=", tab.end);
        builder.mapped("D", escape.clone());
        builder.verbatim("ELETE", escape.end);
        let lit = builder.finish();
        assert_eq!(lit.value, "\tPRAGMA journal_mode=DELETE");
        let all = facts(&lit);
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].keyword_range, first(host, "PRAGMA"));
        assert_eq!(
            all[0].statement_range,
            first(host, "PRAGMA").start..first(host, "ELETE").end
        );
        let SqlFactKind::Pragma(pragma) = &all[0].kind else {
            panic!("{:?}", all[0].kind);
        };
        assert_eq!(pragma.name_range, first(host, "journal_mode"));
        assert_eq!(
            pragma.value,
            value("DELETE", escape.start..first(host, "ELETE").end, false)
        );
    }

    #[test]
    fn ranges_map_through_holes_into_the_host_file() {
        // Host (Kotlin): db.execSQL("PRAGMA journal_mode=${mode}; VACUUM")
        let host = r#"db.execSQL("PRAGMA journal_mode=${mode}; VACUUM")"#;
        let body = first(host, "PRAGMA").start;
        let hole = first(host, "${mode}");
        let mut builder = StrBuilder::new();
        builder.verbatim("PRAGMA journal_mode=", body);
        builder.hole(hole.clone());
        builder.verbatim("; VACUUM", hole.end);
        let all = facts(&builder.finish());
        assert_eq!(all.len(), 2);
        let SqlFactKind::Pragma(pragma) = &all[0].kind else {
            panic!("{:?}", all[0].kind);
        };
        assert_eq!(pragma.value, value(HOLE, hole.clone(), true));
        assert_eq!(all[0].statement_range, body..hole.end);
        assert_eq!(all[1].keyword_range, first(host, "VACUUM"));
        assert_eq!(all[1].kind, SqlFactKind::Vacuum { into: false });
    }

    #[test]
    fn create_table_with_a_hole_in_its_name_still_has_columns() {
        let host = r#"val sql = "CREATE TABLE $name (id INTEGER PRIMARY KEY AUTOINCREMENT)""#;
        let hole = first(host, "$name");
        let mut builder = StrBuilder::new();
        builder.verbatim("CREATE TABLE ", first(host, "CREATE").start);
        builder.hole(hole.clone());
        builder.verbatim(" (id INTEGER PRIMARY KEY AUTOINCREMENT)", hole.end);
        let all = facts(&builder.finish());
        let SqlFactKind::CreateTable(table) = &all[0].kind else {
            panic!("{:?}", all[0].kind);
        };
        assert_eq!(table.name, HOLE);
        assert_eq!(
            table.columns[0].autoincrement,
            Some(first(host, "AUTOINCREMENT"))
        );
    }

    #[test]
    fn lower_makes_one_str_node_and_collects_comments() {
        let text = "-- schema, v2\r\n/* multi\r\n line; VACUUM */\r\nCREATE TABLE t (a); -- trailing\r\nVACUUM; -- é last";
        let file = SourceFile::from_text("m.sql", Language::Sql, text);
        let model = lower(&file).expect("lowers");
        assert_eq!(model.nodes.len(), 1);
        let node = &model.nodes[0];
        assert_eq!(node.parent, None);
        assert_eq!(node.range, 0..text.len());
        let lit = model.str_lit(crate::model::NodeId(0)).expect("a Str node");
        assert_eq!(lit.value, text);
        assert_eq!(lit.map, SourceMap::Identity { offset: 0 });
        assert!(!lit.has_holes);
        let comments: Vec<(ByteRange, &str)> = model
            .comments
            .iter()
            .map(|c| (c.range.clone(), c.text.as_str()))
            .collect();
        assert_eq!(
            comments,
            vec![
                (first(text, "-- schema, v2"), "-- schema, v2"),
                (
                    first(text, "/* multi\r\n line; VACUUM */"),
                    "/* multi\r\n line; VACUUM */"
                ),
                (first(text, "-- trailing"), "-- trailing"),
                (first(text, "-- é last"), "-- é last"),
            ]
        );
        assert_eq!(verbs(&lit.value), vec!["CREATE TABLE", "VACUUM"]);
        assert_eq!(facts(lit)[1].keyword_range, nth(text, "VACUUM", 1));
    }

    #[test]
    fn lower_never_fails_on_bad_sql() {
        for text in [
            "SELECT 'unterminated",
            "/* open",
            "CREATE TABLE (((",
            "\u{0}\u{1}$$",
            "",
        ] {
            let file = SourceFile::from_text("bad.sql", Language::Sql, text);
            let model = lower(&file).expect("never an error");
            assert_eq!(model.nodes.len(), 1);
            let _ = facts(model.str_lit(crate::model::NodeId(0)).expect("str"));
        }
    }

    #[test]
    fn every_prefix_of_a_script_is_read_without_panic() {
        let script = "PRAGMA main.journal_mode = 'wal'; PRAGMA t(x); PRAGMA c=-1;\r\n\
                      CREATE TABLE IF NOT EXISTS \"é\" (id INTEGER PRIMARY KEY AUTOINCREMENT, \
                      b unsigned big int DEFAULT (-1), CHECK (b > 0)) STRICT;\n\
                      CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT CASE WHEN 1 THEN 2 END; END;\n\
                      CREATE INDEX i ON t(lower(a) DESC, b) WHERE a = 'x';\n\
                      SELECT n.a FROM t n JOIN u ON u.x = n.a WHERE n.b IN (1, ?) AND (c < 2 OR d IS NULL) \
                      AND NOT EXISTS (SELECT 1 FROM v WHERE v.c = n.a) ORDER BY n.c;\n\
                      UPDATE t SET a = (SELECT max(b) FROM u WHERE u.k = t.k) WHERE id IN :ids;\n\
                      /* c; */ VACUUM main INTO '😀.db'; -- done";
        for (end, _) in script.char_indices() {
            let _ = facts_of(&script[..end]);
            let _ = facts_of(&script[end..]);
        }
        assert_eq!(
            verbs(script),
            vec![
                "PRAGMA",
                "PRAGMA",
                "PRAGMA",
                "CREATE TABLE",
                "CREATE TRIGGER",
                "CREATE INDEX",
                "SELECT",
                "UPDATE",
                "VACUUM"
            ]
        );
    }

    #[test]
    fn deeply_nested_sql_does_not_panic() {
        let deep = format!(
            "CREATE TABLE t (a DEFAULT {}1{})",
            "(".repeat(500),
            ")".repeat(500)
        );
        assert_eq!(verbs(&deep), vec!["CREATE TABLE"]);
        let deep = format!(
            "SELECT * FROM t WHERE {}a = 1{} ORDER BY b",
            "(".repeat(500),
            ")".repeat(500)
        );
        assert_eq!(verbs(&deep), vec!["SELECT"]);
        let deep = format!(
            "DELETE FROM t WHERE a IN {}SELECT 1{}",
            "(SELECT 1 WHERE x IN ".repeat(200),
            ")".repeat(200)
        );
        assert_eq!(verbs(&deep), vec!["DELETE"]);
    }

    #[test]
    fn drops_and_table_changes_name_what_they_change() {
        assert_eq!(
            only_fact("DROP INDEX IF EXISTS main.`idx_a`").kind,
            SqlFactKind::DropIndex {
                name: "idx_a".to_string()
            }
        );
        assert_eq!(
            only_fact("drop table \"notes-temp\"").kind,
            SqlFactKind::DropTable {
                name: "notes-temp".to_string()
            }
        );
        assert_eq!(
            only_fact("ALTER TABLE `_new_notes` RENAME TO `notes`").kind,
            SqlFactKind::AlterTable {
                table: "_new_notes".to_string(),
                change: TableChange::RenameTo("notes".to_string()),
            }
        );
        let SqlFactKind::AlterTable {
            table,
            change: TableChange::AddColumn(column),
        } = only_fact("ALTER TABLE notes ADD COLUMN `archived` INTEGER NOT NULL DEFAULT 0").kind
        else {
            panic!("not an added column");
        };
        assert_eq!(table, "notes");
        assert_eq!(column.name, "archived");
        assert_eq!(column.declared_type.as_deref(), Some("INTEGER"));
        assert_eq!(column.default.as_deref(), Some("0"));
        let SqlFactKind::AlterTable {
            change: TableChange::AddColumn(column),
            ..
        } = only_fact("ALTER TABLE notes ADD owner INTEGER REFERENCES users(id)").kind
        else {
            panic!("not an added column");
        };
        assert!(column.references);
        assert_eq!(column.declared_type.as_deref(), Some("INTEGER"));
        assert_eq!(
            only_fact("ALTER TABLE notes RENAME COLUMN a TO b").kind,
            SqlFactKind::Other {
                verb: "ALTER TABLE".to_string()
            }
        );
    }

    #[test]
    fn foreign_key_child_columns_are_listed() {
        let table = table_of(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, owner INTEGER REFERENCES u(id), a INT, b INT, \
             FOREIGN KEY (a, b) REFERENCES v(x, y))",
        );
        assert_eq!(table.foreign_key_columns, vec!["owner", "a", "b"]);
    }

    #[test]
    fn bare_columns_test_truthiness_and_or_arms_share_their_common_tests() {
        let tests: Vec<(String, FilterTest, bool)> =
            query_of("SELECT * FROM t WHERE archived AND NOT pinned OR NOT (a = 1)")
                .filters
                .into_iter()
                .map(|f| (f.column.column, f.test, f.optional))
                .collect();
        assert_eq!(
            tests,
            vec![
                ("archived".to_string(), FilterTest::Truthy, true),
                ("pinned".to_string(), FilterTest::Falsy, true),
                ("a".to_string(), equals("1"), true),
            ]
        );
        let sql =
            "SELECT * FROM t WHERE (archived = 0 AND a = ?) OR (b = ? AND archived = 0 AND c = 1)";
        let tests = filter_tests(sql);
        assert_eq!(
            tests,
            vec![
                ("archived".to_string(), equals("0"), false),
                ("a".to_string(), FilterTest::Parameter, true),
                ("b".to_string(), FilterTest::Parameter, true),
                ("c".to_string(), equals("1"), true),
            ]
        );
        let tests: Vec<FilterTest> = query_of("DELETE FROM t WHERE NOT t.archived")
            .filters
            .into_iter()
            .map(|f| f.test)
            .collect();
        assert_eq!(tests, vec![FilterTest::Falsy]);
    }

    #[test]
    fn inserts_and_updates_write_their_literals() {
        let writes = |sql: &str| -> Vec<(Option<String>, String, Option<String>)> {
            query_of(sql)
                .writes
                .into_iter()
                .map(|w| (w.column.table, w.column.column, w.value))
                .collect()
        };
        let text = |s: &str| Some(s.to_string());
        assert_eq!(
            writes("INSERT INTO mail (id, pinned, title) VALUES (?, 1, 'x'), (?, FALSE, ?)"),
            vec![
                (text("mail"), "id".to_string(), None),
                (text("mail"), "pinned".to_string(), text("1")),
                (text("mail"), "title".to_string(), text("'x'")),
                (text("mail"), "id".to_string(), None),
                (text("mail"), "pinned".to_string(), text("0")),
                (text("mail"), "title".to_string(), None),
            ]
        );
        assert_eq!(
            writes("UPDATE mail SET pinned = 0, seen = seen + 1 WHERE id = ?"),
            vec![
                (text("mail"), "pinned".to_string(), text("0")),
                (text("mail"), "seen".to_string(), None),
            ]
        );
        assert!(writes("INSERT INTO mail SELECT * FROM draft").is_empty());
    }
}
