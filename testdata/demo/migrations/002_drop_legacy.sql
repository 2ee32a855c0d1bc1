-- Version 2: the legacy waypoint table was replaced by the apps' track points.

DROP TABLE IF EXISTS legacy_waypoint;
DELETE FROM photo WHERE digest = '';

-- Reclaim the space of the dropped table.
VACUUM;

-- Keep a compacted copy of the pre-migration state for support.
VACUUM INTO 'backups/pre-002.db';
