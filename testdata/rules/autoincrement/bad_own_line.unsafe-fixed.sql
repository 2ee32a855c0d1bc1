-- The keyword alone on its line goes with the line break before it; after
-- a comment, the break stays so the comma is not swallowed by it.
CREATE TABLE visit (
    id INTEGER NOT NULL
        PRIMARY KEY, -- ~ autoincrement
    url TEXT NOT NULL
);

CREATE TABLE bookmark (
    id INTEGER PRIMARY KEY -- the row id
        , -- ~ autoincrement
    url TEXT NOT NULL
);
