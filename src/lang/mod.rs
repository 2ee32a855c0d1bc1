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

/// How long the tree-sitter parses of one file may take together. Real
/// files parse in milliseconds; tree-sitter-kotlin's error recovery can run
/// for minutes (and gigabytes) on one stray character, and one such file
/// must not stall the run.
pub const PARSE_BUDGET: std::time::Duration = std::time::Duration::from_secs(3);

/// A tree-sitter parse that gives up at `deadline`: the file is reported as
/// not checked, and the run goes on.
pub fn parse_before(
    parser: &mut tree_sitter::Parser,
    text: &str,
    deadline: std::time::Instant,
    language: &str,
) -> Result<tree_sitter::Tree, ParseError> {
    let bytes = text.as_bytes();
    let mut read = |offset: usize, _| bytes.get(offset..).unwrap_or_default();
    let mut out_of_time = false;
    let mut check = |_: &tree_sitter::ParseState| {
        if std::time::Instant::now() >= deadline {
            out_of_time = true;
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    };
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut check);
    let tree = parser.parse_with_options(&mut read, None, Some(options));
    match tree {
        Some(tree) => Ok(tree),
        None if out_of_time => Err(ParseError::new(
            format!(
                "not checked: parsing took longer than {} s",
                PARSE_BUDGET.as_secs()
            ),
            None,
        )),
        None => Err(ParseError::new(
            format!("the {language} parser returned no syntax tree"),
            None,
        )),
    }
}
