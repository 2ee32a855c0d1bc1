-- Schema v1 of the journal database.

CREATE TABLE trip (
    id INTEGER PRIMARY KEY, -- ~ autoincrement
    title TEXT NOT NULL,
    started_at INTEGER NOT NULL
);

create table entry (
    id integer primary key, -- ~ autoincrement
    trip_id INTEGER NOT NULL REFERENCES trip (id) ON DELETE CASCADE,
    body TEXT
);

CREATE TABLE IF NOT EXISTS "photo" ("id" INTEGER PRIMARY KEY, "entry_id" INTEGER, "path" TEXT); -- ~ autoincrement

CREATE TABLE main.tag (
    id INTEGER NOT NULL
        PRIMARY KEY, -- ~ autoincrement
    name TEXT NOT NULL UNIQUE
);

CREATE TEMP TABLE import_line (id INTEGER PRIMARY KEY, raw TEXT); -- ~ autoincrement
