-- Schema setup for the photo library, before the first CREATE TABLE.

PRAGMA auto_vacuum = INCREMENTAL; -- ~ auto-vacuum-full
pragma auto_vacuum = incremental; -- ~ auto-vacuum-full
PRAGMA main.auto_vacuum(2); -- ~ auto-vacuum-full
PRAGMA auto_vacuum = 'INCREMENTAL'; -- ~ auto-vacuum-full

-- Switching an existing database: the VACUUM that applies the mode is fine,
-- the mode it applies is not.
PRAGMA auto_vacuum = 2; -- ~ auto-vacuum-full
VACUUM;

CREATE TABLE photo (id INTEGER PRIMARY KEY, path TEXT NOT NULL);
