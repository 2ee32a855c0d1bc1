-- storlint-ignore autoincrement -- ticket numbers are shown to customers and must never be reused
CREATE TABLE ticket (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL
);

/* storlint-ignore autoincrement */
CREATE TABLE invoice (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    total INTEGER NOT NULL
);
