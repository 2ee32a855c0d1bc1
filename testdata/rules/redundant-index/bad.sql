-- Schema of the podcast app, grown over several migrations.

CREATE TABLE episode (
    id INTEGER PRIMARY KEY,
    feed_id INTEGER NOT NULL,
    published_at INTEGER NOT NULL,
    guid TEXT NOT NULL,
    title TEXT,
    UNIQUE (feed_id, guid)
);

CREATE TABLE play_position (
    episode_id INTEGER NOT NULL,
    device TEXT NOT NULL,
    seconds INTEGER NOT NULL,
    PRIMARY KEY (episode_id, device)
);

CREATE TABLE subscriber (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE
);

-- Migration 2 added the long index; the short one was never dropped.
CREATE INDEX idx_episode_feed ON episode (feed_id); -- ~ redundant-index
CREATE INDEX idx_episode_feed_published ON episode (feed_id, published_at DESC);

-- The same index twice, under two names: the second one is flagged.
CREATE INDEX idx_episode_published ON episode (published_at);
CREATE INDEX IF NOT EXISTS episode_by_date ON episode (published_at); -- ~ redundant-index

-- The PRIMARY KEY already starts with episode_id.
CREATE INDEX idx_position_episode -- ~ redundant-index
    ON play_position (episode_id);

-- The column's UNIQUE constraint already built this index.
CREATE UNIQUE INDEX idx_subscriber_email ON subscriber (email); -- ~ redundant-index

-- Two identical UNIQUE indexes.
CREATE UNIQUE INDEX ux_episode_guid ON episode (guid);
CREATE UNIQUE INDEX ux_episode_guid_again ON Episode (GUID); -- ~ redundant-index

-- Same predicate on both partial indexes, and a prefix.
CREATE INDEX idx_episode_untitled ON episode (feed_id) WHERE title IS NULL; -- ~ redundant-index
CREATE INDEX idx_episode_untitled_by_date ON episode (feed_id, published_at) WHERE title IS NULL;
