-- Connection setup for the bulk import tool.

PRAGMA journal_mode = DELETE; -- ~ journal-mode-not-wal
PRAGMA journal_mode=truncate; -- ~ journal-mode-not-wal
PRAGMA main.journal_mode = 'PERSIST'; -- ~ journal-mode-not-wal
pragma journal_mode(memory); -- ~ journal-mode-not-wal
PRAGMA archive.journal_mode("OFF"); -- ~ journal-mode-not-wal

PRAGMA cache_size = -20000; PRAGMA journal_mode = Delete; -- ~ journal-mode-not-wal
PRAGMA journal_mode = -- the value is on the next line
    TRUNCATE; -- ~ journal-mode-not-wal
