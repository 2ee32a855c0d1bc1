package notes

class TagCache(dao: NoteDao) : CachedLookup(dao)
