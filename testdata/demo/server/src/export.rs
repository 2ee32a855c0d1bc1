//! GPX export of a hiker's tracks, zipped for download.

use std::fs::{self, File};
use std::io::Write;
use std::path::Path;

use rusqlite::Connection;

pub struct TrackExport {
    pub id: i64,
    pub gpx: String,
}

/// Writes each track to a scratch file, appends it to the archive, and
/// removes the scratch file again.
pub fn zip_tracks(tracks: &[TrackExport], scratch_dir: &Path, archive: &mut Vec<u8>) -> std::io::Result<()> {
    for track in tracks {
        let scratch = scratch_dir.join("track.gpx");
        let mut file = File::create(&scratch)?;
        file.write_all(track.gpx.as_bytes())?;
        archive.extend(fs::read(&scratch)?);
        fs::remove_file(&scratch)?;
    }
    Ok(())
}

/// The number of tracks a hiker recorded.
pub fn track_count(db_path: &Path, hiker: i64) -> rusqlite::Result<i64> {
    let conn = Connection::open(db_path)?;
    conn.query_row("SELECT count(*) FROM track WHERE hiker = ?1", [hiker], |row| row.get(0))
}

/// The hiker's badge: shown on the profile and in the leaderboard.
pub fn badge(db_path: &Path, hiker: i64) -> rusqlite::Result<&'static str> {
    Ok(if track_count(db_path, hiker)? > 100 { "summit" } else { "trail" })
}

pub fn leaderboard_line(db_path: &Path, hiker: i64) -> rusqlite::Result<String> {
    Ok(format!("{hiker}: {} tracks", track_count(db_path, hiker)?))
}
