//! Journal writers whose per-record flush is a durability requirement.

use std::fs::File;
use std::io::{self, Write};

pub fn write_ledger(file: &mut File, entries: &[Vec<u8>]) -> io::Result<()> {
    for entry in entries {
        file.write_all(entry)?;
        // storlint-ignore fsync-in-loop -- every ledger entry must be durable before it is acknowledged
        file
            .sync_data()
            .map_err(|e| io::Error::new(e.kind(), format!("ledger flush: {e}")))?;
    }
    Ok(())
}
