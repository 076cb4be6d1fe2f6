-- The notices that keep every instance's kept games fresh are PostgreSQL's (triggers in the
-- PostgreSQL migration of this name). SQLite serves one instance, which moves its own counts
-- (db::epoch); this migration keeps the two histories in step.
SELECT 1;
