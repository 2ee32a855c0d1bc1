-- Schema v2 of the journal database: rowid aliases, no AUTOINCREMENT.

-- INTEGER PRIMARY KEY alone already assigns a unique rowid on insert.
CREATE TABLE trip (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    started_at INTEGER NOT NULL
);

CREATE TABLE entry (
    id INTEGER PRIMARY KEY,
    trip_id INTEGER NOT NULL REFERENCES trip (id) ON DELETE CASCADE,
    body TEXT
);

-- A text key: no rowid alias needed.
CREATE TABLE setting (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The word in a string value is data, not a column definition.
INSERT INTO setting (key, value) VALUES ('schema_note', 'AUTOINCREMENT removed in v2');
