CREATE TABLE mail (
    id INTEGER PRIMARY KEY,
    flagged INTEGER,
    trashed INTEGER,
    folder TEXT,
    sender TEXT,
    sync_state INTEGER,
    kind INTEGER,
    parent_id INTEGER REFERENCES mail(id) ON DELETE CASCADE,
    thread_id INTEGER,
    muted INTEGER,
    FOREIGN KEY (thread_id) REFERENCES thread(id)
);
ALTER TABLE mail ADD COLUMN importance INTEGER NOT NULL DEFAULT 2;
CREATE TABLE attachment (id INTEGER PRIMARY KEY, mail_id INTEGER, name TEXT);

-- Both truth values are looked up.
CREATE INDEX mail_flagged ON mail (flagged);
SELECT id FROM mail WHERE flagged;
SELECT id FROM mail WHERE NOT flagged;

-- The OR arms test different values.
CREATE INDEX mail_trashed ON mail (trashed);
SELECT id FROM mail WHERE (trashed = 0 AND folder = ?) OR (trashed = 1 AND sender = ?);

-- Different states skipped.
CREATE INDEX mail_sync_state ON mail (sync_state);
SELECT id FROM mail WHERE sync_state != 2;
SELECT id FROM mail WHERE sync_state != 3;

-- Added with a default that is no flag value.
CREATE INDEX mail_importance ON mail (importance);
SELECT id FROM mail WHERE importance = 1;
SELECT id FROM mail WHERE importance = 0;

-- An IN list looks up several values through the index.
CREATE INDEX mail_kind ON mail (kind);
SELECT id FROM mail WHERE kind = 1;
SELECT id FROM mail WHERE kind IN (1, 2, 5);

-- A correlated subquery looks up every mail's attachments through the index.
CREATE INDEX attachment_mail ON attachment (mail_id);
DELETE FROM attachment WHERE mail_id = 0;
SELECT id FROM mail WHERE EXISTS (SELECT 1 FROM attachment WHERE attachment.mail_id = mail.id);

-- Foreign key child columns: deleting a parent looks up every value.
CREATE INDEX mail_parent ON mail (parent_id);
CREATE INDEX mail_thread ON mail (thread_id);
SELECT id FROM mail WHERE parent_id IS NULL;
SELECT id FROM mail WHERE thread_id IS NULL;

-- Written with a bound value too: no telling it is a flag.
CREATE INDEX mail_muted ON mail (muted);
UPDATE mail SET muted = 1 WHERE id = ?;
UPDATE mail SET muted = ? WHERE id = ?;
SELECT id FROM mail WHERE muted = 0;
SELECT id FROM mail WHERE muted = 1;
