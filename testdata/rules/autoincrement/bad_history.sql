-- Migrations concatenated in the order they run.
CREATE TABLE job (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);

-- Rebuilt with the same key: one finding, at the definition that stands.
CREATE TABLE _new_job (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, state INTEGER NOT NULL DEFAULT 0); -- ~ autoincrement
INSERT INTO _new_job (id, name) SELECT id, name FROM job;
DROP TABLE job;
ALTER TABLE _new_job RENAME TO job;

-- Defined twice (a fresh install and an upgrade path): the latest counts.
CREATE TABLE IF NOT EXISTS run (id INTEGER PRIMARY KEY AUTOINCREMENT, job_id INTEGER);
CREATE TABLE IF NOT EXISTS run (id INTEGER PRIMARY KEY AUTOINCREMENT, job_id INTEGER, started INTEGER); -- ~ autoincrement
