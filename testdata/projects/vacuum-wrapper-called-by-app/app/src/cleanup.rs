use store::Store;

/// Runs after every deleted message: a full VACUUM each time.
pub fn on_message_deleted(store: &Store, id: i64) -> rusqlite::Result<()> {
    store.delete_message(id)?;
    store.run_vacuum()
}
