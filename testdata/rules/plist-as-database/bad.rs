use std::collections::BTreeMap;
use std::fs::{self, File};
use std::path::Path;

use serde::Serialize;

#[derive(Serialize, Default)]
pub struct State {
    pub seen: BTreeMap<String, u32>,
}

pub fn record_all(path: &Path, ids: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let mut state = State::default();
    for id in ids {
        *state.seen.entry(id.clone()).or_default() += 1;
        fs::write(path, serde_json::to_vec(&state)?)?; // ~ plist-as-database
    }
    ids.iter().try_for_each(|id| -> Result<(), Box<dyn std::error::Error>> {
        state.seen.remove(id);
        let bytes = bincode::serialize(&state)?;
        std::fs::write(path, &bytes)?; // ~ plist-as-database
        Ok(())
    })?;
    Ok(())
}

pub fn drain(path: &Path, queue: &mut Vec<String>) -> Result<(), Box<dyn std::error::Error>> {
    let mut state = State::default();
    while let Some(id) = queue.pop() {
        state.seen.insert(id, 1);
        serde_json::to_writer(File::create(path)?, &state)?; // ~ plist-as-database
        fs::write(path.with_extension("toml"), toml::to_string(&state).unwrap())?; // ~ plist-as-database
    }
    Ok(())
}
