-- Connection setup for the offline tile cache: WAL with NORMAL.

PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
pragma main.synchronous(1);

-- Reading the level is a query, not a setting.
PRAGMA synchronous;

-- An older version used PRAGMA synchronous = FULL here.
INSERT INTO setting (key, value) VALUES ('synchronous', 'FULL');
