-- Privacy settings for the messages database.

PRAGMA secure_delete = ON; -- ~ secure-delete-on
pragma secure_delete = on; -- ~ secure-delete-on
PRAGMA secure_delete(1); -- ~ secure-delete-on
PRAGMA main.secure_delete = TRUE; -- ~ secure-delete-on
ATTACH DATABASE 'attachments.db' AS attachments;
PRAGMA attachments.secure_delete = 'true'; -- ~ secure-delete-on
PRAGMA cache_size = -4000; PRAGMA secure_delete = 1; -- ~ secure-delete-on
