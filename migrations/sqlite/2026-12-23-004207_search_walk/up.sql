-- The newest-first walk of PostgreSQL's search gets an index of its own (the PostgreSQL
-- migration of this name); SQLite's search reads FTS5's lists, newest first, already. This
-- migration keeps the two histories in step.
SELECT 1;
