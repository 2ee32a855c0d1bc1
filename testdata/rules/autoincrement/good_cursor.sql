-- The outbox is read as a sync cursor: the last id sent is kept, and the
-- next batch is everything after it. Without AUTOINCREMENT, deleting the
-- newest row lets SQLite reuse its id, and the cursor would skip the row
-- that gets it.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payload TEXT NOT NULL
);

SELECT id, payload FROM outbox WHERE id > :last_sent ORDER BY id LIMIT 100;
