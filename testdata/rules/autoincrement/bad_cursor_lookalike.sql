-- Looked up by id and listed by id, but never read past a kept position:
-- a plain rowid serves both.
CREATE TABLE drafts (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- ~ autoincrement
    body TEXT NOT NULL
);

SELECT body FROM drafts WHERE id = :id;
SELECT id, body FROM drafts ORDER BY id DESC;
-- A range on another column, ordered by the key, is no cursor on the key.
SELECT id FROM drafts WHERE length(body) > 10 ORDER BY id;
