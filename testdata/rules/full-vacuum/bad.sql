-- Nightly maintenance script for the trail cache.

DELETE FROM tile WHERE fetched_at < strftime('%s', 'now', '-30 days');
VACUUM; -- ~ full-vacuum

DELETE FROM track WHERE deleted = 1;
vacuum; -- ~ full-vacuum

VACUUM main; -- ~ full-vacuum

-- A statement split over two lines: the finding is on the keyword's line.
Vacuum -- ~ full-vacuum
    temp;

PRAGMA optimize; VACUUM; -- ~ full-vacuum
