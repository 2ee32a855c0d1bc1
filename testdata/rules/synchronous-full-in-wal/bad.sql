-- Connection setup for the offline tile cache.

PRAGMA journal_mode = WAL;

PRAGMA synchronous = FULL; -- ~ synchronous-full-in-wal
pragma synchronous = full; -- ~ synchronous-full-in-wal
PRAGMA main.synchronous(EXTRA); -- ~ synchronous-full-in-wal
PRAGMA synchronous = 2; -- ~ synchronous-full-in-wal
PRAGMA synchronous = '3'; -- ~ synchronous-full-in-wal
PRAGMA cache_size = -8000; PRAGMA synchronous = Full; -- ~ synchronous-full-in-wal
