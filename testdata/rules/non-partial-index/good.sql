-- Local store of the mail client: indexes that already fit their queries.

CREATE TABLE message (
    id INTEGER PRIMARY KEY,
    folder_id INTEGER NOT NULL,
    thread_id INTEGER NOT NULL,
    subject TEXT,
    archived INTEGER NOT NULL DEFAULT 0,
    received_at INTEGER NOT NULL,
    sync_state TEXT NOT NULL,
    priority INTEGER NOT NULL DEFAULT 0,
    label TEXT,
    remote_id TEXT,
    snoozed_until INTEGER,
    sender TEXT
);

-- Already partial.
CREATE INDEX idx_message_inbox ON message (folder_id) WHERE archived = 0;

-- Looked up with a bound parameter: every value can be asked for.
CREATE INDEX idx_message_thread ON message (thread_id);

-- Range scans and ordering need every row.
CREATE INDEX idx_message_received ON message (received_at);

-- Different constants in different queries.
CREATE INDEX idx_message_sync_state ON message (sync_state);

-- Leading column looked up with a parameter; the constant second column is not enough.
CREATE INDEX idx_message_priority ON message (priority, archived);

-- Only tested under OR.
CREATE INDEX idx_message_label ON message (label);

-- UNIQUE: it enforces something, whatever the queries look for.
CREATE UNIQUE INDEX idx_message_remote ON message (remote_id);

-- An IN list and a != test.
CREATE INDEX idx_message_snoozed ON message (snoozed_until);

-- Expression as the leading column.
CREATE INDEX idx_message_sender ON message (lower(sender));

SELECT id FROM message WHERE folder_id = 4 AND archived = 0;
SELECT id, subject FROM message WHERE thread_id = ?;
SELECT id FROM message WHERE thread_id = :thread;
SELECT id FROM message WHERE received_at > ?1 ORDER BY received_at DESC;
SELECT id FROM message WHERE received_at BETWEEN 100 AND 200;
SELECT id FROM message WHERE sync_state = 'pending';
UPDATE message SET sync_state = 'done' WHERE sync_state = 'sending';
SELECT id FROM message WHERE priority = ? AND archived = 0;
SELECT id FROM message WHERE label = 'work' OR subject = 'hello';
SELECT id FROM message WHERE remote_id = 'draft';
SELECT id FROM message WHERE snoozed_until IN (0, 1);
SELECT id FROM message WHERE snoozed_until != 0;
SELECT id FROM message WHERE lower(sender) = 'alice@example.com';
