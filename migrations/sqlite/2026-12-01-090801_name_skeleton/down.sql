DROP INDEX users_name_skeleton;
ALTER TABLE users DROP COLUMN name_skeleton;
