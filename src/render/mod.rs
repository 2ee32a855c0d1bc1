//! Output formats.

pub mod sarif;
pub mod terminal;
