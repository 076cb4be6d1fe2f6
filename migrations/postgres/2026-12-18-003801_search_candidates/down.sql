DROP INDEX IF EXISTS posts_body_trgm;
ALTER TABLE posts DROP COLUMN searchable;
CREATE INDEX posts_body_trgm ON posts USING gin (body gin_trgm_ops)
    WHERE kind IN ('user', 'judge');
