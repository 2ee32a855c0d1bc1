//! An append-only log that is made durable after every entry.

use std::fs::File;
use std::io::{self, Write};

pub struct Log {
    file: File,
}

impl Log {
    pub fn new(file: File) -> Log {
        Log { file }
    }

    /// Appends one entry and waits until it is on the drive.
    pub fn append(&mut self, entry: &str) -> io::Result<()> {
        writeln!(self.file, "{entry}")?;
        self.file.sync_data()
    }
}
