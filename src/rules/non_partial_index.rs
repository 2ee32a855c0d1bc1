use std::collections::HashMap;

use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
use crate::lang::sql::{ColumnFilter, ColumnWrite, CreateIndex, FilterTest, Query, SqlFactKind};
use crate::model::HOLE;
use crate::project::Project;
use crate::rules::{matching, Check, FixAvailability, Rule};
use crate::source::{ByteRange, Language};

use super::{location, same_name, schema, Declared, Schema};

pub const RULE: Rule = Rule {
    id: "non-partial-index",
    severity: Severity::Warning,
    languages: &[
        Language::Rust,
        Language::Swift,
        Language::Kotlin,
        Language::Sql,
    ],
    fix: FixAvailability::Sometimes,
    doc: include_str!("../../lints/non-partial-index.md"),
    help: "make the index partial, so that writes to rows no query looks up leave it alone",
    check: Check::Project(check),
};

/// How many query locations a message lists.
const SHOWN_QUERIES: usize = 3;

/// What the project's queries do with columns of a given name, gathered
/// once: (query file, query) pairs that filter on or order by it.
#[derive(Default)]
struct ColumnUse<'p> {
    filtered: Vec<(usize, &'p Query)>,
    ordered: Vec<&'p Query>,
    written: Vec<&'p ColumnWrite>,
}

fn check(project: &Project) -> Vec<(usize, Diagnostic)> {
    let schema = schema(project);
    let mut uses: HashMap<String, ColumnUse> = HashMap::new();
    for (file, fact) in project.all_sql() {
        let SqlFactKind::Query(query) = &fact.kind else {
            continue;
        };
        let mut filtered: Vec<String> = query
            .filters
            .iter()
            .map(|f| f.column.column.to_ascii_lowercase())
            .collect();
        filtered.sort_unstable();
        filtered.dedup();
        for column in filtered {
            uses.entry(column).or_default().filtered.push((file, query));
        }
        for write in &query.writes {
            uses.entry(write.column.column.to_ascii_lowercase())
                .or_default()
                .written
                .push(write);
        }
        for column in &query.ordered_by {
            let entry = uses.entry(column.column.to_ascii_lowercase()).or_default();
            if !entry.ordered.iter().any(|q| std::ptr::eq(*q, query)) {
                entry.ordered.push(query);
            }
        }
    }
    let unused = ColumnUse::default();
    schema
        .indexes
        .iter()
        // Room's @Entity indexes cannot be partial: only SQL ones are actionable.
        .filter(|index| {
            !index.item.unique && index.item.predicate.is_none() && !index.item.declared_by_api
        })
        .filter_map(|index| {
            let leading = index
                .item
                .columns
                .first()
                .filter(|c| !c.expression && !c.name.contains(HOLE))?;
            if index.item.table.contains(HOLE) || is_foreign_key(&schema, &index.item) {
                return None;
            }
            let column_use = uses
                .get(&leading.name.to_ascii_lowercase())
                .unwrap_or(&unused);
            finding(project, index, &schema, column_use)
        })
        .collect()
}

/// The index leads with a foreign key's child column: SQLite looks up every
/// value of it when a parent row is deleted or its key changes, so all rows
/// belong in the index.
fn is_foreign_key(schema: &Schema, index: &CreateIndex) -> bool {
    let Some(leading) = index.columns.first() else {
        return false;
    };
    schema.table(&index.table).is_some_and(|table| {
        table
            .item
            .foreign_key_columns
            .iter()
            .any(|c| c.eq_ignore_ascii_case(&leading.name))
    })
}

