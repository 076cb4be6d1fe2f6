-- The notices that keep every instance's kept sessions fresh are PostgreSQL's (triggers in the
-- PostgreSQL migration of this name); this migration keeps the two histories in step.
SELECT 1;
