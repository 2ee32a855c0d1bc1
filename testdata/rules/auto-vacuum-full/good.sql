-- Schema setup for the photo library, before the first CREATE TABLE.

PRAGMA auto_vacuum = INCREMENTAL;
pragma main.auto_vacuum(2);

-- Thumbnails are rebuilt from scratch; their file never shrinks.
ATTACH DATABASE 'thumbnails.db' AS thumbs;
PRAGMA thumbs.auto_vacuum = NONE;
PRAGMA temp.auto_vacuum = 0;

-- Switching an existing database to incremental takes one VACUUM.
PRAGMA auto_vacuum = INCREMENTAL;
VACUUM;

CREATE TABLE photo (id INTEGER PRIMARY KEY, path TEXT NOT NULL);

-- Give back at most 100 free pages when it suits the app.
PRAGMA incremental_vacuum(100);

-- Reading the mode is a query, not a setting.
PRAGMA auto_vacuum;

-- An older version used PRAGMA auto_vacuum = FULL.
INSERT INTO setting (key, value) VALUES ('auto_vacuum', 'FULL');
