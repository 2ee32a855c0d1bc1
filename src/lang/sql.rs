//! The SQL frontend: `.sql` files, and the SQL inside string literals that
//! other frontends hand over as `StrLit`s.
//!
//! sqlparser's parser rejects much of what SQLite accepts (`PRAGMA x = WAL`,
//! `VACUUM INTO 'f'`, `REINDEX`) and its statement spans are unreliable, so
//! only its tokenizer is trusted everywhere: statements are split, and PRAGMA
//! and VACUUM read, from the token stream. The parser is used for CREATE TABLE
//! alone, where it gives columns and their types.

use std::ops::Range;

use sqlparser::ast::{DataType, ObjectNamePart, Statement};
use sqlparser::dialect::SQLiteDialect;
use sqlparser::keywords::Keyword;
use sqlparser::parser::Parser;
use sqlparser::tokenizer::{Location, Token, TokenWithSpan, Tokenizer, Whitespace, Word};

use crate::lang::ParseError;
use crate::model::{Comment, Model, NodeKind, SourceMap, StrLit, HOLE};
use crate::source::{ByteRange, SourceFile};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SqlFact {
    pub kind: SqlFactKind,
    /// The statement's first keyword token (e.g. `VACUUM`, `PRAGMA`, `CREATE`), in the host file.
    pub keyword_range: ByteRange,
    /// The whole statement without its `;`, in the host file.
    pub statement_range: ByteRange,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SqlFactKind {
    Pragma(Pragma),
    /// `VACUUM [schema] [INTO expr]`.
    Vacuum {
        into: bool,
    },
    CreateTable(CreateTable),
    /// Any other statement: the verb in upper case ("SELECT", "INSERT",
    /// "CREATE INDEX", "REINDEX", "BEGIN", ...).
    Other {
        verb: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pragma {
    pub schema: Option<String>,
    /// Lower case, unquoted: "journal_mode".
    pub name: String,
    pub name_range: ByteRange,
    /// None for a query (`PRAGMA journal_mode;`).
    pub value: Option<PragmaValue>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PragmaValue {
    /// As written, unquoted, sign included: "WAL", "wal", "-1", "0", "ON".
    pub text: String,
    /// The value token(s) in the host file (a quoted value: the whole quoted token).
    pub range: ByteRange,
    /// True when the value is an interpolation placeholder (model::HOLE).
    pub is_hole: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreateTable {
    pub name: String,
    pub columns: Vec<ColumnFact>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnFact {
    pub name: String,
    /// Upper case, one space between words, none around parentheses:
    /// `INTEGER`, `VARCHAR(255)`, `UNSIGNED BIG INT`.
    pub declared_type: Option<String>,
    /// The AUTOINCREMENT keyword token of this column, in the host file.
    pub autoincrement: Option<ByteRange>,
}

/// A `.sql` file is one string of SQL: rules read it through `facts` like any
/// SQL found in code.
pub fn lower(file: &SourceFile) -> Result<Model, ParseError> {
    let mut model = Model::new(file.language);
    let text = &file.text;
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
            let comment = text[range.clone()].trim_end_matches(['\r', '\n']);
            model.comments.push(Comment {
                range: range.start..range.start + comment.len(),
                text: comment.to_string(),
            });
        }
    }
    Ok(model)
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
struct Lexed {
    tokens: Vec<TokenWithSpan>,
    ranges: Vec<ByteRange>,
    /// The tokenizer gave up before the end of the text.
    truncated: bool,
}

/// The token indices of one statement, without its `;`.
type StatementTokens = Range<usize>;

impl Lexed {
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

    fn new(text: &str) -> Lexed {
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
            _ => None,
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
        let Some(parsed) = parsed else {
            // SQLite takes any words as a type (`UNSIGNED BIG INT`, `Foo Bar`)
            // where sqlparser wants types it knows.
            let (segments, _) = column_list?;
            return Some(CreateTable {
                name: self.table_name(significant)?,
                columns: segments
                    .into_iter()
                    .filter_map(|segment| self.column_fact(segment))
                    .collect(),
            });
        };
        let Statement::CreateTable(table) = parsed else {
            return None;
        };
        let name = match table.name.0.last()? {
            ObjectNamePart::Identifier(ident) => ident.value.clone(),
            ObjectNamePart::Function(_) => return None,
        };
        let segments = column_list
            .map(|(segments, _)| segments)
            .unwrap_or_default();
        let mut next_segment = 0;
        let columns = table
            .columns
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
                let autoincrement = found.and_then(|offset| {
                    let segment = &segments[next_segment + offset];
                    next_segment += offset + 1;
                    segment.autoincrement.map(|i| self.ranges[i].clone())
                });
                ColumnFact {
                    name: column.name.value.clone(),
                    declared_type: match column.data_type {
                        DataType::Unspecified => None,
                        ref written => Some(upper_case_type(written.to_string())),
                    },
                    autoincrement,
                }
            })
            .collect();
        Some(CreateTable { name, columns })
    }

    /// A column read from the tokens alone; None for a table constraint.
    fn column_fact(&self, segment: ColumnSegment) -> Option<ColumnFact> {
        Some(ColumnFact {
            name: segment.name?,
            declared_type: self.type_text(&segment.type_tokens),
            autoincrement: segment.autoincrement.map(|i| self.ranges[i].clone()),
        })
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
        let tokens = self.tokens.get(tokens)?.to_vec();
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
                    type_tokens: Vec::new(),
                    autoincrement: None,
                });
                if matches!(token, Token::LParen) {
                    depth += 1;
                }
                continue;
            };
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
    /// Token indices of the declared type.
    type_tokens: Vec<usize>,
    /// Token index of the column's AUTOINCREMENT keyword.
    autoincrement: Option<usize>,
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
            SqlFactKind::Other {
                verb: "SELECT".to_string()
            }
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
                },
                ColumnFact {
                    name: "id".to_string(),
                    declared_type: Some("INTEGER".to_string()),
                    autoincrement: Some(first(sql, "autoincrement")),
                },
                ColumnFact {
                    name: "body".to_string(),
                    declared_type: Some("TEXT".to_string()),
                    autoincrement: None,
                },
                ColumnFact {
                    name: "raw".to_string(),
                    declared_type: None,
                    autoincrement: None,
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
                },
                ColumnFact {
                    name: "n".to_string(),
                    declared_type: Some("NUMERIC(10,5)".to_string()),
                    autoincrement: None,
                },
                ColumnFact {
                    name: "g".to_string(),
                    declared_type: Some("FOO BAR".to_string()),
                    autoincrement: None,
                },
                ColumnFact {
                    name: "h".to_string(),
                    declared_type: None,
                    autoincrement: None,
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
    }
}
