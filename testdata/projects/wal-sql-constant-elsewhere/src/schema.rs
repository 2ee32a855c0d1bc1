//! SQL shared by every connection of the server.

/// Connection settings, applied right after each open.
pub const PRAGMAS: &str = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;";

pub const CREATE_TABLES: &str = "
    CREATE TABLE IF NOT EXISTS trail (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS point (trail_id INTEGER NOT NULL REFERENCES trail(id), seq INTEGER NOT NULL, lat REAL, lon REAL);
";
