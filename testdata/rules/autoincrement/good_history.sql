-- Migrations concatenated in the order they run.
CREATE TABLE job (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);

-- Rebuilt without AUTOINCREMENT: the old definition is history.
CREATE TABLE _new_job (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
INSERT INTO _new_job (id, name) SELECT id, name FROM job;
DROP TABLE job;
ALTER TABLE _new_job RENAME TO job;

-- Dropped for good.
CREATE TABLE legacy_log (id INTEGER PRIMARY KEY AUTOINCREMENT, line TEXT);
DROP TABLE IF EXISTS legacy_log;
