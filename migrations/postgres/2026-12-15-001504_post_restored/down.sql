ALTER TABLE posts DROP COLUMN restored_at;
