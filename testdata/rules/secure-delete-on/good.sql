-- Privacy settings for the messages database: deleted text is still zeroed,
-- without extra writes when it shares a page already being written.

PRAGMA secure_delete = FAST;
pragma main.secure_delete(fast);

-- The attachments are re-downloadable: no zeroing needed.
ATTACH DATABASE 'attachments.db' AS attachments;
PRAGMA attachments.secure_delete = OFF;
PRAGMA secure_delete = 0;

-- Reading the setting is a query.
PRAGMA secure_delete;

-- An older version set PRAGMA secure_delete = ON here.
INSERT INTO setting (key, value) VALUES ('secure_delete', 'ON');
