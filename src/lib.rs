//! storlint: finds storage anti-patterns in Rust, Swift, Kotlin and SQL.

pub mod catalog;
pub mod lang;
pub mod model;
pub mod source;
