-- Maintenance without a full VACUUM.

-- One-time switch to incremental auto-vacuum; the VACUUM directly after the
-- pragma is the documented way to make the new mode take effect.
PRAGMA auto_vacuum = INCREMENTAL;
VACUUM;

DELETE FROM tile WHERE fetched_at < strftime('%s', 'now', '-30 days');

-- Give back at most 128 free pages.
PRAGMA incremental_vacuum(128);

-- VACUUM INTO writes a compacted copy for backups.
VACUUM INTO 'backup/trail-cache.db';
VACUUM main INTO 'backup/trail-cache-main.db';

-- A string that mentions VACUUM is data, not a statement.
INSERT INTO maintenance_log (note) VALUES ('VACUUM skipped: incremental mode');
