CREATE TABLE mail (
    id INTEGER PRIMARY KEY,
    starred INTEGER,
    deleted INTEGER,
    folder TEXT,
    sender TEXT,
    sync_state INTEGER,
    kind INTEGER,
    reply_to INTEGER,
    archived INTEGER
);
ALTER TABLE mail ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;

-- A bare truthiness test.
CREATE INDEX mail_starred ON mail (starred); -- ~ non-partial-index
SELECT id FROM mail WHERE starred;
SELECT count(*) FROM mail WHERE starred AND folder = ?;

-- Both arms of the OR test the same constant.
CREATE INDEX mail_deleted ON mail (deleted); -- ~ non-partial-index
SELECT id FROM mail WHERE (deleted = 0 AND folder = ?) OR (deleted = 0 AND sender = ?);
UPDATE mail SET folder = ? WHERE deleted = 0 AND folder = ?;

-- Every query skips the same state.
CREATE INDEX mail_sync_state ON mail (sync_state); -- ~ non-partial-index
SELECT id FROM mail WHERE sync_state != 2;
SELECT id, folder FROM mail WHERE sync_state <> 2 AND folder = ?;

-- A flag column added by a later migration.
CREATE INDEX mail_pinned ON mail (pinned); -- ~ non-partial-index
SELECT id FROM mail WHERE pinned = 1;
UPDATE mail SET pinned = 1 WHERE pinned = 0 AND folder = ?;

-- One constant, and no list of others.
CREATE INDEX mail_kind ON mail (kind); -- ~ non-partial-index
SELECT id FROM mail WHERE kind = 1;

-- A plain column, no foreign key behind it.
CREATE INDEX mail_reply_to ON mail (reply_to); -- ~ non-partial-index
SELECT id FROM mail WHERE reply_to IS NULL;

-- Written only with 0 and 1: a flag, whatever its declaration.
CREATE INDEX mail_archived ON mail (archived); -- ~ non-partial-index
UPDATE mail SET archived = 1 WHERE id = ?;
UPDATE mail SET archived = 0 WHERE id = ?;
INSERT INTO mail (id, archived) VALUES (?, 0);
SELECT id FROM mail WHERE archived = 0 AND folder = ?;
SELECT count(*) FROM mail WHERE archived = 1;

-- Without the correlated subquery, only one value is ever looked up.
CREATE TABLE part (id INTEGER PRIMARY KEY, mail_ref INTEGER, body BLOB);
CREATE INDEX part_mail ON part (mail_ref); -- ~ non-partial-index
DELETE FROM part WHERE mail_ref = 0;
