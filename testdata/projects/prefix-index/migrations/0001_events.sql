-- Event log of the analytics agent.

CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    payload TEXT
);

CREATE INDEX idx_a ON events(kind);
CREATE INDEX idx_a_b ON events(kind, created_at);
