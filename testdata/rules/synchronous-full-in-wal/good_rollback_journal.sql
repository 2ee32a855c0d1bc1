-- Setup for the export copy, which keeps SQLite's default rollback journal:
-- FULL is the default there and the right level without WAL.

PRAGMA synchronous = FULL;
PRAGMA foreign_keys = ON;
