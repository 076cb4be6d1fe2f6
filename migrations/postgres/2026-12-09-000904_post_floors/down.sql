DROP INDEX posts_thread_floor;
ALTER TABLE posts DROP COLUMN floor;
