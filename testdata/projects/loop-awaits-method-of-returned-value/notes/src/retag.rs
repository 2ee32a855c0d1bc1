use crate::db::Db;
use crate::labels::{labels, mirror};

pub struct Note {
    pub id: i64,
    pub tag_name: String,
}

// Each iteration waits on `find`, declared for the type `labels()` returns,
// in files that name no storage API; `find` reads the database, so the loop
// waits on storage, and one transaction around it would cost nothing.
pub async fn retag_all(db: &Db, notes: &[Note]) {
    for note in notes {
        let tag = labels().find(&note.tag_name).await;
        db.set_tag(note.id, tag);
    }
}

// Each iteration waits on a request: a transaction around the loop would
// stay open across the network.
pub async fn refresh_all(db: &Db, notes: &[Note]) {
    for note in notes {
        let body = mirror().pull(note.id).await;
        db.set_tag(note.id, body);
    }
}
