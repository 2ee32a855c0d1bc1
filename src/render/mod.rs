//! Output formats.

pub mod concise;
pub mod github;
pub mod sarif;
pub mod terminal;
