mod import;

use std::path::PathBuf;

fn main() -> rusqlite::Result<()> {
    let mut args = std::env::args().skip(1);
    let db = PathBuf::from(args.next().unwrap_or_else(|| "notes.db".into()));
    let csv = PathBuf::from(args.next().unwrap_or_else(|| "notes.csv".into()));
    import::CsvImporter { db_path: db, csv_path: csv }.run()
}
