-- Connection setup for the offline tile cache.

PRAGMA journal_mode = WAL;

PRAGMA synchronous = NORMAL; -- ~ synchronous-full-in-wal
pragma synchronous = normal; -- ~ synchronous-full-in-wal
PRAGMA main.synchronous(NORMAL); -- ~ synchronous-full-in-wal
PRAGMA synchronous = 1; -- ~ synchronous-full-in-wal
PRAGMA synchronous = '1'; -- ~ synchronous-full-in-wal
PRAGMA cache_size = -8000; PRAGMA synchronous = NORMAL; -- ~ synchronous-full-in-wal
