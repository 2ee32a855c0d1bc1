//! A journal whose Apple build relies on std's sync, which is F_FULLFSYNC there.

use std::fs::File;
use std::io::{self, Write};

#[cfg(target_os = "macos")]
pub fn seal_segment(segment: &mut File, bytes: &[u8]) -> io::Result<()> {
    segment.write_all(bytes)?;
    segment.sync_all() // ~ full-fsync
}

#[cfg(any(target_os = "macos", target_os = "ios"))]
mod darwin {
    use std::fs::File;
    use std::io;

    pub fn settle(header: &File) -> io::Result<()> {
        header.sync_data() // ~ full-fsync
    }
}

#[cfg(target_vendor = "apple")]
impl Journal {
    fn checkpoint(&self) -> io::Result<()> {
        self.index.sync_all() // ~ full-fsync
    }
}

pub struct Journal {
    index: File,
}

impl Journal {
    #[cfg(all(target_os = "ios", feature = "durable"))]
    pub fn flush_index(&self) -> io::Result<()> {
        self.index.sync_all() // ~ full-fsync
    }

    pub fn close(self) -> io::Result<()> {
        #[cfg(target_os = "macos")]
        {
            self.index.sync_all()?; // ~ full-fsync
        }
        #[cfg(target_os = "ios")]
        self.index.sync_data()?; // ~ full-fsync
        Ok(())
    }
}

/// Each file gets its own sync: fsync-in-loop stays quiet, as for any
/// per-file sync, but each one is still a full flush here.
#[cfg(target_os = "macos")]
pub fn seal_all(segments: &[File]) -> io::Result<()> {
    for segment in segments {
        segment.sync_all()?; // ~ full-fsync
    }
    Ok(())
}
