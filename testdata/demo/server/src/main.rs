//! Trailmark sync server: receives journal entries and photos from the apps.

mod backup;
mod blobs;
mod store;

use std::path::PathBuf;

fn main() -> anyhow::Result<()> {
    let data_dir = PathBuf::from(std::env::var("TRAILMARK_DATA").unwrap_or_else(|_| "data".into()));
    std::fs::create_dir_all(&data_dir)?;

    let store = store::Store::open(&data_dir.join("trailmark.db"))?;
    let blobs = blobs::BlobStore::new(data_dir.join("blobs"))?;

    if std::env::args().any(|a| a == "--backup") {
        backup::snapshot(store.connection(), &data_dir.join("backups"))?;
        return Ok(());
    }

    println!(
        "serving {} accounts, {} blobs",
        store.account_count()?,
        blobs.count()?
    );
    Ok(())
}
