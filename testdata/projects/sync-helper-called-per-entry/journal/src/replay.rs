use std::io;

use crate::log::Log;

pub fn record_all(log: &mut Log, entries: &[String]) -> io::Result<()> {
    for entry in entries {
        log.append(entry)?;
    }
    Ok(())
}
