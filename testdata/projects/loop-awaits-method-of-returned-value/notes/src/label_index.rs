use crate::db::Db;

pub struct LabelIndex {
    db: Db,
}

impl LabelIndex {
    pub fn open() -> LabelIndex {
        LabelIndex { db: Db::open() }
    }

    pub async fn find(&self, name: &str) -> Option<String> {
        let found = self.db.tag(name);
        found
    }
}
