//! Where a connection setting (WAL, or any explicit journal mode) reaches:
//! the functions that make it, their callers through resolved calls (the
//! connection is handed back to them), and the types those belong to.

use std::collections::VecDeque;

use foldhash::HashSet;

use super::graph::CallGraph;
use super::sql::BorrowedSql;
use super::{FunctionRef, Place, ProjectFile};
use crate::lang::sql::{SqlFact, SqlFactKind};

pub struct Reach {
    /// Functions that make the setting themselves or call (transitively) one that does.
    functions: HashSet<FunctionRef>,
    /// Types with a function that reaches the setting, or the setting made at type level.
    types: HashSet<String>,
    /// Made somewhere no connection can be told apart (a `.sql` file,
    /// top-level code): it counts for every connection.
    everywhere: bool,
}

impl Reach {
    /// Where the setting that `sets` recognises in SQL (and `Op::WalEnable`,
    /// which enables WAL without SQL) reaches.
    pub fn new(
        files: &[ProjectFile],
        graph: &CallGraph,
        borrowed: &[BorrowedSql],
        sets: fn(&SqlFact) -> bool,
    ) -> Reach {
        let mut direct: Vec<FunctionRef> = Vec::new();
        let mut everywhere = false;
        let mut mark =
            |file: usize, place: &Place, direct: &mut Vec<FunctionRef>| match place.function {
                Some(function) => direct.push((file, function)),
                None if place.owner.is_none() => everywhere = true,
                // Type-level WAL (a property initializer) counts for the type's own methods.
                None => {}
            };
        for (f, file) in files.iter().enumerate() {
            for place in &file.summary.wal_enables {
                mark(f, place, &mut direct);
            }
            for sql in &file.summary.sql {
                if sets(&sql.fact) {
                    mark(f, &sql.place, &mut direct);
                }
            }
        }
        for borrowed in borrowed {
            if sets(&borrowed.fact) {
                mark(borrowed.executed_in, &borrowed.place, &mut direct);
            }
        }
        // Callers of a function that reaches the setting reach it too.
        let mut reached: HashSet<FunctionRef> = direct.iter().copied().collect();
        let mut queue: VecDeque<FunctionRef> = direct.into();
        while let Some(function) = queue.pop_front() {
            for &(f, c) in graph.sites_of(function) {
                if let Some(caller) = files[f].summary.calls[c].caller {
                    if reached.insert((f, caller)) {
                        queue.push_back((f, caller));
                    }
                }
            }
        }
        let types = reached
            .iter()
            .filter_map(|&(f, i)| files[f].summary.functions[i].owner.clone())
            .chain(files.iter().flat_map(|file| {
                file.summary
                    .wal_enables
                    .iter()
                    .filter_map(|p| p.owner.clone())
            }))
            .collect();
        Reach {
            functions: reached,
            types,
            everywhere,
        }
    }

    /// Whether the setting is made anywhere in the project.
    pub fn is_set_anywhere(&self) -> bool {
        self.everywhere || !self.functions.is_empty() || !self.types.is_empty()
    }

    /// Whether the connection used at `place` in `file` gets the setting:
    /// made in its function or anything it calls, by a caller of its
    /// function, in a function of its type, or everywhere.
    pub fn reaches(
        &self,
        graph: &CallGraph,
        files: &[ProjectFile],
        file: usize,
        place: &Place,
    ) -> bool {
        if self.everywhere {
            return true;
        }
        if let Some(function) = place.function {
            if self.functions.contains(&(file, function)) {
                return true;
            }
            let called_by_setup = graph.sites_of((file, function)).iter().any(|&(f, c)| {
                files[f].summary.calls[c]
                    .caller
                    .is_some_and(|caller| self.functions.contains(&(f, caller)))
            });
            if called_by_setup {
                return true;
            }
        }
        place
            .owner
            .as_deref()
            .is_some_and(|owner| self.types.contains(owner))
    }
}

/// A fact that switches the journal to WAL.
pub fn sets_wal(fact: &SqlFact) -> bool {
    match &fact.kind {
        SqlFactKind::Pragma(pragma) => {
            pragma.name == "journal_mode"
                && pragma
                    .value
                    .as_ref()
                    .is_some_and(|v| v.text.eq_ignore_ascii_case("wal"))
        }
        _ => false,
    }
}

/// A fact that chooses a journal mode explicitly, whatever the mode.
pub fn sets_journal_mode(fact: &SqlFact) -> bool {
    match &fact.kind {
        SqlFactKind::Pragma(pragma) => {
            pragma.name == "journal_mode" && pragma.value.as_ref().is_some_and(|v| !v.is_hole)
        }
        _ => false,
    }
}
