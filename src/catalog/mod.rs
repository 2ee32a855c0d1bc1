//! What calls mean: per-language tables from call shapes to storage operations.

use crate::source::Language;

/// Higher-order calls whose closure argument runs once per element, making
/// the closure a loop body.
pub fn is_iteration_call(language: Language, name: &str) -> bool {
    let names: &[&str] = match language {
        Language::Rust => &[
            "for_each", "try_for_each", "map", "filter_map", "flat_map", "try_fold", "fold",
            "scan", "inspect", "par_iter_map", "retain",
        ],
        Language::Swift => &[
            "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "enumerateObjects",
            "concurrentPerform",
        ],
        Language::Kotlin => &[
            "forEach", "forEachIndexed", "map", "mapIndexed", "mapNotNull", "flatMap", "filter",
            "onEach", "repeat", "fold", "associate", "associateWith", "associateBy",
        ],
        Language::Sql => &[],
    };
    names.contains(&name)
}
