mod db;

use db::{CatalogDao, CatalogDb};
use rusqlite::Result;

pub struct Catalog {
    db: CatalogDb,
}

impl Catalog {
    pub fn add_titles(&self, titles: Vec<String>) -> Result<()> {
        self.db.in_write(|dao| dao.save_titles(&titles))
    }

    pub fn add_authors(&self, authors: Vec<String>) -> Result<()> {
        self.db.in_write(|dao| self.with_downloaded(dao, |dao, names| dao.save_authors(names)))?;
        self.db.unbatched(|dao| dao.save_authors(&authors))
    }

    fn with_downloaded(
        &self,
        dao: &mut CatalogDao,
        handle: impl FnOnce(&mut CatalogDao<'_>, &[String]) -> Result<()>,
    ) -> Result<()> {
        let names = vec![String::from("a")];
        handle(dao, &names)
    }
}
