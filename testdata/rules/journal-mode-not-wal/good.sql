-- Connection setup that stays in WAL mode.

PRAGMA journal_mode = WAL;
pragma main.journal_mode('wal');
PRAGMA synchronous = NORMAL;

-- Reading the current mode is a query, not a setting.
PRAGMA journal_mode;
PRAGMA main.journal_mode;

-- An older version used PRAGMA journal_mode = DELETE; WAL replaced it.
-- DELETE below is a statement, and 'DELETE' a string: neither is a journal mode.
DELETE FROM session WHERE expires_at < strftime('%s', 'now');
INSERT INTO setting (key, value) VALUES ('journal_mode', 'DELETE');
