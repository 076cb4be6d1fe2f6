-- Issue 9: no two account names may look alike. The UTS #39 confusable key of each name is
-- stored and unique, so two concurrent sign-ups of look-alike names cannot both succeed.
-- Existing rows are filled in by the server at start (the key needs Unicode tables SQL lacks);
-- NULLs do not collide in a unique index.
ALTER TABLE users ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX users_name_skeleton ON users(name_skeleton);
