-- Issue 29, item 1: full-text search (docs/search.md). A trigram index (pg_trgm, a trusted
-- extension shipped with PostgreSQL's contrib) over the bodies of text posts, for the search's
-- `ILIKE '%term%'`: substring matching, so Chinese, which has no spaces between words, is
-- found as typed. Only `user` and `judge` posts: act posts and notices are JSON. The search
-- query repeats the index's predicate so the planner may use it. Who may read a hit is decided
-- by the search query, not here.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX posts_body_trgm ON posts USING gin (body gin_trgm_ops)
    WHERE kind IN ('user', 'judge');