fn finding(
    project: &Project,
    index: &Declared<CreateIndex>,
    schema: &Schema,
    column_use: &ColumnUse,
) -> Option<(usize, Diagnostic)> {
    let leading = index.item.columns.first().filter(|c| !c.expression)?;
    let table = index.item.table.as_str();
    let column = leading.name.as_str();
    // Whether a column reference is this column: `Some(true)` when it is on
    // this table, `Some(false)` when its query's tables are all
    // interpolated, so that it may be on any table.
    let on_column = |query: &Query, table_of: &Option<String>, name: &str| -> Option<bool> {
        if !name.eq_ignore_ascii_case(column) {
            return None;
        }
        match table_of {
            Some(t) => same_name(t, table).then_some(true),
            // Unqualified among several tables: it may be this one.
            None if query.tables.iter().any(|t| same_name(t, table)) => Some(true),
            None => query.tables.is_empty().then_some(false),
        }
    };
    // An index that orders results serves every row.
    let orders = column_use.ordered.iter().any(|q| {
        q.ordered_by
            .iter()
            .any(|c| on_column(q, &c.table, &c.column).is_some())
    });
    if orders {
        return None;
    }
    let mut filters: Vec<(usize, &ColumnFilter)> = Vec::new();
    let mut on_unknown_tables: Vec<(usize, &ColumnFilter)> = Vec::new();
    for &(file, query) in &column_use.filtered {
        for filter in &query.filters {
            match on_column(query, &filter.column.table, &filter.column.column) {
                Some(true) => filters.push((file, filter)),
                Some(false) => on_unknown_tables.push((file, filter)),
                None => {}
            }
        }
    }
    // Queries on interpolated tables are no evidence, but one that tests the
    // column differently may be on this table and need every row.
    let all: Vec<(usize, &ColumnFilter)> =
        filters.iter().chain(&on_unknown_tables).copied().collect();
    // Written only with 0 and 1 (on an interpolated table, it may be this one).
    let written = column_use
        .written
        .iter()
        .filter(|w| w.column.column.eq_ignore_ascii_case(column))
        .filter(|w| {
            w.column
                .table
                .as_deref()
                .is_none_or(|t| same_name(t, table))
        });
    let mut written_on_this_table = false;
    let mut written_only_as_flag = true;
    for write in written {
        written_on_this_table |= write.column.table.is_some();
        written_only_as_flag &= matches!(write.value.as_deref(), Some("0" | "1"));
    }
    let written_as_flag = written_on_this_table && written_only_as_flag;
    let constant = constant_predicate(column, &filters).filter(|(predicate, _)| {
        constant_predicate(column, &all).is_some_and(|(all_agree, _)| all_agree == *predicate)
    });
    let (predicate, evidence) = match constant {
        Some(found) => found,
        None => {
            flag_predicate(column, table, schema, &all, written_as_flag)?;
            flag_predicate(column, table, schema, &filters, written_as_flag)?
        }
    };
    let shown: Vec<String> = filters
        .iter()
        .take(SHOWN_QUERIES)
        .map(|(file, f)| location(project, *file, f.range.start))
        .collect();
    let mut evidence = evidence;
    if !shown.is_empty() {
        let more = filters.len().saturating_sub(SHOWN_QUERIES);
        evidence.push_str(&format!(
            " ({}{})",
            shown.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        ));
    }
    let columns: Vec<&str> = index.item.columns.iter().map(|c| c.name.as_str()).collect();
    let suggestion = format!(
        "CREATE INDEX {} ON {}({}) WHERE {predicate};",
        index.item.name,
        index.item.table,
        columns.join(", ")
    );
    let diagnostic = RULE.diagnostic(index.item.name_range.clone(),
        format!(
            "index `{}` covers every row of `{table}`, but {evidence}: a partial index pays its write cost only for the rows queries look up",
            index.item.name
        ),
    )
    .label(format!("could be partial: WHERE {predicate}"))
    .help(format!("make it partial: `{suggestion}`"));
    let mut diagnostic = diagnostic;
    diagnostic.fix = partial_index_fix(
        &project.files[index.file].source.text,
        &index.item.name_range,
        &predicate,
    );
    Some((index.file, diagnostic))
}

/// Every query that filters on the column tests the same thing: one
/// constant, a constant it differs from, NULL-ness or truthiness (a test
/// every arm of an OR makes counts; one only some arms make does not).
fn constant_predicate(
    column: &str,
    filters: &[(usize, &ColumnFilter)],
) -> Option<(String, String)> {
    let (_, first) = filters.first()?;
    if filters
        .iter()
        .any(|(_, f)| f.optional || f.test != first.test)
    {
        return None;
    }
    let queries = match filters.len() {
        1 => "the only query".to_string(),
        count => format!("the {count} queries"),
    };
    let predicate = match &first.test {
        FilterTest::EqualsConstant(value) => format!("{column} = {value}"),
        FilterTest::NotEqualsConstant(value) => format!("{column} != {value}"),
        FilterTest::IsNull => format!("{column} IS NULL"),
        FilterTest::IsNotNull => format!("{column} IS NOT NULL"),
        FilterTest::Truthy => column.to_string(),
        FilterTest::Falsy => format!("NOT {column}"),
        _ => return None,
    };
    let look = if filters.len() == 1 { "looks" } else { "look" };
    Some((
        predicate.clone(),
        format!("{queries} filtering on `{column}` {look} for {predicate}"),
    ))
}

