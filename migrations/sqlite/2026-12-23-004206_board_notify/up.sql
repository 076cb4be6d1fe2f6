-- The notices that keep every instance's kept board lists fresh are PostgreSQL's (a trigger in
-- the PostgreSQL migration of this name); this migration keeps the two histories in step.
SELECT 1;
