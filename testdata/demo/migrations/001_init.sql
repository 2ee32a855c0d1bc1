-- Trailmark schema, version 1. Shared by the server and the apps.

PRAGMA journal_mode = WAL;
PRAGMA auto_vacuum = INCREMENTAL;

CREATE TABLE account (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);

CREATE TABLE hike (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account (id),
    uuid TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    started_at INTEGER NOT NULL
);

CREATE TABLE photo (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hike_id INTEGER NOT NULL REFERENCES hike (id) ON DELETE CASCADE,
    digest TEXT NOT NULL,
    taken_at INTEGER
);

CREATE INDEX photo_unsynced ON photo (hike_id) WHERE taken_at IS NULL;
