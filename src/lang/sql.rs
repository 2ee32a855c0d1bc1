//! The SQL frontend (placeholder until the real one lands).

use crate::lang::ParseError;
use crate::model::{Model, StrLit};
use crate::source::{ByteRange, SourceFile};

pub fn lower(file: &SourceFile) -> Result<Model, ParseError> {
    Ok(Model::new(file.language))
}

pub fn facts(_sql: &StrLit) -> Vec<SqlFact> {
    Vec::new()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SqlFact {
    pub kind: SqlFactKind,
    pub keyword_range: ByteRange,
    pub statement_range: ByteRange,
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SqlFactKind {
    Pragma(Pragma),
    Vacuum { into: bool },
    CreateTable(CreateTable),
    Other { verb: String },
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pragma {
    pub schema: Option<String>,
    pub name: String,
    pub name_range: ByteRange,
    pub value: Option<PragmaValue>,
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PragmaValue {
    pub text: String,
    pub range: ByteRange,
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
    pub declared_type: Option<String>,
    pub autoincrement: Option<ByteRange>,
}
