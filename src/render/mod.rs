//! Output formats.

pub mod github;
pub mod sarif;
pub mod terminal;
