/// The schema, written once and run statement by statement at startup.
let noteSchema = """
CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, folder TEXT, created INTEGER);
CREATE INDEX IF NOT EXISTS notes_folder ON notes (folder);
CREATE INDEX IF NOT EXISTS notes_folder_created ON notes (folder, created);
"""
