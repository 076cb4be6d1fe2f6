ALTER TABLE boards DROP COLUMN listed_threads;
