-- Connection setup for the bulk import tool.

PRAGMA journal_mode = WAL; -- ~ journal-mode-not-wal
PRAGMA journal_mode=wal; -- ~ journal-mode-not-wal
PRAGMA main.journal_mode = 'WAL'; -- ~ journal-mode-not-wal
pragma journal_mode(wal); -- ~ journal-mode-not-wal
PRAGMA archive.journal_mode("WAL"); -- ~ journal-mode-not-wal

PRAGMA cache_size = -20000; PRAGMA journal_mode = WAL; -- ~ journal-mode-not-wal
PRAGMA journal_mode = -- the value is on the next line
    WAL; -- ~ journal-mode-not-wal
