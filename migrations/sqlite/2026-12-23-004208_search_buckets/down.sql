-- PostgreSQL's gram index is cut into buckets of post ids (the PostgreSQL migration of this
-- name); SQLite's FTS5 lists are read newest first already. This migration keeps the two
-- histories in step.
SELECT 1;
