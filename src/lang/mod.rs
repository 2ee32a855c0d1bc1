//! One frontend per language. Each turns a file's text into the model
//! (`crate::model`); none of them knows about rules.

pub mod kotlin;
pub mod rust;
pub mod sql;
pub mod swift;

use crate::model::Model;
use crate::source::{Language, SourceFile};

/// A file the frontend could not read. The run reports it and goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    /// Where the problem is, when the parser says.
    pub offset: Option<usize>,
}

impl ParseError {
    pub fn new(message: impl Into<String>, offset: Option<usize>) -> ParseError {
        ParseError {
            message: message.into(),
            offset,
        }
    }
}

/// Lowers a file with the frontend for its language.
pub fn lower(file: &SourceFile) -> Result<Model, ParseError> {
    match file.language {
        Language::Rust => rust::lower(file),
        Language::Swift => swift::lower(file),
        Language::Kotlin => kotlin::lower(file),
        Language::Sql => sql::lower(file),
    }
}
