-- Schema of the podcast app: every index answers lookups no other one can.

CREATE TABLE episode (
    id INTEGER PRIMARY KEY,
    feed_id INTEGER NOT NULL,
    published_at INTEGER NOT NULL,
    guid TEXT NOT NULL,
    title TEXT
);

CREATE TABLE download (
    episode_id INTEGER PRIMARY KEY,
    feed_id INTEGER NOT NULL,
    path TEXT NOT NULL
);

CREATE TABLE play_position (
    episode_id INTEGER NOT NULL,
    device TEXT NOT NULL,
    seconds INTEGER NOT NULL,
    PRIMARY KEY (episode_id, device)
);

CREATE TABLE listen_event (
    id INTEGER PRIMARY KEY,
    episode_id INTEGER NOT NULL,
    device TEXT NOT NULL,
    listened_at INTEGER NOT NULL
);

-- (feed_id, published_at) cannot answer a lookup by published_at alone.
CREATE INDEX idx_episode_feed_published ON episode (feed_id, published_at);
CREATE INDEX idx_episode_published ON episode (published_at);

-- Same column, different tables.
CREATE INDEX idx_download_feed ON download (feed_id);

-- The columns of play_position's PRIMARY KEY, but on another table.
CREATE INDEX idx_listen_episode_device ON listen_event (episode_id, device);

-- A UNIQUE index enforces something the longer index does not.
CREATE UNIQUE INDEX ux_episode_guid ON episode (guid);
CREATE INDEX idx_episode_guid_title ON episode (guid, title);

-- Not a prefix of the PRIMARY KEY (episode_id, device).
CREATE INDEX idx_position_device ON play_position (device);

-- Different rows: a partial index is not served by a full one.
CREATE INDEX idx_episode_untitled ON episode (feed_id) WHERE title IS NULL;

-- Expressions are not compared.
CREATE INDEX idx_episode_title_nocase ON episode (lower(title));
CREATE INDEX idx_episode_title_len ON episode (lower(title), length(title));

-- A case-insensitive index serves lookups that (tag, created_at) in the
-- default BINARY collation cannot: not redundant.
CREATE TABLE labels (tag TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX idx_labels_tag_nocase ON labels (tag COLLATE NOCASE);
CREATE INDEX idx_labels_tag_created ON labels (tag, created_at);
