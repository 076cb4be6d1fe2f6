-- The extension stays: other indexes of the database may use it.
DROP INDEX IF EXISTS posts_body_trgm;
