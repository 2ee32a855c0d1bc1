-- Privacy settings for the messages database.

PRAGMA secure_delete = FAST; -- ~ secure-delete-on
pragma secure_delete = fast; -- ~ secure-delete-on
PRAGMA secure_delete(FAST); -- ~ secure-delete-on
PRAGMA main.secure_delete = FAST; -- ~ secure-delete-on
ATTACH DATABASE 'attachments.db' AS attachments;
PRAGMA attachments.secure_delete = 'fast'; -- ~ secure-delete-on
PRAGMA cache_size = -4000; PRAGMA secure_delete = FAST; -- ~ secure-delete-on
