//! The kotlin frontend.

use crate::lang::ParseError;
use crate::model::Model;
use crate::source::SourceFile;

pub fn lower(file: &SourceFile) -> Result<Model, ParseError> {
    Ok(Model::new(file.language))
}
