-- Issue 42, item 4: search at one million posts. GIN gives a word's posts as one bitmap, with
-- no order: a frequent word (`狼`, in 290,000 of a million posts) made a bitmap of them all to show
-- 20, or, walked newest first instead, read every newer post without it (10,000 sign-up posts:
-- 9 ms a search, p99 100–200 ms at 16 connections). Now each gram is stored with its post's
-- bucket, the post's id divided by 8,192 (`169:狼`), so the index answers for a span of
-- buckets, and the search (`db::queries::search::pg_search`) asks bucket by bucket, newest
-- first, and stops at its page's end: a bucket without the word costs one index lookup.
--
-- Words of three characters and more are asked the same way, by their pairs (the body checked
-- after), so the trigram index no search reads any more is dropped.
DROP INDEX IF EXISTS posts_body_trgm;
DROP FUNCTION maku_search_word_query(text);
DROP FUNCTION maku_search_grams_vector(text);

-- A post's lexemes: its grams (`maku_search_grams`), each as `<bucket>:<gram>`. The bucket
-- comes first, digits up to the first `:`, so no gram (`:` and digits included) can make
-- another bucket's lexeme. A tsvector holds at most 1 MB, past which `array_to_tsvector`
-- loses lexemes silently: the grams come from the first 20,000 characters, which is all of
-- every post a form or the API admits (at most 40,000 grams, under 0.8 MB).
CREATE FUNCTION maku_search_grams_vector(id bigint, body text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
    SELECT array_to_tsvector(ARRAY(SELECT (id >> 13)::text || ':' || g
                                   FROM unnest(maku_search_grams(left(body, 20000))) AS g))
$$;

CREATE OR REPLACE FUNCTION maku_posts_grams() RETURNS trigger
    LANGUAGE plpgsql
AS $$
BEGIN
    NEW.grams := CASE
        WHEN NEW.kind IN ('user', 'judge') AND NEW.searchable AND NEW.hidden_at IS NULL
        THEN maku_search_grams_vector(NEW.id, NEW.body)
    END;
    RETURN NEW;
END
$$;

-- The grams a search asks the index for, lower-cased: every word of one or two characters
-- gives its one gram (exact: a post has it when its body holds the word, so the search reads
-- no body for it), and longer words their pairs, up to four in all (the first, then the last
-- and two between, of each word in turn: a superset, the search reads the body after).
CREATE FUNCTION maku_search_asked_grams(words text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
    SELECT ARRAY(
        SELECT d.g
        FROM (SELECT DISTINCT ON (x.g) x.g, x.exact, x.j, u.k
              FROM unnest(words) WITH ORDINALITY AS u(w, k),
                   LATERAL (SELECT lower(u.w) AS l) AS l,
                   LATERAL (SELECT l.l, TRUE, 0 WHERE char_length(l.l) <= 2
                            UNION ALL
                            SELECT substr(l.l, 1 + ((char_length(l.l) - 2) * j) / 3, 2), FALSE, j
                            FROM generate_series(0, 3) AS j
                            WHERE char_length(l.l) > 2) AS x(g, exact, j)
              ORDER BY x.g, x.exact DESC, x.j, u.k) AS d
        ORDER BY d.exact DESC, d.j, d.k
        LIMIT greatest(4, (SELECT count(*) FROM unnest(words) AS w
                           WHERE char_length(lower(w)) <= 2)))
$$;

-- One tsquery a bucket, newest bucket first, from the bucket of post `newest` down to 0: the
-- asked grams of `words` in that bucket, AND-ed. Each lexeme is quoted (`'` and `\` doubled)
-- and read by tsquery's input function, which neither parses nor normalises it. The search
-- reads the buckets in this array's order and stops at its page's end: PARALLEL UNSAFE so
-- that no plan that calls it runs in parallel workers, whose rows would come in any order.
CREATE FUNCTION maku_search_bucket_queries(words text[], newest bigint) RETURNS tsquery[]
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL UNSAFE
AS $$
DECLARE
    quoted text[] := ARRAY(SELECT replace(replace(g, '\', '\\'), '''', '''''')
                           FROM unnest(maku_search_asked_grams(words)) AS g);
BEGIN
    RETURN ARRAY(SELECT (SELECT string_agg('''' || b || ':' || q || '''', ' & ')
                         FROM unnest(quoted) AS q)::tsquery
                 FROM generate_series(newest >> 13, 0, -1) AS b);
END
$$;

-- The column is made anew and filled for the posts the index must hold (the trigger's rule;
-- it does not fire for a `grams`-only update), then the index is built once over them. Made
-- anew, the column is NULL in the rows' old versions, which this transaction leaves behind
-- until a vacuum: the partial index leaves them out (refilled in place, it held every post
-- twice, old grams and new: 612 MB, not 390, at one million posts).
ALTER TABLE posts DROP COLUMN grams;
ALTER TABLE posts ADD COLUMN grams tsvector;
-- No plan reads the column's statistics now (each bucket's tsquery is computed as the search
-- runs), and with millions of distinct lexemes they made every ANALYZE sample 300,000 rows.
ALTER TABLE posts ALTER COLUMN grams SET STATISTICS 0;
UPDATE posts SET grams = maku_search_grams_vector(id, body)
    WHERE kind IN ('user', 'judge') AND searchable AND hidden_at IS NULL;
CREATE INDEX posts_grams ON posts USING gin (grams) WHERE grams IS NOT NULL;
ANALYZE posts;
