-- Local store of the mail client: schema and the queries the app runs.

CREATE TABLE message (
    id INTEGER PRIMARY KEY,
    folder_id INTEGER NOT NULL,
    subject TEXT,
    archived INTEGER NOT NULL DEFAULT 0,
    pinned INTEGER NOT NULL DEFAULT 0,
    is_starred BOOLEAN NOT NULL DEFAULT FALSE,
    deleted_at INTEGER,
    sync_state TEXT NOT NULL
);

-- Every query below asks for unarchived messages only.
CREATE INDEX idx_message_archived ON message (archived); -- ~ non-partial-index

-- Only the outbox looks at this column, always for the same state.
CREATE INDEX idx_message_sync_state -- ~ non-partial-index
    ON message (sync_state, folder_id);

-- Tombstones are purged; the app only lists rows that are not deleted.
CREATE INDEX IF NOT EXISTS idx_message_live ON message (deleted_at); -- ~ non-partial-index

-- A flag: declared BOOLEAN, no query needs every row of it.
CREATE INDEX idx_message_starred ON message (is_starred); -- ~ non-partial-index

-- An INTEGER flag defaulting to 0, compared only with 0 and 1.
create index idx_message_pinned on message (pinned, id); -- ~ non-partial-index

SELECT id, subject FROM message WHERE archived = 0;
SELECT count(*) FROM message AS m WHERE m.archived = 0 AND m.folder_id = 7;
UPDATE message SET subject = trim(subject) WHERE archived = 0;

SELECT id FROM message WHERE sync_state = 'pending' AND folder_id = 2;
DELETE FROM message WHERE sync_state = 'pending' AND subject IS NULL;

SELECT id, subject FROM message WHERE deleted_at IS NULL AND folder_id = 3;
UPDATE message SET folder_id = 1 WHERE deleted_at IS NULL AND folder_id = 9;

SELECT id FROM message WHERE pinned = 1;
SELECT count(*) FROM message WHERE pinned = 0;
