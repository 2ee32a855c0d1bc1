-- Migrations concatenated in the order they run.
CREATE TABLE note (id INTEGER PRIMARY KEY, folder_id INTEGER, owner_id INTEGER, title TEXT, created INTEGER);

-- Created again under a new name, the old one never dropped.
CREATE INDEX note_folder ON note (folder_id);
CREATE INDEX IF NOT EXISTS index_note_folder_id ON note (folder_id); -- ~ redundant-index

-- The DROP names another index: note_created stays.
CREATE INDEX note_created ON note (created); -- ~ redundant-index
CREATE INDEX note_created_title ON note (created, title);
DROP INDEX IF EXISTS note_title;

-- The latest definition is the narrow one.
CREATE INDEX note_owner ON note (owner_id, created);
DROP INDEX note_owner;
CREATE INDEX note_owner ON note (owner_id); -- ~ redundant-index
CREATE INDEX note_owner_title ON note (owner_id, title);

-- A renamed table keeps its indexes.
CREATE TABLE tag (id INTEGER PRIMARY KEY, note_id INTEGER, name TEXT);
CREATE INDEX tag_note_name ON tag (note_id, name);
ALTER TABLE tag RENAME TO label;
CREATE INDEX index_label_note_id ON label (note_id); -- ~ redundant-index

-- Without IF NOT EXISTS an index of a name dropped earlier is created anew.
CREATE TABLE visit (id INTEGER PRIMARY KEY, guid TEXT NOT NULL);
CREATE UNIQUE INDEX visit_guid ON visit (guid);
DROP INDEX visit_guid;
CREATE TABLE bookmark (id INTEGER PRIMARY KEY, guid TEXT NOT NULL UNIQUE);
CREATE UNIQUE INDEX IF NOT EXISTS visit_guid ON bookmark (guid); -- ~ redundant-index