/// A flag column: declared BOOLEAN, or an INTEGER defaulting to 0 or 1, or
/// written only with 0 and 1 (`written_as_flag`), that queries compare only
/// with 0 and 1. The partial index keeps the rows whose
/// flag differs from the default, which are the ones worth finding.
fn flag_predicate(
    column: &str,
    table: &str,
    schema: &Schema,
    filters: &[(usize, &ColumnFilter)],
    written_as_flag: bool,
) -> Option<(String, String)> {
    let declared = schema
        .table(table)?
        .item
        .columns
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(column))?;
    let declared_type = declared
        .declared_type
        .as_deref()
        .unwrap_or("")
        .to_ascii_uppercase();
    let default = declared.default.as_deref().map(|d| {
        d.trim_start_matches('(')
            .trim_end_matches(')')
            .to_ascii_uppercase()
    });
    let only_zero_or_one = filters.iter().all(|(_, f)| {
        !f.optional
            && match &f.test {
                FilterTest::EqualsConstant(v) => v == "0" || v == "1",
                FilterTest::Truthy | FilterTest::Falsy => true,
                _ => false,
            }
    });
    if !only_zero_or_one {
        return None;
    }
    let boolean = matches!(declared_type.as_str(), "BOOLEAN" | "BOOL");
    let flag_default = matches!(default.as_deref(), Some("0" | "1" | "FALSE" | "TRUE"));
    let integer_flag = declared_type.starts_with("INT") && flag_default && !filters.is_empty();
    // Rows inserted without the column get its default: one that is no flag
    // value makes a third state.
    let written_flag =
        written_as_flag && (flag_default || default.is_none()) && !filters.is_empty();
    if !boolean && !integer_flag && !written_flag {
        return None;
    }
    let wanted = match default.as_deref() {
        Some("1" | "TRUE") => "0",
        _ => "1",
    };
    let declaration = match &default {
        _ if !boolean && !integer_flag => "written only with 0 and 1".to_string(),
        Some(d) => format!("{declared_type} DEFAULT {d}"),
        None => declared_type.clone(),
    };
    let evidence = if filters.is_empty() {
        format!("`{column}` is a flag column ({declaration})")
    } else {
        format!(
            "`{column}` is a flag column ({declaration}) that queries compare only with 0 and 1"
        )
    };
    Some((format!("{column} = {wanted}"), evidence))
}

/// ` WHERE <predicate>` inserted after the index's column list, where the
/// source spells `CREATE INDEX name ON table(columns)` out in one piece:
/// display-only, since a partial index serves only the queries that repeat
/// its WHERE, and a schema already shipped needs the index dropped and
/// created again. No fix where the predicate would need escaping in a
/// string (a quote, a backslash, an interpolation sign).
fn partial_index_fix(text: &str, name: &ByteRange, predicate: &str) -> Option<Fix> {
    if predicate.contains(['"', '\\', '$']) {
        return None;
    }
    let after_name = text.get(name.end..)?;
    let open = after_name.find('(')?;
    let on_table = after_name[..open].trim();
    let table = on_table
        .strip_prefix("ON ")
        .or_else(|| on_table.strip_prefix("on "))?
        .trim();
    let plain =
        |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '`' | '"' | '[' | ']' | '.');
    if table.is_empty() || !table.chars().all(plain) {
        return None;
    }
    let columns_start = name.end + open + 1;
    let close = columns_start + matching(&text[columns_start..], ')')?;
    let rest = text[close + 1..].trim_start_matches([' ', '\t']);
    if !rest.starts_with([';', '"', '\n', '\r']) && !rest.is_empty() {
        return None;
    }
    Some(Fix {
        title: "make the index partial (queries must repeat its WHERE to use it)".to_string(),
        edits: vec![Edit {
            range: close + 1..close + 1,
            content: format!(" WHERE {predicate}"),
        }],
        applicability: Applicability::DisplayOnly,
    })
}
