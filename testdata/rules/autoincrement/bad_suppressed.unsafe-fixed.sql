-- storlint-ignore autoincrement
CREATE TABLE ticket (id INTEGER PRIMARY KEY AUTOINCREMENT);
CREATE TABLE note (
    id INTEGER PRIMARY KEY, -- ~ autoincrement
    body TEXT
);

-- storlint-ignore Autoincrement -- ~ storlint
CREATE TABLE tag (
    id INTEGER PRIMARY KEY, -- ~ autoincrement
    name TEXT
);
