-- The app resets the sequence after a purge: the keyword is load-bearing,
-- so dropping it is offered only as a suggestion.
CREATE TABLE event (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- ~ autoincrement
    kind TEXT NOT NULL
);

DELETE FROM sqlite_sequence WHERE name = 'event';
