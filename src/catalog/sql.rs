//! SQL: the keywords SQL facts are made of.

/// A file containing none of these (and none of the call names) holds no SQL
/// that any rule reads.
pub const KEYWORDS: &[&str] = &["vacuum", "pragma", "autoincrement"];
