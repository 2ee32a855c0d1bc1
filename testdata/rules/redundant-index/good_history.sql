-- Migrations concatenated in the order they run.
CREATE TABLE note (id INTEGER PRIMARY KEY, folder_id INTEGER, owner_id INTEGER, title TEXT, created INTEGER);

-- The same index created again by a later migration is one index.
CREATE INDEX IF NOT EXISTS note_folder ON note (folder_id);
CREATE INDEX IF NOT EXISTS note_folder ON note (folder_id);

-- A narrower index dropped once a wider one took over.
CREATE INDEX note_created ON note (created);
CREATE INDEX note_created_title ON note (created, title);
DROP INDEX note_created;

-- Redefined: only the latest definition exists.
CREATE INDEX note_owner ON note (owner_id);
CREATE INDEX note_owner_title ON note (owner_id, title);
DROP INDEX IF EXISTS note_owner;
CREATE INDEX note_owner ON note (owner_id, created);

-- A table rebuilt: the old table's indexes are dropped with it.
CREATE TABLE tag (id INTEGER PRIMARY KEY, note_id INTEGER, name TEXT);
CREATE INDEX tag_note ON tag (note_id);
CREATE TABLE _new_tag (id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL, name TEXT);
INSERT INTO _new_tag (id, note_id, name) SELECT id, note_id, name FROM tag;
DROP TABLE tag;
ALTER TABLE _new_tag RENAME TO tag;
CREATE INDEX index_tag_note_id ON tag (note_id);

-- A table renamed away and dropped takes its index along.
CREATE TABLE attachment (id INTEGER PRIMARY KEY, note_id INTEGER, path TEXT);
CREATE INDEX attachment_note ON attachment (note_id);
ALTER TABLE attachment RENAME TO attachment_old;
CREATE TABLE attachment (id INTEGER PRIMARY KEY, note_id INTEGER, path TEXT);
DROP TABLE attachment_old;
CREATE INDEX attachment_note_path ON attachment (note_id, path);

-- Index names are global per database: the second statement reuses the
-- name of the index on `visit`, so IF NOT EXISTS makes it do nothing and
-- no index on `bookmark` is created to duplicate its unique key.
CREATE TABLE visit (id INTEGER PRIMARY KEY, guid TEXT NOT NULL);
CREATE UNIQUE INDEX guid_unique ON visit (guid);
CREATE TABLE bookmark (id INTEGER PRIMARY KEY, guid TEXT NOT NULL UNIQUE);
CREATE UNIQUE INDEX IF NOT EXISTS guid_unique ON bookmark (guid);
