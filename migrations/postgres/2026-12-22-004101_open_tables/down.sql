DROP INDEX games_rehost_of;
ALTER TABLE games DROP COLUMN rehost_of;
DROP INDEX deadlines_early;
ALTER TABLE deadlines DROP COLUMN early_at;
