//! SQL: the words that make SQL inside code worth reading.

/// SQL held in a code file is read when a call executes it (the call's
/// name is a catalog word) or when another file executes it through a
/// constant: these words catch the constants' files. `.sql` files are SQL
/// through and through and are always read.
pub const KEYWORDS: &[&str] = &[
    "pragma",
    "vacuum",
    "autoincrement",
    "create index",
    "create unique index",
    "select ",
];
