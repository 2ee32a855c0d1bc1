use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::Write;
use std::path::Path;

use serde::Serialize;

#[derive(Serialize, Default)]
pub struct State {
    pub seen: BTreeMap<String, u32>,
}

#[derive(Serialize)]
pub struct Note {
    pub id: u64,
    pub text: String,
}

// Fine: one write after building the data.
pub fn record_all(path: &Path, ids: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let mut state = State::default();
    for id in ids {
        *state.seen.entry(id.clone()).or_default() += 1;
    }
    fs::write(path, serde_json::to_vec(&state)?)?;
    Ok(())
}

// Fine: a different file per iteration.
pub fn export(dir: &Path, notes: &[Note]) -> Result<(), Box<dyn std::error::Error>> {
    for note in notes {
        fs::write(dir.join(format!("{}.json", note.id)), serde_json::to_vec(note)?)?;
        let name = format!("{}.ron", note.id);
        let target = dir.join(&name);
        fs::write(&target, ron::to_string(note)?)?;
    }
    notes.iter().try_for_each(|n| fs::write(dir.join(n.id.to_string()), serde_json::to_string(n)?))?;
    Ok(())
}

// Fine: serialized into memory, not into a file.
pub fn encode_all(notes: &[Note]) -> Result<Vec<u8>, serde_json::Error> {
    let mut buffer = Vec::new();
    for note in notes {
        serde_json::to_writer(&mut buffer, note)?;
    }
    Ok(buffer)
}

// Fine: raw chunks appended to a log, not a document rewritten whole.
pub fn append_chunks(log: &mut File, chunks: &[Vec<u8>]) -> std::io::Result<()> {
    for chunk in chunks {
        log.write_all(chunk)?;
    }
    Ok(())
}
